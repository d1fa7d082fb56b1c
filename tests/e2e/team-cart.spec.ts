/**
 * A big team order in the cart and the checkout (issue 31, docs/storefront.md "Team orders"): a
 * roster of more than 100 rows and lines of its own, added through the API. The cart page's first
 * drawing (before the island) draws the roster as the island's block, closed as a big roster
 * starts, and the island takes its place without a move; opened, the block holds every row (the
 * cart is read a page of 100 at a time); the drawer too; the checkout's list shows the team as
 * one block with every row, and its link carries every line. axe on the cart with the block open.
 * Both locales (zh-CN on the phone). A small roster is drawn open, with its rows, before the island.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test.ts';
import { axeViolations } from './support/axe.ts';
import { holdIsland } from './support/hydration.ts';
import { OPEN_GROUP_ROWS_MAX, type CartPage } from '../../src/domain/cart.model.ts';
import type { ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import enCart from '../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import zhCart from '../../src/i18n/locales/zh-CN/cart.json' with { type: 'json' };
import { apiData } from '../support/api.ts';
import { watchErrors } from '../support/errors.ts';
import { screenshot } from '../support/screenshots.ts';

const MESSAGES = { 'en-US': enCart, 'zh-CN': zhCart } as const;
/** More than a page of the cart list (100). */
const ROWS = 120;
/** Units of each size left to other journeys. */
const SPARE = 3;

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** A printable shirt whose sizes hold ROWS shirts between them (other journeys order product 1 and 5: start further on). */
async function bigEnoughShirt(request: APIRequestContext): Promise<{ product: ProductDetail; sizes: string[] }> {
  for (let id = 20; id <= 120; id++) {
    const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id });
    if (!product.printable) continue;
    const sizes = product.sizes.flatMap((s) => Array.from({ length: Math.max(0, s.stock - SPARE) }, () => s.size));
    if (sizes.length >= ROWS) return { product, sizes: sizes.slice(0, ROWS) };
  }
  throw new Error(`no printable shirt with ${ROWS} shirts in stock in the demo catalogue`);
}

