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
