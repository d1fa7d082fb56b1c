/** The one description of the site's addresses (src/domain/site-routes.ts). */
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PRIVATE_PAGES, cacheControlOf, isListedPage, matchShellRoute, notFoundPageFor } from '../../../src/domain/site-routes.ts';

describe('shell routes', () => {
  it('match the addresses that stand for any product, order or back-office screen, and nothing else', () => {
    expect(matchShellRoute('/en-US/product/12/', '/')).toMatchObject({ route: { kind: 'product', shell: 'en-US/product/new/index.html' }, value: '12' });
    expect(matchShellRoute('/zh-CN/order-detail/JS-7KQ4M-2XPHD', '/')).toMatchObject({ route: { kind: 'order-detail', shell: 'zh-CN/order-detail/index.html' }, value: 'JS-7KQ4M-2XPHD' });
    expect(matchShellRoute('/shop/admin/orders/JS-1', '/shop/')).toMatchObject({ route: { kind: 'admin', shell: 'admin/index.html' } });
    for (const path of ['/en-US/product/0/', '/en-US/product/new/', '/en-US/product/12/x', '/en-US/order-success/short', '/admin/app.js', '/administrator', '/fr-FR/product/1/', '/admin/orders']) {
      expect(matchShellRoute(path, path === '/admin/orders' ? '/shop/' : '/'), path).toBeNull();
    }
  });
});

it('caches fingerprinted files for a year and has pages revalidated', () => {
  expect(cacheControlOf('_astro/app.abc.js')).toContain('immutable');
  expect(cacheControlOf('/srv/dist/_astro/app.abc.js')).toContain('immutable');
  expect(cacheControlOf('en-US/index.html')).toContain('must-revalidate');
  expect(cacheControlOf('favicon.svg')).toBe('public, max-age=3600');
});

it('says of every page the storefront has whether it is private, listed in the sitemap or neither', async () => {
  // A new page must be placed: a personal page left out of PRIVATE_PAGES would be listed and crawled.
  const files = (await readdir(new URL('../../../src/pages/[locale]/', import.meta.url), { recursive: true })).filter((file) => file.endsWith('.astro'));
  const pages = files.map((file) => file.replace(/\.astro$/, '').replace(/\/index$/, ''));
  const classified = Object.fromEntries(pages.map((page) => [page, PRIVATE_PAGES.includes(page.split('/')[0]!) ? 'private' : isListedPage(page.replace('[id]', '5').replace('[tag]', 'football').replace('[slug]', 'about-us').replace(/^index$/, '')) ? 'listed' : 'unlisted']));
  expect(classified).toEqual({
    '404': 'unlisted',
    '[slug]': 'listed',
    account: 'private',
    'add-address': 'private',
    address: 'private',
    cart: 'private',
    'category/[tag]': 'listed',
    'change-password': 'private',
    'checkouts/[kind]': 'private',
    index: 'listed',
    login: 'private',
    myprofile: 'private',
    'order-detail': 'private',
    'order-success': 'private',
    orders: 'private',
    pay: 'private',
    'product/[id]': 'listed',
    'product/new': 'unlisted',
    register: 'private',
    'reset-password': 'private',
    rosters: 'private',
    search: 'unlisted',
    'tracking-order': 'unlisted',
    wishlist: 'private',
  });
});

it("names the locale's own not-found page below each locale, the bilingual one elsewhere", () => {
  expect(notFoundPageFor('/zh-CN/nothing/', '/')).toBe('zh-CN/404.html');
  expect(notFoundPageFor('/zh-CN', '/')).toBe('zh-CN/404.html');
  expect(notFoundPageFor('/en-US/product/0/', '/')).toBe('en-US/404.html');
  expect(notFoundPageFor('/zh-CNX/', '/')).toBe('404.html');
  expect(notFoundPageFor('/nothing', '/')).toBe('404.html');
  expect(notFoundPageFor('/views/zh-CN/x', '/views/')).toBe('zh-CN/404.html');
  expect(notFoundPageFor('/zh-CN/x', '/views/')).toBe('404.html');
});
