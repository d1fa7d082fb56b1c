/**
 * Coupons and the shop's settings by clicks (issue 17), each journey from the back office to the
 * shopper's screen:
 * - en-US at 1440 px: an admin creates a coupon in the Coupons screen, a guest uses it at checkout
 *   (PayPal simulator) and the coupon's usage lists the order, linked to its detail screen;
 * - zh-CN at 375 px, dark: the owner raises the free-shipping threshold and sets the banner's
 *   Chinese message in the Settings screen; the shopper's cart page (which reads the shop's
 *   settings live) shows how much more to spend and the banner's message; lowered again, the cart
 *   says standard shipping is free. The settings are put back at the end, since other journeys
 *   share the shop.
 * - en-US then zh-CN at 375 px (screens at 1440 px too): the owner edits the quantity tiers in a
 *   table (a tier starting at no more items than the one above is refused in the screen's
 *   language), the preview says the banner's new tier text, and the shopper's cart takes the new
 *   percent off two shirts; Greenland moved to the North America zone leaves the rest of Europe.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import type { CheckoutQuote } from '../../src/domain/checkout.model.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import type { AdminSettings } from '../../src/domain/settings.model.ts';
import type { ShopConfig } from '../../src/domain/system.model.ts';
import enMarketing from '../../src/i18n/locales/en-US/admin-marketing.json' with { type: 'json' };
import zhMarketing from '../../src/i18n/locales/zh-CN/admin-marketing.json' with { type: 'json' };
import zhCart from '../../src/i18n/locales/zh-CN/cart.json' with { type: 'json' };
import enCheckout from '../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, openFromMenu, test, type TokenPair } from './support/admin.ts';
import { typeShippingAddress } from '../support/checkout-form.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** A guest of its own (visitor id cookie) with plain shirts in the cart (one line); answers its line ids. */
async function guestWithCart(context: BrowserContext, request: Parameters<typeof apiData>[0], baseURL: string, productId: number, quantity = 1) {
  const id = randomBytes(16).toString('hex');
  await context.addCookies([{ name: 'X-Visitor-Id', value: id, url: baseURL }]);
  const headers = { 'x-visitor-id': id };
  const detail = await apiData<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: productId });
  const size = [...detail.sizes].sort((a, b) => b.stock - a.stock)[0]!.size;
  const { ids } = await apiData<{ ids: number[] }>(request, '/demo/ironCartItem/saveCartItemList', [{ productId, size, customType: 1, quantity }], headers);
  return { id, ids, headers };
}

/**
 * The back office and the shop share the token under SOY_token: the shopper's part of a journey
 * runs signed out in the same tab (a guest), and the staff part signed in again.
 */
async function signedOut(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.removeItem('SOY_token');
    localStorage.removeItem('SOY_refreshToken');
  });
}
async function signedIn(page: Page, tokens: TokenPair | null): Promise<void> {
  await page.evaluate((pair) => {
    localStorage.setItem('SOY_token', JSON.stringify(pair!.token));
    localStorage.setItem('SOY_refreshToken', JSON.stringify(pair!.refreshToken));
  }, tokens);
}

