/** Text helpers of the banner (its tier phrases are i18n/promo-phrases.ts, shared with the back office). */

/**
 * Splits a translated sentence around a placeholder value, so markup (a price the header script
 * re-renders) can sit inside text whose word order each language decides.
 */
export function splitAround(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) return [text, ''];
  return [text.slice(0, at), text.slice(at + marker.length)];
}
