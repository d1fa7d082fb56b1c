/**
 * A customer's erasure finds their email and names in free text (staff notes, refund reasons, the
 * audit log's values) and replaces them there (docs/accounts-and-security.md "Erasure"). Words
 * are matched whole and in any case, so "Ann" does not eat "Annual" nor "a@b.example" the end of
 * "xa@b.example"; names written without spaces (Chinese, Japanese, Korean) are matched anywhere.
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './db/client.ts';

/** What is known of a person to erase: every email and name they were written under. */
export interface PersonalTraces {
  emails: readonly string[];
  /** Whole names ("Ada Lovelace") and single ones; the shortest kept is two characters. */
  names: readonly string[];
}

/** What their email reads as afterwards: the account's pseudonym, the same in every row. */
export function erasedPseudonym(userId: number): string {
  return `erased-user-${userId}`;
}

/** What their name (and an order's other personal fields) reads as afterwards. */
export const ERASED_NAME = 'erased';

const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const byLength = (a: string, b: string) => b.length - a.length;

/** The names worth looking for: each whole name and each of its words, two characters or more. */
export function nameVariants(names: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const name of names) {
    const whole = (name ?? '').trim().replace(/\s+/g, ' ');
    if (whole.length >= 2) found.add(whole.toLowerCase());
    for (const word of whole.split(' ')) if (word.length >= 2) found.add(word.toLowerCase());
  }
  return [...found].sort(byLength);
}

/** Who is being erased, as the modules' erasure functions are handed it. */
export interface ErasureSubject {
  userId: number;
  /** erasedPseudonym(userId). */
  pseudonym: string;
  /** Every email they were known by, lower case. */
  emails: readonly string[];
  scrub: Scrubber;
}

/**
 * A table staff write a free text about an order in, with who wrote it (order notes, refunds):
 * its columns, by the names the table's object gives them.
 */
export interface StaffTexts<T extends PgTable> {
  table: T;
  id: keyof T['_']['columns'] & keyof T;
  orderId: keyof T['_']['columns'] & keyof T;
  text: keyof T['_']['columns'] & keyof T;
  authorId: keyof T['_']['columns'] & keyof T;
  authorEmail: keyof T['_']['columns'] & keyof T;
}

/**
 * An erasure's pass over such a table: the rows the person wrote (by id, or by an email they had)
 * and those about their orders keep their text without the person's email (or, on their orders,
 * names); the rows they wrote keep their record under the pseudonym.
 */
export async function scrubStaffTexts<T extends PgTable>(tx: Tx, t: StaffTexts<T>, orderIds: readonly number[], who: ErasureSubject): Promise<void> {
  const column = (name: keyof T) => t.table[name] as unknown as PgColumn;
  const rows = (await tx
    .select({ id: column(t.id), orderId: column(t.orderId), text: column(t.text), authorId: column(t.authorId), authorEmail: column(t.authorEmail) })
    .from(t.table as PgTable)
    .where(or(eq(column(t.authorId), who.userId), inArray(sql`lower(${column(t.authorEmail)})`, [...who.emails]), orderIds.length ? inArray(column(t.orderId), [...orderIds]) : undefined))
    .for('update')) as { id: number; orderId: number; text: string; authorId: number | null; authorEmail: string }[];
  for (const row of rows) {
    const theirs = row.authorId === who.userId || who.emails.includes(row.authorEmail.toLowerCase());
    const text = who.scrub.text(row.text, orderIds.includes(row.orderId));
    if (!theirs && text === row.text) continue;
    await tx
      .update(t.table as PgTable)
      .set({ [t.text]: text, ...(theirs ? { [t.authorId]: null, [t.authorEmail]: who.pseudonym } : {}) } as never)
      .where(eq(column(t.id), row.id));
  }
}

export interface Scrubber {
  /** The text with every email replaced by the pseudonym and, with `names`, every name by ERASED_NAME. */
  text(value: string, names?: boolean): string;
  /** The same inside a JSON value: its strings only, never its keys or shape. */
  json(value: unknown, names?: boolean): unknown;
  /** Whether the text holds one of the emails (or names). */
  mentions(value: string, names?: boolean): boolean;
}

export function scrubberFor(traces: PersonalTraces, pseudonym: string): Scrubber {
  const emails = [...new Set(traces.emails.map((email) => email.trim().toLowerCase()).filter(Boolean))].sort(byLength);
  const email = emails.length ? new RegExp(`(?<![\\p{L}\\p{N}._%+-])(?:${emails.map(escape).join('|')})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])`, 'giu') : null;
  const names = nameVariants(traces.names);
  const spaced = names.filter((name) => !unspaced.test(name));
  const joined = names.filter((name) => unspaced.test(name));
  const parts = [...(spaced.length ? [`(?<![\\p{L}\\p{N}])(?:${spaced.map(escape).join('|')})(?![\\p{L}\\p{N}])`] : []), ...(joined.length ? [`(?:${joined.map(escape).join('|')})`] : [])];
  const name = parts.length ? new RegExp(parts.join('|'), 'giu') : null;
  const text = (value: string, withNames = false) => {
    let out = email ? value.replace(email, pseudonym) : value;
    if (withNames && name) out = out.replace(name, ERASED_NAME);
    return out;
  };
  const json = (value: unknown, withNames = false): unknown => {
    if (typeof value === 'string') return text(value, withNames);
    if (Array.isArray(value)) return value.map((item) => json(item, withNames));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, json(item, withNames)]));
    return value;
  };
  const mentions = (value: string, withNames = false) => {
    const found = (pattern: RegExp | null) => {
      if (!pattern) return false;
      pattern.lastIndex = 0;
      return pattern.test(value);
    };
    return found(email) || (withNames && found(name));
  };
  return { text, json, mentions };
}
