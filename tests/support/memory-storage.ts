/**
 * A Web Storage stand-in for unit tests in Node (which has no localStorage). Entries are own
 * properties, as in browsers, because @nanostores/persistent reads and writes them that way.
 * Importing this module installs it as `globalThis.localStorage`; import it before any module
 * that captures storage at load time (the persistent atoms do).
 */
export class MemoryStorage {
  get length(): number {
    return Object.keys(this).length;
  }
  key(index: number): string | null {
    return Object.keys(this)[index] ?? null;
  }
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? String((this as Record<string, unknown>)[key]) : null;
  }
  setItem(key: string, value: string): void {
    (this as Record<string, unknown>)[key] = String(value);
  }
  removeItem(key: string): void {
    delete (this as Record<string, unknown>)[key];
  }
  clear(): void {
    for (const key of Object.keys(this)) delete (this as Record<string, unknown>)[key];
  }
}

export const memoryStorage = new MemoryStorage();
(globalThis as { localStorage?: unknown }).localStorage = memoryStorage;
