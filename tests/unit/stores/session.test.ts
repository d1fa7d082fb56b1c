/** The session store: the token pair in SOY_ storage, reset, roles, other tabs. */
import { memoryStorage } from '../../support/memory-storage.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPersistentEngine, type PersistentEvent, type PersistentListener } from '@nanostores/persistent';
import {
  $refreshToken,
  $session,
  $signedIn,
  $token,
  $userRoles,
  resetSession,
  setSession,
  setUserRoles,
  storedAccessToken,
  storedRefreshToken,
} from '../../../src/stores/session.ts';

// Storage events, as a browser delivers them from other tabs. Installed before any store mounts:
// a mounted persistent atom keeps the events engine it mounted with.
const listeners = new Set<PersistentListener>();
setPersistentEngine(memoryStorage as unknown as Record<string, string>, {
  addEventListener: (_key, listener) => void listeners.add(listener),
  removeEventListener: (_key, listener) => void listeners.delete(listener),
});

beforeEach(() => {
  resetSession();
  memoryStorage.clear();
});

describe('session', () => {
  it('keeps the pair as JSON under SOY_token and SOY_refreshToken', () => {
    setSession({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(memoryStorage.getItem('SOY_token')).toBe('"access-1"');
    expect(memoryStorage.getItem('SOY_refreshToken')).toBe('"refresh-1"');
    expect($session.get()).toEqual({ token: 'access-1', refreshToken: 'refresh-1' });
    expect($signedIn.get()).toBe(true);
    expect(storedAccessToken()).toBe('access-1');
    expect(storedRefreshToken()).toBe('refresh-1');
  });

  it('reset removes both keys and the roles', () => {
    setSession({ token: 'a', refreshToken: 'r' });
    setUserRoles(['R_USER']);
    resetSession();
    expect(memoryStorage.getItem('SOY_token')).toBeNull();
    expect(memoryStorage.getItem('SOY_refreshToken')).toBeNull();
    expect($session.get()).toBeNull();
    expect($signedIn.get()).toBe(false);
    expect($userRoles.get()).toBeNull();
  });

  it('reads a broken stored token as absent and removes it', () => {
    memoryStorage.setItem('SOY_token', 'not-json');
    expect(storedAccessToken()).toBeNull();
    expect(memoryStorage.getItem('SOY_token')).toBeNull();
  });

  it('follows a logout in another tab while something listens', () => {
    setSession({ token: 'a', refreshToken: 'r' });
    const seen: boolean[] = [];
    const stop = $signedIn.subscribe((signedIn) => seen.push(signedIn));
    try {
      // The other tab removes the keys.
      memoryStorage.removeItem('SOY_token');
      memoryStorage.removeItem('SOY_refreshToken');
      expect(listeners.size).toBeGreaterThan(0);
      // A removal arrives with newValue null (the library's type says string; browsers send null).
      for (const listener of listeners) listener({ key: 'SOY_token', newValue: null } as unknown as PersistentEvent);
      for (const listener of listeners) listener({ key: 'SOY_refreshToken', newValue: null } as unknown as PersistentEvent);
      expect($token.get()).toBeUndefined();
      expect($refreshToken.get()).toBeUndefined();
      expect(seen).toEqual([true, false]);
    } finally {
      stop();
    }
  });
});
