/**
 * Stores that make signed-in calls install the HTTP code handling themselves (an island may call
 * before the page shell's script runs), but only in a browser: the build has no window.
 * Its own file, so that nothing has installed the hooks beforehand.
 */
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

it('installs nothing at build time and the code handling in a browser', async () => {
  vi.resetModules();
  const atBuild = await import('../../src/client/http-hooks.ts');
  await import('../../src/stores/http-ready.ts');
  expect(atBuild.getHttpHooks().onError).toBeUndefined();

  vi.resetModules();
  vi.stubGlobal('window', {});
  const hooks = await import('../../src/client/http-hooks.ts');
  await import('../../src/stores/addresses.ts');
  expect(hooks.getHttpHooks().onError).toBeTypeOf('function');
});
