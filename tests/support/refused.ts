/** A configuration refused as an operator should see it: the right error, naming the variable. */
import { expect } from 'vitest';

export function expectRefused(load: () => unknown, error: abstract new (...args: never[]) => Error, name: string): void {
  expect(load).toThrow(error);
  expect(load).toThrow(name);
}
