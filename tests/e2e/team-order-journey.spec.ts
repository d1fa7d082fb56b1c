/**
 * A team order through the pages, end to end (issue 31): a captain pastes twelve rows from a
 * spreadsheet into the roster editor, fixes the one the shop refuses, adds the team to the cart,
 * checks out and pays in the simulator's PayPal window; the order page shows the team as one
 * block, and staff find the team's production sheet: twelve shirts, the fixed name among them.
 * The parts are journeys of their own too, with more checks each (team-roster.spec.ts,
 * team-cart.spec.ts, saved-rosters.spec.ts, admin-team-sheet.spec.ts); this one proves they join.
 * en-US at 1440 px, zh-CN at 375 px (the shopper's context takes the project's device).
 */
import { readFileSync } from 'node:fs';
import type { ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { JOURNEY_TIMEOUT_MS, expect, test } from './support/admin.ts';
import { apiData } from '../support/api.ts';
import { typeShippingAddress } from '../support/checkout-form.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

type Locale = 'en-US' | 'zh-CN';
const words = (locale: Locale, name: string) => JSON.parse(readFileSync(`src/i18n/locales/${locale}/${name}.json`, 'utf8'));
/** The simulator window's approve button (src/server/payments/simulator-sdk.js). */
const APPROVE = { 'en-US': 'Approve payment', 'zh-CN': '确认付款' } as const;
const TEAM = 'Quayside Rovers';

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a captain pastes a team of twelve, pays through the simulator, and staff find the team's sheet`, async ({ page, browser, baseURL }, testInfo) => {
      const roster = words(locale, 'roster');
      const cartWords = words(locale, 'cart');
      const checkout = words(locale, 'checkout');
      const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
      // A context of the shopper's own: not the staff member's stored session the test's options give.
      const shopperContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, storageState: { cookies: [], origins: [] } });
      const shopper = await shopperContext.newPage();

      // A printable shirt with a size that can take the whole team (journeys share the seeded stock).
      let product: ProductDetail | null = null;
      let size = '';
      for (let id = 30; id <= 80 && !product; id++) {
        const found = await apiData<ProductDetail>(shopper.request, '/demo/ironProduct/queryProductDetail', { id });
        const roomy = [...found.sizes].sort((a, b) => b.stock - a.stock)[0];
        if (found.printable && roomy && roomy.stock >= 24) [product, size] = [found, roomy.size];
      }
      expect(product, 'a printable shirt with stock for a team').not.toBeNull();

      await shopper.goto(`/${locale}/product/${product!.id}/`);
      await shopper.locator('astro-island[component-url*="Configurator"]:not([ssr])').waitFor({ state: 'attached' });
      await shopper.getByRole('button', { name: words(locale, 'configurator').team.open }).click();
      const editor = shopper.locator('.roster');
      await editor.getByLabel(roster.teamName, { exact: true }).fill(TEAM);
      // As a spreadsheet copies it: a heading row in the page's language, tabs; one name in Chinese.
      const heading = [roster.column.name, roster.column.number, roster.column.size, roster.column.quantity].join('\t');
      const rows = Array.from({ length: 12 }, (_, i) => [i === 7 ? '李娜' : `ROVER${'ABCDEFGHIJKL'[i]}`, String(i + 2), size, '1'].join('\t'));
      await editor.getByLabel(roster.paste).fill([heading, ...rows].join('\n'));
      await editor.getByRole('button', { name: roster.pasteAdd }).click();
      await expect(editor.locator('.roster-row')).toHaveCount(12);
      const bad = editor.locator('.roster-row').nth(7).getByLabel(roster.column.name);
      await expect(bad).toHaveAttribute('aria-invalid', 'true');
      await bad.fill('li');
      await expect(editor.locator('.roster-error')).toHaveCount(0);
      await editor.getByRole('button', { name: roster.addToCart }).click();
      await expect(editor.getByRole('status').filter({ hasText: roster.added })).toBeVisible();

      // The cart: the team as one block, and its Checkout.
      await shopper.goto(`/${locale}/cart/`);
      const group = shopper.locator('astro-island[component-url*="CartPage"] .cart-group');
      await expect(group.locator('.cart-group-name')).toHaveText(cartWords.group.name.replace('{{name}}', TEAM));
      await expect(group.locator('.cart-line')).toHaveCount(12);
      await shopper.locator('a.cart-action--block').click();
      await shopper.locator('astro-island[component-url*="CheckoutPage"]:not([ssr])').waitFor({ state: 'attached' });
      await expect(shopper.locator('main .checkout .cart-group-name')).toHaveText(cartWords.group.name.replace('{{name}}', TEAM));

      // A guest's checkout, paid in the simulator's window.
      await shopper.locator('.checkout input[name="email"]').fill(`captain-${Date.now()}@example.com`);
      await typeShippingAddress(shopper, 'GB');
      await expect(shopper.locator('[data-method="standard"]')).toBeVisible();
      await shopper.locator('input[name="acceptPersonalisedTerms"]').check();
      await shopper.getByRole('button', { name: checkout.actions.continue }).click();
      const buttons = shopper.locator('[data-paypal-sim="buttons"]');
      await expect(buttons).toBeVisible();
      await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
      await shopper.getByRole('dialog').getByRole('button', { name: APPROVE[locale], exact: true }).click();
      await expect(shopper).toHaveURL(new RegExp(`/${locale}/order-success/JS-[A-Z0-9]{5}-[A-Z0-9]{5}/\\?token=`));
      const orderNo = (await shopper.locator('[data-order-no]').textContent())!.trim();
      const block = shopper.locator('astro-island[component-url*="OrderPage"] .cart-group');
      await expect(block.locator('.cart-group-name')).toHaveText(cartWords.group.name.replace('{{name}}', TEAM));
      await expect(block.locator('.checkout-group-lines > li')).toHaveCount(12);
      await screenshot(shopper, `team-order-success-${locale}`, testInfo, { fullPage: true });
      await shopperContext.close();

      // Staff: the order's production sheet has the team's page, a row per shirt.
      await page.goto(`/admin/production-sheet?orders=${orderNo}`);
      const team = page.getByTestId('sheet-team');
      await expect(team).toHaveCount(1);
      await expect(team).toContainText(TEAM);
      await expect(team.getByTestId('sheet-team-row')).toHaveCount(12);
      const fixed = team.getByTestId('sheet-team-row').filter({ has: page.getByRole('cell', { name: 'LI', exact: true }) });
      await expect(fixed).toHaveCount(1);
      await expect(fixed.getByRole('cell', { name: '9', exact: true })).toHaveCount(1);
    });
  });
}