/** Letters only (the configurator's rule): row 0 is PAA, row 1 PAB... */
const playerName = (i: number) => `P${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: a roster of ${ROWS} rows shows whole in the cart, the drawer and the checkout, and as a block before the island`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const m = MESSAGES[locale];
    const errors = watchErrors(page, { consoleErrors: true });
    const visitor = randomBytes(16).toString('hex');
    await context.addCookies([{ name: 'X-Visitor-Id', value: visitor, url: baseURL! }]);
    const as = { 'x-visitor-id': visitor, 'accept-language': locale };
    const { product, sizes } = await bigEnoughShirt(page.request);
    const team = `Harbour ${locale === 'en-US' ? 'Rovers' : 'Lions'}`;

    // Two lines of their own, then the team (numbers repeat past 99: confirmed).
    await apiData(page.request, '/demo/ironCartItem/saveCartItemList', [
      { productId: 5, size: 'S', customType: 1, quantity: 1 },
      { productId: 1, size: 'M', customType: 3, customName: 'OWNLINE', customNumber: '8', quantity: 1 },
    ], as);
    const rows = sizes.map((size, i) => ({ name: playerName(i), number: String(i % 100), size, playerId: null, quantity: 1 }));
    const roster = { productId: product.id, teamName: team, patchIds: [], addonIds: [], premiumNameOption: 'Standard', premiumNumberOption: 'Standard', sameName: null, rows, duplicatesConfirmed: true };
    const added = await apiData<{ groupId: string; ids: number[] }>(page.request, '/roster/addToCart', { roster }, as);
    expect(added.ids).toHaveLength(ROWS);
    const pages = await Promise.all([1, 2].map((current) => apiData<CartPage>(page.request, '/demo/ironCartItem/queryCartItemList', { current, size: 100, currency: 'EUR' }, as)));
    const lines = pages.flatMap((p) => p.records);
    expect(lines).toHaveLength(ROWS + 2);
    const groupRows = lines.filter((l) => l.group?.id === added.groupId);
    const groupTotal = formatMoney(groupRows.reduce((sum, l) => sum + l.lineTotal, 0), 'EUR', locale);
    const heading = fill(m.group.name, { name: team });
    const shirts = fill(m.group.shirts_other, { count: ROWS });

    // React held back: the page's own script draws the team as the island's block, closed (a big roster).
    const hydrate = await holdIsland(page, 'CartPage');
    await page.goto(`/${locale}/cart/`, { waitUntil: 'domcontentloaded' });
    const drawn = page.locator('[data-cart-preview] .cart-group');
    await expect(drawn.locator('.cart-group-name')).toHaveText(heading);
    await expect(drawn.locator('.cart-group-count')).toHaveText(shirts);
    await expect(drawn.locator('.cart-group-total')).toHaveText(groupTotal);
    expect(ROWS).toBeGreaterThan(OPEN_GROUP_ROWS_MAX);
    await expect(drawn.locator('details')).not.toHaveAttribute('open');
    await expect(page.locator('[data-cart-preview] .cart-lines > .cart-line')).toHaveCount(2);
    await screenshot(page, `team-cart-preview-${locale}`, testInfo);
    const drawnAt = await drawn.locator('summary').boundingBox();

    await hydrate();
    const group = page.locator(`astro-island .cart-group[data-group-id="${added.groupId}"]`);
    await expect(group.locator('.cart-group-name')).toHaveText(heading);
    await expect(page.locator('[data-cart-preview]')).toHaveCount(0);
    expect(await group.locator('summary').boundingBox()).toEqual(drawnAt);
    await expect(group.locator('details')).not.toHaveAttribute('open');
    await expect(group.locator('.cart-line')).toHaveCount(0);

    // Opened: every row, the second page's too.
    await group.locator('summary').click();
    await expect(group.locator('.cart-line')).toHaveCount(ROWS);
    await expect(group.locator(`[data-line-id="${added.ids[ROWS - 1]}"]`)).toBeVisible();
    await expect(page.locator('astro-island .cart-page-lines .cart-line')).toHaveCount(ROWS + 2);
    // The header's badge stops at 99+, and its link's name says what it shows.
    const cartLink = page.locator('a[data-cart-link]');
    await expect(cartLink.locator('[data-cart-count]')).toHaveText('99+');
    await expect(cartLink).toHaveAttribute('aria-label', /99\+/);
    expect(await axeViolations(page), 'axe, the cart with the team open').toEqual([]);
    await screenshot(page, `team-cart-page-${locale}`, testInfo);

    // The checkout link carries every line.
    const checkout = page.locator('.cart-page-summary').getByRole('link', { name: m.drawer.checkout });
    const items: number[] = JSON.parse(new URL((await checkout.getAttribute('href'))!, baseURL).searchParams.get('items')!);
    expect(new Set(items)).toEqual(new Set(lines.map((l) => l.id)));

    // The drawer: the same block, every row once opened.
    await page.evaluate(() => window.dispatchEvent(new Event('cart-open')));
    const drawer = page.getByRole('dialog', { name: m.drawer.title });
    await expect(drawer).toBeVisible();
    const drawerGroup = drawer.locator('.cart-group');
    await expect(drawerGroup.locator('.cart-group-name')).toHaveText(heading);
    await drawerGroup.locator('summary').click();
    await expect(drawerGroup.locator('.cart-line')).toHaveCount(ROWS);
    await drawerGroup.locator('summary').scrollIntoViewIfNeeded();
    await screenshot(page, `team-cart-drawer-${locale}`, testInfo);
    await drawer.getByRole('button', { name: m.drawer.close }).click();

    // The checkout lists the team as one block, every row inside.
    await checkout.click();
    await expect(page).toHaveURL(/\/checkouts\/cart\//);
    const summary = page.locator('.checkout-summary');
    const block = summary.locator('.cart-group');
    await expect(block.locator('.cart-group-name')).toHaveText(heading);
    await expect(block.locator('.cart-group-count')).toHaveText(shirts);
    await expect(block.locator('.cart-group-total')).toHaveText(groupTotal);
    await expect(summary.locator('.checkout-lines > .checkout-line')).toHaveCount(2);
    await expect(summary.locator('[data-total="items"]')).toBeVisible();
    await block.scrollIntoViewIfNeeded();
    await screenshot(page, `team-cart-checkout-${locale}`, testInfo);
    await block.locator('summary').click();
    await expect(block.locator('.checkout-line')).toHaveCount(ROWS);
    expect(await axeViolations(page), 'axe, the checkout with the team open').toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('a small roster is drawn open with its rows before the island, and the island draws it at the same place', async ({ page, context, baseURL }) => {
  const errors = watchErrors(page, { consoleErrors: true });
  const visitor = randomBytes(16).toString('hex');
  await context.addCookies([{ name: 'X-Visitor-Id', value: visitor, url: baseURL! }]);
  const as = { 'x-visitor-id': visitor };
  const { product, sizes } = await bigEnoughShirt(page.request);
  const rows = sizes.slice(0, 3).map((size, i) => ({ name: playerName(i), number: String(i + 1), size, playerId: null, quantity: 1 }));
  const roster = { productId: product.id, teamName: 'Five A Side', patchIds: [], addonIds: [], premiumNameOption: 'Standard', premiumNumberOption: 'Standard', sameName: null, rows, duplicatesConfirmed: false };
  const added = await apiData<{ groupId: string; ids: number[] }>(page.request, '/roster/addToCart', { roster }, as);

  const hydrate = await holdIsland(page, 'CartPage');
  await page.goto('/en-US/cart/', { waitUntil: 'domcontentloaded' });
  const drawn = page.locator('[data-cart-preview] .cart-group');
  await expect(drawn.locator('details')).toHaveAttribute('open', '');
  await expect(drawn.locator('.cart-group-name')).toHaveText(fill(enCart.group.name, { name: 'Five A Side' }));
  await expect(drawn.locator('.cart-line')).toHaveCount(3);
  await expect(drawn.getByRole('link', { name: fill(enCart.group.change, { name: 'Five A Side' }) })).toHaveAttribute('href', `/en-US/product/${product.id}/?team=${added.groupId}`);
  const lastAt = await drawn.locator('.cart-line').last().boundingBox();

  await hydrate();
  const group = page.locator(`astro-island .cart-group[data-group-id="${added.groupId}"]`);
  await expect(group.locator(`[data-line-id="${added.ids[2]}"]`)).toBeVisible();
  await expect(page.locator('[data-cart-preview]')).toHaveCount(0);
  expect(await group.locator('.cart-line').last().boundingBox()).toEqual(lastAt);
  expect(errors).toEqual([]);
});
