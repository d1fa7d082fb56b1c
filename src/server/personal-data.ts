/**
 * A customer's erasure finds their email and names in free text (staff notes, refund reasons, the
 * audit log's values) and replaces them there (docs/accounts-and-security.md "Erasure"). Words
 * are matched whole and in any case, so "Ann" does not eat "Annual" nor "a@b.example" the end of
 * "xa@b.example"; names written without spaces (Chinese, Japanese, Korean) are matched anywhere.
 */
import { eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

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
 * The rows of a table staff write with a free text about an order (order notes, refunds) that an
 * erasure must look at: those the person wrote (by id, or by an email they had) and those about
 * their orders.
 */
export function staffRowsOf(who: ErasureSubject, author: { id: AnyColumn; email: AnyColumn }, orderId: AnyColumn, orderIds: readonly number[]): SQL | undefined {
  return or(eq(author.id, who.userId), inArray(sql`lower(${author.email})`, [...who.emails]), orderIds.length ? inArray(orderId, [...orderIds]) : undefined);
}

/** Whether the person being erased wrote a row: by their id, or by an email they had. */
export function wroteIt(who: ErasureSubject, authorId: number | null, authorEmail: string): boolean {
  return authorId === who.userId || who.emails.includes(authorEmail.toLowerCase());
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
