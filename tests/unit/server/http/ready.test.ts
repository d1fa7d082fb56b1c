/**
 * Stores that make signed-in calls install the HTTP code handling themselves, by importing
 * `stores/http-ready.ts` (an island may call before the page shell's script runs), but only in a
 * browser: the build has no window. Each import starts from fresh modules, so nothing has
 * installed the hooks beforehand.
 */
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

it('installs nothing at build time', async () => {
  vi.resetModules();
  const hooks = await import('../../../../src/client/http-hooks.ts');
  await import('../../../../src/stores/http-ready.ts');
  expect(hooks.getHttpHooks().onError).toBeUndefined();
});

const SIGNED_IN_STORES = {
  account: () => import('../../../../src/stores/account.ts'),
  addresses: () => import('../../../../src/stores/addresses.ts'),
  cart: () => import('../../../../src/stores/cart.ts'),
  checkout: () => import('../../../../src/stores/checkout.ts'),
  orders: () => import('../../../../src/stores/orders.ts'),
  reviews: () => import('../../../../src/stores/reviews.ts'),
  wishlist: () => import('../../../../src/stores/wishlist.ts'),
};

it.each(Object.entries(SIGNED_IN_STORES))('stores/%s.ts installs the code handling in a browser', async (_name, load) => {
  vi.resetModules();
  vi.stubGlobal('window', {});
  const hooks = await import('../../../../src/client/http-hooks.ts');
  expect(hooks.getHttpHooks().onError).toBeUndefined();
  await load();
  expect(hooks.getHttpHooks().onError).toBeTypeOf('function');
});