test.describe(() => {
  test.use({ adminLocale: 'en-US' });

  test('en-US: an admin creates a coupon that a guest then uses at checkout, and its usage lists the order', async ({ page, context, request, baseURL, staffTokens }, testInfo) => {
    const M = enMarketing.coupons;
    const { admin: A } = ADMIN_TEXT['en-US'];
    const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`;

    await page.goto('/admin/coupons');
    await expect(page.getByTestId('coupon-table')).toBeVisible();
    await page.getByTestId('coupon-new').click();
    await page.getByTestId('coupon-code').fill(code.toLowerCase());
    await page.getByTestId('coupon-percent').fill('20');
    // A code out of the shop's format is refused on its field before anything is sent.
    await page.getByTestId('coupon-code').fill('x!');
    await page.getByTestId('coupon-save').click();
    await expect(page.getByTestId('coupon-form').getByText(M.errors.code, { exact: true })).toBeVisible();
    await page.getByTestId('coupon-code').fill(code.toLowerCase());
    await page.getByLabel(M.perCustomerLimit).fill('1');
    await screenshot(page, 'admin-coupon-editor-en-US', testInfo);
    await page.getByTestId('coupon-save').click();
    const row = page.getByTestId('coupon-table').getByRole('row').filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(row).toContainText(M.states.active);
    await expect(row).toContainText('20%');
    await screenshot(page, 'admin-coupons-en-US', testInfo);

    // The guest's checkout: address, the coupon, PayPal.
    const guest = await guestWithCart(context, request, baseURL!, 5);
    await signedOut(page);
    const C = enCheckout;
    await page.goto(`/en-US/checkouts/cart/?from=cart&items=${encodeURIComponent(JSON.stringify(guest.ids))}`);
    await page.locator('astro-island[component-url*="CheckoutPage"]:not([ssr])').waitFor({ state: 'attached' });
    const email = `coupon-${guest.id.slice(0, 10)}@example.com`;
    await page.locator('.checkout input[name="email"]').fill(email);
    await typeShippingAddress(page, 'GB');
    await expect(page.locator('[data-method="standard"]')).toBeVisible();
    await page.locator('input[name="coupon"]').fill(code.toLowerCase());
    await page.getByRole('button', { name: C.coupon.apply, exact: true }).click();
    const expected = await apiData<CheckoutQuote>(request, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: guest.ids }, currency: 'EUR', country: 'GB', shippingMethod: 'standard', couponCode: code }, guest.headers);
    expect(expected.coupon).toMatchObject({ valid: true, percent: 20 });
    await expect(page.locator('[data-coupon="valid"]')).toContainText(formatMoney(expected.summary.couponDiscount, 'EUR', 'en-US'));
    await expect(page.locator('.checkout-summary [data-total="total"]')).toHaveText(formatMoney(expected.summary.total, 'EUR', 'en-US'));
    await page.getByRole('button', { name: C.actions.continue }).click();
    const buttons = page.locator('[data-paypal-sim="buttons"]');
    await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve payment', exact: true }).click();
    await expect(page).toHaveURL(/\/en-US\/order-success\/JS-/);
    const orderNo = (await page.locator('[data-order-no]').textContent())!.trim();

    // Back office: the coupon was used once, by this order; its number opens the order.
    await signedIn(page, staffTokens);
    await page.goto('/admin/coupons');
    const used = page.getByTestId('coupon-table').getByRole('row').filter({ hasText: code });
    await expect(used).toContainText('1');
    await used.getByRole('button', { name: label(M.usage) }).click();
    const usage = page.getByTestId('coupon-usage');
    await expect(usage.getByRole('row').filter({ hasText: orderNo })).toContainText(email);
    // antd zooms the dialog in; the picture is taken once it stands still.
    await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
    await screenshot(page, 'admin-coupon-usage-en-US', testInfo);
    await usage.getByRole('link', { name: orderNo }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNo}$`));
    await expect(page.getByText(orderNo).first()).toBeVisible();
    // The same guest cannot use it twice (one per customer), so expire it: its row says so.
    await page.goto('/admin/coupons');
    await used.getByRole('button', { name: label(M.expireNow) }).click();
    await confirmIn(page, A.common.confirm);
    await expect(used).toContainText(M.states.expired);

    // The settings screen in English at 1440 px (for people to look at).
    await openFromMenu(page, A.route.settings);
    await expect(page.getByTestId('settings-merchant')).toBeVisible();
    await screenshot(page, 'admin-settings-en-US', testInfo, { fullPage: true });
  });
});

