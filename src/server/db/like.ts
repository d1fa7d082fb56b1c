import { sql, type SQL } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';

/**
 * `like` patterns from what staff type: the wildcards `%` and `_` (and the escape `\`) in the text
 * match only themselves. One place for it, so no search lets a typed `%` scan a whole table.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Text starting with `text`: a prefix search, which a btree index in byte order can serve. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** Text containing `text` anywhere: small tables, or an expression with a trigram index (no btree serves it). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The trigram (GIN) index a `containsPattern` search reads. Its pending list (rows inserted but not
 * yet merged into the index) is kept at 64 kB, not PostgreSQL's 4 MB: a search must scan that list
 * whole, and the planner, counting it, chose a sequential scan of 50,000 accounts (55-78 ms, against
 * 0.2 ms through the merged index) after a burst of sign-ups (docs/performance.md "Global search").
 */
export function trigramIndex(name: string, expression: SQL) {
  return index(name).using('gin', sql`${expression} gin_trgm_ops`).with({ gin_pending_list_limit: 64 });
}
