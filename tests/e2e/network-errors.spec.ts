/**
 * The network-error state (docs/storefront.md "Failures a shopper meets"): where a page loads
 * what it shows and the shop cannot be reached (the API's requests fail as offline), it shows the
 * network-error illustration with its words and a Retry that loads again once the network is
 * back. Each place in both locales and at both sizes, crossed (playwright.config.ts): en-US at
 * 1440 px, zh-CN at 375 px. The state is one component whatever the place; pages.spec.ts sees
 * every page in each locale at each size.
 */
import type { Page } from '@playwright/test';
import enNetwork from '../../src/i18n/locales/en-US/network.json' with { type: 'json' };
import zhNetwork from '../../src/i18n/locales/zh-CN/network.json' with { type: 'json' };
import { screenshot } from '../support/screenshots.ts';
import { expect, test } from './support/shoppers.ts';
import { signIn } from './support/session.ts';

const MESSAGES = { 'en-US': enNetwork, 'zh-CN': zhNetwork } as const;

/** Each place, the API call it loads with, and what it shows once loaded. */
const PLACES = [
  { page: 'myprofile/', api: '/api/demo/ironUser/getUser', loaded: '#profile-email' },
  { page: 'orders/', api: '/api/demo/ironOrder/queryList', loaded: '.checkout-empty, .orders-list, table' },
  { page: 'address/', api: '/api/demo/ironUserAddress/queryList', loaded: '[data-address-empty], .ab-list' },
  { page: 'wishlist/', api: '/api/demo/ironCollect/queryList', loaded: '[data-wishlist-empty]:not([hidden]), [data-product-grid] [data-card]' },
  { page: 'rosters/', api: '/api/roster/saved/list', loaded: '[data-rosters-empty], .rosters-list' },
  { page: 'search/?q=shirt', api: '/api/demo/ironProduct/search', loaded: '[data-listing-count]:not(.is-error)' },
  // Page 1 is in the built HTML; page 2 is asked for.
  { page: 'category/football/?page=2', api: '/api/demo/ironProduct/queryProductByTags', loaded: '[data-tag][data-state="ready"] [data-product-grid] [data-card]' },
  { page: 'cart/', api: '/api/demo/ironCartItem/queryCartItemList', loaded: '.cart-empty--page:not(.load-failure), .cart-page-layout:not(:has(.skeleton))' },
] as const;

/** Makes `api` fail as an unreachable server would, until the returned function is called. */
async function offline(page: Page, api: string): Promise<() => Promise<void>> {
  const pattern = `**${api}*`;
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(pattern);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: pages that load what they show offer the network-error state and Retry`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const m = MESSAGES[locale];
    await page.goto(`/${locale}/`);
    await signIn(page);
    for (const place of PLACES) {
      const online = await offline(page, place.api);
      await page.goto(`/${locale}/${place.page}`);
      const failure = page.locator('main [data-load-failure="network"]');
      await expect(failure, place.page).toBeVisible();
      await expect(failure).toContainText(m.title);
      await expect(failure).toContainText(m.text);
      await expect(failure.locator('svg.illustration')).toBeVisible();
      await screenshot(page, `network-error-${place.page.replace(/\W.*$/, '')}-${locale}`, testInfo, { fullPage: true });

      await online();
      await failure.getByRole('button', { name: m.retry }).click();
      await expect(page.locator(`main :is(${place.loaded})`).first(), place.page).toBeVisible();
      await expect(page.locator('main [data-load-failure]:not([hidden])')).toHaveCount(0);
    }
  });
}
