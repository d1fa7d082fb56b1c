/** The modal logout notices (spec section 8: 7777, 7778). */
import { memoryStorage } from './helpers/memory-storage.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { $logoutNotices, confirmLogoutNotice, showLogoutNotice } from '../../src/stores/logout-dialog.ts';
import { $session, setSession } from '../../src/stores/session.ts';

beforeEach(() => {
  memoryStorage.clear();
  $logoutNotices.set([]);
});

describe('logout notices', () => {
  it('never holds the same message twice while it is shown', () => {
    expect(showLogoutNotice('Signed in elsewhere')).toBe(true);
    expect(showLogoutNotice('Signed in elsewhere')).toBe(false);
    expect(showLogoutNotice('')).toBe(true);
    expect(showLogoutNotice('')).toBe(false);
    expect($logoutNotices.get().map((n) => n.message)).toEqual(['Signed in elsewhere', '']);
  });

  it('resets the session when one is confirmed, and ignores unknown ids', () => {
    setSession({ token: 't', refreshToken: 'r' });
    showLogoutNotice('Bye');
    confirmLogoutNotice(-1);
    expect($session.get()).not.toBeNull();
    confirmLogoutNotice($logoutNotices.get()[0]!.id);
    expect($session.get()).toBeNull();
    expect($logoutNotices.get()).toEqual([]);
    expect(showLogoutNotice('Bye')).toBe(true);
  });
});
