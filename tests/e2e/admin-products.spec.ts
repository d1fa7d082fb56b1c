/**
 * The catalogue in the back office reaching the live shop (issue 17): an admin makes a product
 * with an uploaded image and publishes it, a shopper finds it by search (with a typo), opens it
 * (through the product shell: it has no pre-rendered page) and buys it printed; the admin raises
 * its price and the page shows the new one, and sells out a size, which can then not be bought.
 * In zh-CN on a phone, a shorter pass: edit a title and the price, save, see them in the table.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import enProducts from '../../src/i18n/locales/en-US/admin-products.json' with { type: 'json' };
import zhProducts from '../../src/i18n/locales/zh-CN/admin-products.json' with { type: 'json' };
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';
import { JOURNEY_TIMEOUT_MS, createPlainProduct, expect, label, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const P = { 'en-US': enProducts, 'zh-CN': zhProducts } as const;

/** A made-up word, so the search finds this journey's product and no other. */
const word = () => `Zy${randomBytes(4).toString('hex').replace(/\d/g, 'q')}`;

const sizeRadio = (page: Page, size: string) => page.getByRole('radio', { name: new RegExp(`^${size}(\\s|$)`) });

/** The editor shown (the tab cache keeps other editors' tabs mounted, hidden). */
const editor = (page: Page) => page.locator('[data-testid="product-editor"]:visible');

async function saveEditor(page: Page) {
  const answer = page.waitForResponse((response) => /\/admin\/products\/(create|update)$/.test(response.url()));
  await editor(page).getByTestId('product-save').click();
  expect(((await (await answer).json()) as { code: string }).code).toBe('0000');
}

test.describe(() => {
  test.use({ staff: 'R_ADMIN', adminLocale: 'en-US' });

  test('en-US: an admin creates a product with an image and publishes it; a shopper finds and buys it printed; a new price and a sold-out size reach the product page', async ({ page, context, request }, testInfo) => {
    const T = P['en-US'];
    const name = word();
    const title = `${name} Harbour Training Jersey`;

    // Create: titles, price, sport, stock for M and L.
    await page.goto('/admin/products');
    await page.getByTestId('products-create').click();
    await expect(editor(page)).toHaveCount(1);
    await editor(page).getByTestId('product-title-en-US').fill(title);
    await editor(page).getByTestId('product-price').fill('39.90');
    // Basketball: choosing a sport now tags the product with its entry (listed once published), and
    // the browse journeys compare the football listing's built page with the API's while this runs.
    await editor(page).getByTestId('product-sport').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Basketball' }).click();
    const stocks = editor(page).getByTestId('product-size-row').getByRole('spinbutton', { name: T.editor.stock });
    await stocks.nth(1).fill('5');
    await stocks.nth(2).fill('5');
    await saveEditor(page);
    await expect(editor(page).getByRole('button', { name: label(T.editor.publish) })).toBeVisible();
    const id = Number(/\/admin\/products\/(\d+)$/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);

    // An image, checked and resized by the server, then publish.
    const png = await sharp({ create: { width: 480, height: 520, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
    await editor(page).locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
    await expect(editor(page).getByTestId('product-images').locator('img')).toHaveCount(1);
    await editor(page).getByTestId('product-images').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-product-image', testInfo);
    await editor(page).getByTestId('product-editor-publish').click();
    await expect(editor(page).getByRole('button', { name: label(T.editor.unpublish) })).toBeVisible();

    // The shopper searches with a typo and opens it: no pre-rendered page, so the product shell.
    const shopper = await context.browser()!.newPage();
    await shopper.goto(`/en-US/search/?q=${encodeURIComponent(`${name} harbur`)}`);
    const card = shopper.locator('[data-product-grid] > li').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole('link').first().click();
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(shopper.locator('img[src*="/api/media/image/"]').first()).toBeVisible();

    // Buys it printed SMITH 7, paid through the PayPal simulator.
    const visitor = randomBytes(16).toString('hex');
    const headers = { 'x-visitor-id': visitor };
    await paidGuestOrder(request, 'en-US', { visitor, email: `${name.toLowerCase()}@example.com`, lines: [{ productId: id, size: 'M', customType: 3, customName: 'SMITH', customNumber: '7', quantity: 1 }] });

    // The admin raises the price and sells out L; the product page follows.
    await editor(page).getByTestId('product-price').fill('44.90');
    await stocks.nth(2).fill('0');
    await saveEditor(page);
    await shopper.reload();
    await expect(shopper.locator('.info .price .price-now, .price .price-now').first()).toHaveText(formatMoney(4490, 'EUR', 'en-US'));
    await expect(sizeRadio(shopper, 'L')).toBeDisabled();
    await expect(sizeRadio(shopper, 'M')).toBeEnabled();
    const refused = await request.post('/api/demo/ironCartItem/saveCartItemList', { data: [{ productId: id, size: 'L', customType: 1, quantity: 1 }], headers });
    expect(((await refused.json()) as { code: string }).code).not.toBe('0000');
    await screenshot(shopper, 'admin-product-live', testInfo);
  });
});

test.describe(() => {
  test.use({ staff: 'R_ADMIN', adminLocale: 'zh-CN' });

  test('zh-CN: an admin edits a title and the price in the editor, saves, and the table shows them', async ({ page, ownerApi }, testInfo) => {
    const T = P['zh-CN'];
    const made = await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `${word()} Travel Polo`, 'zh-CN': '旅行马球衫' }, 2500);
    const newTitle = `${word()} 新款旅行马球衫`;
    await page.goto(`/admin/products/${made.id}`);
    await editor(page).getByRole('tab', { name: T.editor.chinese }).first().click();
    await editor(page).getByTestId('product-title-zh-CN').fill(newTitle);
    await editor(page).getByTestId('product-price').fill('27.50');
    await saveEditor(page);
    await expect(editor(page).getByText(T.editor.version.replace('{{version}}', '2'))).toBeVisible();
    await screenshot(page, 'admin-product-editor', testInfo);

    await page.goto('/admin/products');
    await page.getByTestId('products-query').fill(String(made.id));
    await page.getByTestId('products-apply').click();
    const row = page.getByTestId('products-table').getByRole('row').filter({ hasText: newTitle });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(formatMoney(2750, 'EUR', 'zh-CN'));
    await screenshot(page, 'admin-products', testInfo);
  });
});
