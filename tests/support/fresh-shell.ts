/**
 * Before each test, a page as the shell leaves it: storage empty, signed out, no toasts, the
 * shell's HTTP code handling installed, and a fresh fake API. Call once at a test file's top level;
 * the answer gives the current test's fake API.
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { memoryStorage } from './memory-storage.ts';
import { installFakeApi, type FakeApi } from './fake-api.ts';
import { setHttpHooks } from '../../src/client/http.ts';
import { createHttpHooks } from '../../src/stores/http-handling.ts';
import { resetSession } from '../../src/stores/session.ts';
import { resetToastsForTests } from '../../src/stores/toasts.ts';

export function freshShellEachTest(): () => FakeApi {
  let api: FakeApi | null = null;
  beforeAll(() => {
    process.env['CATALOGUE_API_URL'] = 'http://api.test/api';
  });
  beforeEach(() => {
    memoryStorage.clear();
    resetSession();
    resetToastsForTests();
    setHttpHooks(createHttpHooks());
    api = installFakeApi();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return () => {
    if (!api) throw new Error('the fake API is installed before each test');
    return api;
  };
}
