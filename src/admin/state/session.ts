/**
 * The signed-in staff member, as the app sees it: the shop's token pair (stores/session.ts) and
 * the user info read with it. Logout tells the server (so the refresh token dies too), then
 * resets the session like every other way out (docs/storefront.md "Page states").
 */
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { call } from '../../client/http.ts';
import { removeStored } from '../../client/storage.ts';
import { accountsApi } from '../../domain/api/accounts.ts';
import { $session, resetSession, setUserRoles, storedRefreshToken } from '../../stores/session.ts';
import { useUserInfo } from '../api.ts';
import { TABS_STORAGE_NAME } from './tabs.ts';

export function useAdminSession() {
  const session = useStore($session);
  const signedIn = session !== null;
  const userInfo = useUserInfo(signedIn);
  const user = signedIn ? userInfo.data : undefined;
  useEffect(() => {
    if (user) setUserRoles(user.roles);
  }, [user]);
  return { signedIn, user, loading: signedIn && userInfo.isPending, failed: signedIn && userInfo.isError };
}

/**
 * Whether the signed-in staff member's buttons hold a permission code: what a screen offers (the
 * server checks every call again).
 */
export function useMay(): (code: string) => boolean {
  const { user } = useAdminSession();
  return (code) => user?.buttons.includes(code) ?? false;
}

export function useLogout(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    const refreshToken = storedRefreshToken() ?? undefined;
    // Whatever the server says, this browser is signed out.
    await call(accountsApi.logout, refreshToken ? { refreshToken } : undefined, { silent: true, bare: true }).catch(() => undefined);
    resetSession();
    // The open tabs name orders and screens: a shared computer keeps none after a logout.
    removeStored(TABS_STORAGE_NAME);
    client.clear();
  }, [client]);
}