test.describe(() => {
  test.use({ adminLocale: 'zh-CN', adminStorage: { SOY_themeSettings: { themeScheme: 'dark' } } });

  test('zh-CN: the owner changes the free-shipping threshold and the banner, and the shopper’s cart and banner follow @alone', async ({ page, context, request, baseURL, ownerApi, staffTokens }, testInfo) => {
    const M = zhMarketing.settings;
    const CART = zhCart.summary;
    const { admin: A } = ADMIN_TEXT['zh-CN'];
    const before = await ownerApi<AdminSettings>('/admin/settings/get');
    const message = `限时特惠 ${randomBytes(2).toString('hex')}`;

    try {
      await page.goto('/admin/dashboard');
      await openFromMenu(page, A.route.coupons);
      await expect(page.getByTestId('coupon-table').getByRole('row').filter({ hasText: 'WELCOME10' })).toBeVisible();
      await screenshot(page, 'admin-coupons-zh-CN-dark', testInfo);
      await openFromMenu(page, A.route.settings);
      await expect(page.getByTestId('settings-free-shipping')).toBeVisible();
      await screenshot(page, 'admin-settings-shipping-zh-CN-dark', testInfo);
        await page.getByTestId('free-shipping-threshold').fill('1000');
        await page.getByTestId('free-shipping-save').click();
        await expect(page.getByText(M.saved).first()).toBeVisible();
        await page.getByTestId('banner-zh').fill(message);
        await expect(page.getByTestId('banner-preview-zh-CN')).toContainText(message);
        await page.getByTestId('settings-banner').scrollIntoViewIfNeeded();
        await screenshot(page, 'admin-settings-banner-zh-CN-dark', testInfo);
        await page.getByTestId('banner-save').click();
        await expect(page.getByTestId('settings-banner')).toContainText(M.savedAt.split('{{')[0]!.trim());
      // NZD no longer offered, and where the rates come from said.
      const rates = page.getByTestId('settings-rates');
      await rates.scrollIntoViewIfNeeded();
      await rates.getByTestId('rates-shown').getByLabel('NZD').uncheck();
      await expect(rates.getByTestId('rates-shown').getByLabel('EUR')).toBeDisabled();
      await rates.getByTestId('rates-source').fill('欧洲央行参考汇率 2026-11-27');
      await page.getByTestId('rates-save').click();
      await expect(rates).toContainText(M.savedAt.split('{{')[0]!.trim());
      const config = await apiData<ShopConfig>(request, '/demo/shop/config', {});
      expect(config.currencies.map((c) => c.code)).toEqual(['EUR', 'GBP', 'USD', 'AUD', 'CAD']);
      expect(config.ratesSource).toBe('欧洲央行参考汇率 2026-11-27');
      await screenshot(page, 'admin-settings-rates-zh-CN-dark', testInfo);
      await page.getByTestId('settings-merchant').scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-settings-merchant-zh-CN-dark', testInfo);

      // The shopper's cart page reads the shop's settings as it loads: the banner's message, and
      // how much more for free standard shipping (1000 EUR less the cart).
      const guest = await guestWithCart(context, request, baseURL!, 5);
      await signedOut(page);
      // A shopper who chose NZD before it was taken away: the cart's live settings turn them to EUR.
      await page.evaluate(() => localStorage.setItem('SOY_currency', JSON.stringify('NZD')));
      await page.goto('/zh-CN/cart/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('SOY_currency'))).not.toBe('"NZD"');
      const freeShipping = page.locator('.cart-page [data-free-shipping-hint]');
      await expect(freeShipping).toHaveAttribute('data-free-shipping-hint', 'more');
      await expect(freeShipping).toContainText(CART.freeShippingMore.split('{{')[0]!);
      await expect(page.locator('[data-banner-message]')).toHaveText(message);
      await screenshot(page, 'cart-free-shipping-zh-CN', testInfo);

      // Lowered under the cart's total: free standard shipping, and the checkout's quote agrees.
      await signedIn(page, staffTokens);
      await page.goto('/admin/settings');
      await page.getByTestId('free-shipping-threshold').fill('1');
      await page.getByTestId('free-shipping-save').click();
      await expect(page.getByText(M.saved).first()).toBeVisible();
      await signedOut(page);
      await page.goto('/zh-CN/cart/');
      await expect(freeShipping).toHaveAttribute('data-free-shipping-hint', 'reached');
      await expect(freeShipping).toHaveText(CART.freeShipping);
      const quote = await apiData<CheckoutQuote>(request, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: guest.ids }, currency: 'EUR', country: 'DE', shippingMethod: 'standard' }, guest.headers);
      expect(quote.shipping).toMatchObject({ free: true, amount: 0 });
    } finally {
      await ownerApi('/admin/settings/save', { section: 'freeShipping', value: before.settings.freeShipping });
      await ownerApi('/admin/settings/save', { section: 'banner', value: before.settings.banner });
      await ownerApi('/admin/settings/save', { section: 'exchangeRates', value: before.settings.exchangeRates });
    }
  });
});

