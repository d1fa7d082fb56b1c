/**
 * Document numbers (docs/taxes.md "Invoices and credit notes"): `INV-2026-000123`, gap-free per
 * series and year. The number is taken inside the transaction that issues the document: the
 * counter row's update lock queues parallel issuers until that transaction ends, and a rollback
 * gives the number back with everything else, so no number is given twice and none is skipped.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documentCounters } from './schema.ts';

/** Six digits keep numbers sortable as text up to 999,999 documents a year and series. */
const SEQ_DIGITS = 6;

export function documentNumber(series: string, year: number, seq: number): string {
  if (!/^[A-Z]{1,6}$/.test(series)) throw new RangeError(`a series is 1-6 capital letters, not ${series}`);
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`a sequence number starts at 1, not ${seq}`);
  return `${series}-${year}-${String(seq).padStart(SEQ_DIGITS, '0')}`;
}

/** A number as a download address names it (`INV-2026-000123`), or null when it is not one. */
export function parseDocumentNumber(text: string): { series: string; year: number; seq: number } | null {
  const match = /^([A-Z]{1,6})-(\d{4})-(\d{6,9})$/.exec(text);
  if (!match) return null;
  return { series: match[1]!, year: Number(match[2]), seq: Number(match[3]) };
}

/** The year a document issued at `at` is numbered in: the issue date's, in UTC. */
export function numberingYear(at: Date): number {
  return at.getUTCFullYear();
}

/** Takes the next number of a series and year, inside the issuing transaction. */
export async function takeNumberTx(tx: Tx, series: string, year: number): Promise<{ seq: number; number: string }> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.series, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  const seq = row!.last;
  return { seq, number: documentNumber(series, year, seq) };
}
