/**
 * Order numbers ("JS-7KQ4M-2XPHD"), without zod: made by the server, typed by shoppers. Browser code
 * imports them from here: orders.ts builds request schemas from other schemas at module level
 * (`orderTokenSchema.optional()`), calls a bundler must keep, so a value imported from it would bring
 * zod into the page. orders.ts re-exports all of this.
 */

/**
 * 31 characters that cannot be misread or misheard for one another: no 0/O, 1/I/L. Ten of them
 * give about 49.5 random bits: unguessable, and still short to read out on the phone.
 */
export const ORDER_NO_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ORDER_NO_LENGTH = 10;
export const ORDER_NO_PREFIX = 'JS';
/** "JS-7KQ4M-2XPHD" */
export const ORDER_NO_PATTERN = new RegExp(`^${ORDER_NO_PREFIX}-[${ORDER_NO_ALPHABET}]{5}-[${ORDER_NO_ALPHABET}]{5}$`);

/**
 * Makes an order number from random bytes (the caller supplies them: the domain has no
 * randomness of its own). Bytes at or above 248 are skipped so every character is equally likely;
 * null when the bytes ran out first (ask again with more).
 */
export function orderNoFromBytes(bytes: Uint8Array): string | null {
  const limit = 256 - (256 % ORDER_NO_ALPHABET.length);
  let chars = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    chars += ORDER_NO_ALPHABET[byte % ORDER_NO_ALPHABET.length];
    if (chars.length === ORDER_NO_LENGTH) return `${ORDER_NO_PREFIX}-${chars.slice(0, 5)}-${chars.slice(5)}`;
  }
  return null;
}

/** What a shopper types ("js 7kq4m 2xphd", "JS7KQ4M2XPHD") in the canonical form, or null. */
export function normaliseOrderNo(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  const body = compact.startsWith(ORDER_NO_PREFIX) ? compact.slice(ORDER_NO_PREFIX.length) : compact;
  if (body.length !== ORDER_NO_LENGTH || [...body].some((c) => !ORDER_NO_ALPHABET.includes(c))) return null;
  return `${ORDER_NO_PREFIX}-${body.slice(0, 5)}-${body.slice(5)}`;
}
