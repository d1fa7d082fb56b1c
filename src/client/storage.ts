/**
 * Local storage under the `SOY_` prefix (docs/storefront.md "Constants"): values are JSON; a
 * missing value reads as null, and an unparseable or unacceptable one is removed and reads as null,
 * so a corrupt entry (an old format, a hand edit) never sticks around or breaks a page. Storage
 * that is disabled or full (private modes, quotas) behaves as empty; nothing here throws.
 *
 * Names are given without the prefix: `getStored('currency')` reads `SOY_currency`.
 */

export const STORAGE_PREFIX = 'SOY_';

/** Checks that a parsed value has the expected shape. */
export type Accept<T> = (value: unknown) => value is T;

const anything = (value: unknown): value is unknown => value !== undefined;

export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}${name}`;
}

/** The browser's local storage, or null where there is none (Node, storage disabled). */
function area(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on access when storage is blocked.
    return null;
  }
}

/**
 * Parses a stored string (as read, or as a storage event's `newValue`). Missing gives null;
 * unparseable or not accepted removes the key and gives null.
 */
export function decodeStored<T>(name: string, stored: string | null | undefined, accept: Accept<T>): T | null {
  if (stored == null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (accept(value)) return value;
  } catch {
    // fall through: remove it below
  }
  removeStored(name);
  return null;
}

/** The value stored under `SOY_<name>`, or null (see the file comment). */
export function getStored<T = unknown>(name: string, accept: Accept<T> = anything as Accept<T>): T | null {
  const storage = area();
  if (!storage) return null;
  let stored: string | null;
  try {
    stored = storage.getItem(storageKey(name));
  } catch {
    return null;
  }
  return decodeStored(name, stored, accept);
}

/** Stores `value` as JSON; undefined removes the key. Returns false when storage refused it. */
export function setStored(name: string, value: unknown): boolean {
  if (value === undefined) {
    removeStored(name);
    return true;
  }
  const storage = area();
  if (!storage) return false;
  try {
    storage.setItem(storageKey(name), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(name: string): void {
  try {
    area()?.removeItem(storageKey(name));
  } catch {
    // nothing to do: storage is unusable
  }
}

/**
 * Encoder and decoder for a `persistentAtom` kept under `SOY_<name>` with these rules. The atom
 * holds undefined when nothing usable is stored (it then shows its initial value), and setting
 * undefined removes the key.
 */
export function storedCodec<T>(name: string, accept: Accept<T>): {
  encode: (value: T | undefined) => string | undefined;
  decode: (stored: string) => T | undefined;
} {
  return {
    encode: (value) => (value === undefined ? undefined : JSON.stringify(value)),
    decode: (stored) => decodeStored(name, stored, accept) ?? undefined,
  };
}

export const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';
