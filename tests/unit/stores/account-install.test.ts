/**
 * The account calls do not depend on the page shell's script having run first: an island can
 * hydrate and call before it, and an expired token must still be refreshed and the call
 * retried. Its own file, so that nothing has installed the HTTP layer's hooks beforehand.
 */
import { memoryStorage } from '../../support/memory-storage.ts';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { envelope, installFakeApi } from '../../support/fake-api.ts';
import { getHttpHooks } from '../../../src/client/http-hooks.ts';
import { $session, setSession } from '../../../src/stores/session.ts';

beforeAll(() => {
  process.env['CATALOGUE_API_URL'] = 'http://api.test/api';
});
afterEach(() => vi.unstubAllGlobals());

it('installs the code handling itself, so a 9999 is refreshed once and the call retried', async () => {
  memoryStorage.clear();
  expect(getHttpHooks().onError).toBeUndefined();
  // In a browser (the store installs nothing at build time), loaded after the check above.
  vi.stubGlobal('window', {});
  const { loadProfile } = await import('../../../src/stores/account.ts');
  const api = installFakeApi();
  setSession({ token: 'old', refreshToken: 'r1' });
  const profile = { userId: 7, userName: 'Ada L', roles: ['R_CUSTOMER'], buttons: [], email: 'ada@example.com', firstName: 'Ada', lastName: 'L', gender: 'secrecy', birthday: null, subscribe: false, updateOrderEmail: false };
  api.route('/api/demo/ironUser/getUser', (request) => (request.headers.get('authorization') === 'Bearer t2' ? envelope('0000', profile) : envelope('9999')));
  api.route('/api/auth/refreshToken', () => envelope('0000', { token: 't2', refreshToken: 'r2' }));

  const result = await loadProfile();
  expect(result).toEqual({ ok: true, value: profile });
  expect(api.to('/api/auth/refreshToken')).toHaveLength(1);
  expect(api.to('/api/demo/ironUser/getUser')).toHaveLength(2);
  expect($session.get()).toEqual({ token: 't2', refreshToken: 'r2' });
});
