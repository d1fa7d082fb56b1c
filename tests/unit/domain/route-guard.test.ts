/** The route guard (domain/route-guard.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SUPER_ROLE,
  guardRedirectUrl,
  guardRoute,
  parsePageAccess,
  routeAccessAttributes,
  safeRedirectPath,
  type GuardInput,
} from '../../../src/domain/route-guard.ts';
import { assetPath, localePath } from '../../../src/i18n/paths.ts';

const base: GuardInput = { access: 'public', hasToken: false, roles: null, isLoginPage: false, currentPath: '/en-US/orders/?page=2' };
const decide = (input: Partial<GuardInput>) => guardRoute({ ...base, ...input });

describe('guardRoute', () => {
  it('opens public routes to everyone', () => {
    expect(decide({ access: 'public' })).toEqual({ action: 'allow' });
    expect(decide({ access: 'public', hasToken: true, roles: [] })).toEqual({ action: 'allow' });
  });

  it('sends a visitor without a token to login, with the page (path and query) to return to', () => {
    expect(decide({ access: 'session' })).toEqual({ action: 'redirect-login', redirect: '/en-US/orders/?page=2' });
    expect(decide({ access: ['R_ADMIN'] })).toEqual({ action: 'redirect-login', redirect: '/en-US/orders/?page=2' });
  });

  it('opens a session route (or one listing no roles) to every signed-in user', () => {
    expect(decide({ access: 'session', hasToken: true })).toEqual({ action: 'allow' });
    expect(decide({ access: [], hasToken: true, roles: null })).toEqual({ action: 'allow' });
  });

  it('sends a signed-in user who opens login to the root', () => {
    expect(decide({ isLoginPage: true, hasToken: true })).toEqual({ action: 'redirect-root' });
    expect(decide({ isLoginPage: true, hasToken: false })).toEqual({ action: 'allow' });
  });

  it('requires one of the listed roles, else 403', () => {
    expect(decide({ access: ['R_ADMIN', 'R_USER'], hasToken: true, roles: ['R_USER'] })).toEqual({ action: 'allow' });
    expect(decide({ access: ['R_ADMIN'], hasToken: true, roles: ['R_USER'] })).toEqual({ action: 'forbidden' });
    expect(decide({ access: ['R_ADMIN'], hasToken: true, roles: [] })).toEqual({ action: 'forbidden' });
  });

  it('lets R_SUPER pass every role check', () => {
    expect(SUPER_ROLE).toBe('R_SUPER');
    expect(decide({ access: ['R_ADMIN'], hasToken: true, roles: ['R_SUPER'] })).toEqual({ action: 'allow' });
    expect(decide({ access: ['R_WHATEVER', 'R_OTHER'], hasToken: true, roles: ['R_USER', 'R_SUPER'] })).toEqual({ action: 'allow' });
  });

  it('waits for the roles when the route lists some and they are not known yet', () => {
    expect(decide({ access: ['R_ADMIN'], hasToken: true, roles: null })).toEqual({ action: 'pending' });
  });
});

describe('guardRedirectUrl (where scripts/guard.ts sends the browser)', () => {
  // As scripts/guard.ts builds them: the page's locale and the site's base path.
  const urls = { inLocale: (path: string) => localePath('zh-CN', path), atRoot: assetPath };

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('sends a forbidden user to the bilingual 403 page at the site root, not under the locale', () => {
    expect(guardRedirectUrl({ action: 'forbidden' }, urls)).toBe('/403/');
    vi.stubEnv('BASE_URL', '/independent-website/views/');
    expect(guardRedirectUrl({ action: 'forbidden' }, urls)).toBe('/independent-website/views/403/');
  });

  it('sends to login and to the root in the page’s locale, under the base path', () => {
    vi.stubEnv('BASE_URL', '/shop/');
    expect(guardRedirectUrl({ action: 'redirect-login', redirect: '/zh-CN/orders/?page=2' }, urls)).toBe(
      `/shop/zh-CN/login/?redirect=${encodeURIComponent('/zh-CN/orders/?page=2')}`,
    );
    expect(guardRedirectUrl({ action: 'redirect-root' }, urls)).toBe('/shop/zh-CN/');
  });

  it('stays when allowed or while the roles are loading', () => {
    expect(guardRedirectUrl({ action: 'allow' }, urls)).toBeNull();
    expect(guardRedirectUrl({ action: 'pending' }, urls)).toBeNull();
  });
});

describe('page access attributes (the layout writes them, the guard script reads them)', () => {
  it('round-trip every kind of access', () => {
    expect(routeAccessAttributes()).toEqual({});
    expect(routeAccessAttributes('public')).toEqual({});
    expect(routeAccessAttributes('session')).toEqual({ 'data-route-access': 'session' });
    expect(routeAccessAttributes('login')).toEqual({ 'data-route-access': 'login' });
    expect(routeAccessAttributes(['R_ADMIN', 'R_USER'])).toEqual({ 'data-route-access': 'roles', 'data-route-roles': 'R_ADMIN R_USER' });
    for (const access of ['public', 'session', 'login', ['R_ADMIN', 'R_USER']] as const) {
      const attrs = routeAccessAttributes(access);
      expect(parsePageAccess(attrs['data-route-access'], attrs['data-route-roles'])).toEqual(access);
    }
  });

  it('read anything unknown as public, and roles separated by spaces or commas', () => {
    expect(parsePageAccess(undefined, undefined)).toBe('public');
    expect(parsePageAccess('secret', undefined)).toBe('public');
    expect(parsePageAccess('roles', 'R_A, R_B')).toEqual(['R_A', 'R_B']);
  });
});

describe('safeRedirectPath (the login page’s redirect query)', () => {
  it('accepts a path on this site', () => {
    expect(safeRedirectPath('/en-US/orders/?page=2', '/en-US/')).toBe('/en-US/orders/?page=2');
  });

  it.each([null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'orders', '/\tevil'])(
    'refuses %j',
    (value) => {
      expect(safeRedirectPath(value, '/en-US/')).toBe('/en-US/');
    },
  );
});