test.describe(() => {
  test.use({ adminLocale: 'en-US' });

  test('en-US and zh-CN: the owner edits a quantity tier, and the shopper’s cart takes it off @alone', async ({ page, context, request, baseURL, ownerApi, staffTokens }, testInfo) => {
    const before = await ownerApi<AdminSettings>('/admin/settings/get');
    // Two shirts: the table below starts its first tier there.
    await guestWithCart(context, request, baseURL!, 5, 2);
    try {
      for (const [locale, percent] of [['en-US', 17], ['zh-CN', 19]] as const) {
        const M = (locale === 'en-US' ? enMarketing : zhMarketing).settings;
        await page.goto('/admin/dashboard');
        await signedIn(page, staffTokens);
        await page.evaluate((lang) => localStorage.setItem('SOY_lang', JSON.stringify(lang)), locale);
        await page.goto('/admin/settings');
        const tiers = page.getByTestId('settings-tiers');
        await expect(tiers.getByText(M.tiers, { exact: true })).toBeVisible();
        const rows = tiers.getByTestId('tier-row');
        while ((await rows.count()) > 0) await rows.first().getByTestId('tier-remove').click();
        await expect(tiers).toContainText(M.noTiers);
        await tiers.getByTestId('tier-add').click();
        await rows.nth(0).getByTestId('tier-min-items').fill('2');
        await rows.nth(0).getByTestId('tier-percent').fill(String(percent));
        // A second tier from as few items as the first is refused beside its cell, in the screen's language.
        await tiers.getByTestId('tier-add').click();
        await rows.nth(1).getByTestId('tier-min-items').fill('2');
        await rows.nth(1).getByTestId('tier-percent').click();
        await expect(rows.nth(1).locator('.ant-form-item-explain-error')).toHaveText(M.tierErrors.minItemsNotAscending);
        await tiers.scrollIntoViewIfNeeded();
        await screenshot(page, `admin-settings-tiers-error-${locale}`, testInfo);
        await rows.nth(1).getByTestId('tier-remove').click();
        // The banner's tier text, made from the table, in both languages.
        await expect(tiers.getByTestId('tiers-preview-en-US')).toHaveText(/Buy 2 or more, save \d+%/);
        await expect(tiers.getByTestId('tiers-preview-zh-CN')).toContainText(`买 2 件及以上，省 ${percent}%`);
        await tiers.getByTestId('tiers-save').click();
        await expect(page.getByText(M.saved).first()).toBeVisible();
        await expect(tiers).toContainText(M.savedAt.split('{{')[0]!.trim());
        await screenshot(page, `admin-settings-tiers-${locale}`, testInfo);
        await page.setViewportSize({ width: 1440, height: 900 });
        await tiers.scrollIntoViewIfNeeded();
        await screenshot(page, `admin-settings-tiers-${locale}-1440`, testInfo);
        // The zones' countries, beside the rates (for people to look at).
        const zones = page.getByTestId('settings-zones');
        await zones.scrollIntoViewIfNeeded();
        await expect(zones.getByTestId('zone-north-america')).toContainText('(US)');
        await screenshot(page, `admin-settings-zones-${locale}-1440`, testInfo);
        if (locale === 'en-US') {
          // Greenland chosen for North America leaves the rest of Europe: a country is in one zone.
          await expect(zones.getByTestId('zone-europe')).toContainText('(GL)');
          await zones.getByTestId('zone-north-america').locator('input').fill('Greenland');
          await page.locator('.ant-select-item-option').filter({ hasText: '(GL)' }).click();
          await expect(zones.getByTestId('zone-europe')).not.toContainText('(GL)');
          await expect(zones.getByTestId('zone-north-america')).toContainText('(GL)');
          await zones.getByTestId('zones-save').click();
          await expect(zones).toContainText(enMarketing.settings.savedAt.split('{{')[0]!.trim());
          const saved = await ownerApi<AdminSettings>('/admin/settings/get');
          expect(saved.settings.shippingZones['north-america']).toContain('GL');
          expect(saved.settings.shippingZones.europe).not.toContain('GL');
        }
        await page.setViewportSize({ width: 375, height: 812 });
        await zones.scrollIntoViewIfNeeded();
        await screenshot(page, `admin-settings-zones-${locale}`, testInfo);

        // The shopper's cart is priced by the server from the saved table.
        await signedOut(page);
        await page.goto(`/${locale}/cart/`);
        await expect(page.locator('.cart-page [data-total="discount"]')).toHaveAttribute('data-percent', String(percent));
        await screenshot(page, `cart-tier-${locale}`, testInfo);
      }
    } finally {
      await ownerApi('/admin/settings/save', { section: 'tiers', value: before.settings.tiers });
      await ownerApi('/admin/settings/save', { section: 'shippingZones', value: before.settings.shippingZones });
    }
  });
});
