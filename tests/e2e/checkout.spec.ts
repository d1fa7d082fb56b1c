/**
 * Checkout journeys through the PayPal simulator's stand-in SDK, in both locales at 1440 and
 * 375 px: a guest buys in GBP with a coupon and finds the success page, the mail and the tracking
 * lookup; a signed-in shopper pays with a saved address and finds the order in the account; a
 * declined card is retried; a cancelled approval leaves the form as it was. Every test has its own
 * visitor (and e-mail address), so parallel workers never share a cart or a coupon use.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { holdIsland } from './support/hydration.ts';
import { waitForMail } from './support/mail.ts';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test.ts';
import type { CheckoutQuote } from '../../src/domain/checkout.model.ts';
import type { Locale } from '../../src/domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../src/domain/money.model.ts';
import enCheckout from '../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import zhCheckout from '../../src/i18n/locales/zh-CN/checkout.json' with { type: 'json' };
import enBrowse from '../../src/i18n/locales/en-US/browse.json' with { type: 'json' };
import zhBrowse from '../../src/i18n/locales/zh-CN/browse.json' with { type: 'json' };
import enProductTabs from '../../src/i18n/locales/en-US/product-tabs.json' with { type: 'json' };
import zhProductTabs from '../../src/i18n/locales/zh-CN/product-tabs.json' with { type: 'json' };
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { typeShippingAddress } from '../support/checkout-form.ts';

const CHECKOUT = { 'en-US': enCheckout, 'zh-CN': zhCheckout } as const;
const BROWSE = { 'en-US': enBrowse, 'zh-CN': zhBrowse } as const;
const PRODUCT_TABS = { 'en-US': enProductTabs, 'zh-CN': zhProductTabs } as const;
/** The simulator dialog's buttons (src/server/payments/simulator-sdk.js). */
const SIM = {
  'en-US': { approve: 'Approve payment', decline: 'Use a card that is declined', cancel: 'Cancel' },
  'zh-CN': { approve: '确认付款', decline: '使用会被拒绝的卡', cancel: '取消' },
} as const;


/**
 * A line of the product in its best-stocked size: other journeys buy from the same seeded stock
 * in parallel, so a fixed small size could sell out under this test.
 */
async function line(request: APIRequestContext, productId: number, extra: Record<string, unknown>) {
  const detail = await api<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: productId });
  const best = [...detail.sizes].sort((a, b) => b.stock - a.stock)[0]!;
  return { productId, size: best.size, customType: 1, quantity: 1, ...extra };
}
const personalised = (request: APIRequestContext, productId: number) => line(request, productId, { customType: 3, customName: 'SMITH', customNumber: '7' });

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

interface Visitor {
  id: string;
  add(lines: readonly unknown[]): Promise<number[]>;
  quote(body: unknown): Promise<CheckoutQuote>;
}

const api = apiData;

async function newVisitor(context: BrowserContext, request: APIRequestContext, baseURL: string, bearer?: string): Promise<Visitor> {
  const id = randomBytes(16).toString('hex');
  await context.addCookies([{ name: 'X-Visitor-Id', value: id, url: baseURL }]);
  const headers: Record<string, string> = { 'x-visitor-id': id, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
  return {
    id,
    add: async (lines) => (await api<{ ids: number[] }>(request, '/demo/ironCartItem/saveCartItemList', lines, headers)).ids,
    quote: (body) => api<CheckoutQuote>(request, '/demo/checkout/quote', body, headers),
  };
}

/**
 * Opens a checkout and waits for its island to hydrate (Astro drops `ssr` then): its buttons do
 * nothing before that (typing early is kept: see the test on it below).
 */
async function openCheckout(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('astro-island[component-url*="CheckoutPage"]:not([ssr])').waitFor({ state: 'attached' });
}

function checkoutUrl(locale: Locale, ids: readonly number[]): string {
  return `/${locale}/checkouts/cart/?from=cart&items=${encodeURIComponent(JSON.stringify(ids))}`;
}

/** Clicks the stand-in PayPal button and answers its approval dialog. */
async function payWith(page: Page, locale: Locale, choice: 'approve' | 'decline' | 'cancel') {
  const buttons = page.locator('[data-paypal-sim="buttons"]');
  await expect(buttons).toBeVisible();
  await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: SIM[locale][choice], exact: true }).click();
}

/** The order confirmation the test SMTP receiver got for `orderNo`, as text. */
async function mailFor(email: string, orderNo: string): Promise<string> {
  const mail = await waitForMail({ to: email, subject: new RegExp(orderNo) });
  return mail.text;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const m = CHECKOUT[locale];
  const money = (amount: number, currency: CurrencyCode) => formatMoney(amount, currency, locale);

  test(`${locale}: a guest buys a personalised shirt and two plain ones in GBP with WELCOME10 and finds the order, the mail and the tracking`, async ({ page, context, request, baseURL }, testInfo) => {
    const visitor = await newVisitor(context, request, baseURL!);
    const shirt = await personalised(request, 1);
    const ids = await visitor.add([shirt, await line(request, 5, { quantity: 2 })]);
    await context.addInitScript(() => localStorage.setItem('SOY_currency', JSON.stringify('GBP')));
    const email = `guest-${visitor.id.slice(0, 12)}@example.com`;

    await openCheckout(page, checkoutUrl(locale, ids));
    await expect(page.locator('.checkout-line')).toHaveCount(2);
    await expect(page.locator('.checkout-line[data-personalised]')).toContainText('SMITH 7');
    // Signing in comes back to this very checkout.
    const signIn = page.locator('.checkout').getByRole('link', { name: m.contact.signIn });
    await expect(signIn).toHaveAttribute('href', /redirect=%2F/);
    const signInUrl = new URL((await signIn.getAttribute('href'))!, baseURL);
    expect(signInUrl.pathname).toBe(`/${locale}/login/`);
    const here = new URL(page.url());
    expect(signInUrl.searchParams.get('redirect')).toBe(here.pathname + here.search);

    // Left empty, the email says it is needed (not that it is badly written).
    await page.getByRole('button', { name: m.actions.continue }).click();
    await expect(page.locator('.checkout input[name="email"]')).toHaveAccessibleDescription(new RegExp(m.contact.emailRequired));
    await page.locator('.checkout input[name="email"]').fill(email);
    await typeShippingAddress(page, 'GB');
    await expect(page.locator('[data-method="standard"]')).toBeVisible();
    await page.locator('input[name="coupon"]').fill('WELCOME10');
    await page.getByRole('button', { name: m.coupon.apply, exact: true }).click();

    const expected = await visitor.quote({ source: { type: 'cart', cartItemIds: ids }, currency: 'GBP', country: 'GB', shippingMethod: 'standard', couponCode: 'WELCOME10' });
    expect(expected.coupon?.valid).toBe(true);
    expect(expected.summary.couponDiscount).toBeGreaterThan(0);
    await expect(page.locator('[data-coupon="valid"]')).toContainText(money(expected.summary.couponDiscount, 'GBP'));
    await expect(page.locator('.checkout-summary [data-total="total"]')).toHaveText(money(expected.summary.total, 'GBP'));
    await expect(page.locator('.checkout-summary [data-total="tier"]')).toHaveText(money(-expected.summary.tierDiscount, 'GBP'));

    // The personalised notice must be acknowledged before paying.
    await page.getByRole('button', { name: m.actions.continue }).click();
    await expect(page.getByText(m.personalised.required)).toBeVisible();
    await page.locator('input[name="acceptPersonalisedTerms"]').check();
    await screenshot(page, `checkout-guest-${locale}`, testInfo, { fullPage: true });
    await page.getByRole('button', { name: m.actions.continue }).click();

    await payWith(page, locale, 'approve');
    await expect(page).toHaveURL(new RegExp(`/${locale}/order-success/JS-[A-Z0-9]{5}-[A-Z0-9]{5}/\\?token=`));
    await expect(page.getByRole('heading', { name: m.success.heading })).toBeVisible();
    const orderNo = (await page.locator('[data-order-no]').textContent())!.trim();
    await expect(page.locator('[data-status]')).toHaveText(m.status.paid);
    await expect(page.locator('[data-total="total"]')).toHaveText(money(expected.summary.total, 'GBP'));
    await expect(page.locator('[data-total="coupon"]')).toHaveText(money(-expected.summary.couponDiscount, 'GBP'));
    await expect(page.getByText(fill(m.success.email, { email }))).toBeVisible();
    await screenshot(page, `order-success-${locale}`, testInfo, { fullPage: true });

    const mail = await mailFor(email, orderNo);
    expect(mail).toContain(`/order-success/${orderNo}`);

    await page.getByRole('link', { name: m.order.track }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/tracking-order/\\?orderNo=${orderNo}`));
    await expect(page.locator('[data-tracking-result] [data-status]')).toHaveAttribute('data-status', 'paid');
    await expect(page.locator('[data-tracking-result]')).toContainText(BROWSE[locale].tracking.status.paid);
    // Nothing personal on the tracking page.
    await expect(page.locator('[data-tracking-result]')).not.toContainText(email);
    await expect(page.locator('[data-tracking-result]')).not.toContainText('Baker');
    await screenshot(page, `tracking-${locale}`, testInfo, { fullPage: true });

    // The shirt's order tab lists the purchase: initial, country and size, no name.
    await page.goto(`/${locale}/product/1/`);
    await page.getByRole('tab', { name: PRODUCT_TABS[locale].tabs.order }).click();
    const purchases = page.locator('.recent-purchases-table tbody tr');
    await expect(purchases.filter({ hasText: 'R.' }).filter({ hasText: 'GB' }).filter({ hasText: shirt.size }).first()).toBeVisible();
    await expect(page.locator('.recent-purchases')).not.toContainText('Keeper');
  });
}

test('en-US: what a guest types before the checkout hydrates is kept and sent with the order', async ({ page, context, request, baseURL }) => {
  const m = CHECKOUT['en-US'];
  const visitor = await newVisitor(context, request, baseURL!);
  const ids = await visitor.add([await line(request, 5, {})]);
  const email = `early-${visitor.id.slice(0, 12)}@example.com`;
  const hydrate = await holdIsland(page, 'CheckoutPage');
  await page.goto(checkoutUrl('en-US', ids), { waitUntil: 'domcontentloaded' });
  // A slow phone: the form is on screen, its script is not yet there.
  await page.locator('.checkout input[name="email"]').fill(email);
  await page.locator('[autocomplete="shipping given-name"]').fill('Early');
  await page.locator('[autocomplete="shipping family-name"]').fill('Bird');
  await page.locator('[autocomplete="shipping address-line1"]').fill('221 Baker Street');
  await page.locator('[autocomplete="shipping address-level2"]').fill('London');
  await page.locator('[autocomplete="shipping postal-code"]').fill('NW1 6XE');
  await page.locator('[autocomplete="shipping tel-national"]').fill('2079460000');
  await hydrate();

  // The country list only comes with the script; choosing it re-renders the whole form.
  await page.locator('select[autocomplete="shipping country"]').selectOption('GB');
  await expect(page.locator('[data-method="standard"]')).toBeVisible();
  await expect(page.locator('.checkout input[name="email"]')).toHaveValue(email);
  await expect(page.locator('[autocomplete="shipping given-name"]')).toHaveValue('Early');
  await expect(page.locator('[autocomplete="shipping address-line1"]')).toHaveValue('221 Baker Street');
  await page.getByRole('button', { name: m.actions.continue }).click();
  await payWith(page, 'en-US', 'approve');
  await expect(page).toHaveURL(/\/en-US\/order-success\/JS-[A-Z0-9]{5}-[A-Z0-9]{5}\/\?token=/);
  await expect(page.getByText(fill(m.success.email, { email }))).toBeVisible();
  await expect(page.locator('.order-address')).toContainText('221 Baker Street');
  await expect(page.locator('.order-address')).toContainText('Early Bird');
});

test('zh-CN: a signed-in shopper pays with a saved address and finds the order in the account @viewports', async ({ page, context, request, baseURL }, testInfo) => {
  const locale = 'zh-CN';
  const m = CHECKOUT[locale];
  const email = `member-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'Jersey#e2e42';
  await api(request, '/demo/ironUser/registerUser', { firstName: 'Mei', lastName: 'Lin', email, password, subscribe: false });
  const tokens = await api<{ token: string; refreshToken: string }>(request, '/demo/permissionAuth/doLogin', { username: email, password });
  const auth = { authorization: `Bearer ${tokens.token}` };
  await api(request, '/demo/ironUserAddress/saveOrUpdateBatch', [
    { firstName: 'Mei', lastName: 'Lin', company: '', address: '8 Rue de Rivoli', address2: '', country: 'FR', province: '', city: 'Paris', postalCode: '75001', phoneCode: '+33', phone: '612345678', isDefault: true },
  ], auth);
  const visitor = await newVisitor(context, request, baseURL!, tokens.token);
  const ids = await visitor.add([await line(request, 9, {})]);
  await context.addInitScript((p) => {
    localStorage.setItem('SOY_token', JSON.stringify(p.token));
    localStorage.setItem('SOY_refreshToken', JSON.stringify(p.refreshToken));
  }, tokens);

  // No order yet: the list says so.
  await page.goto(`/${locale}/orders/`);
  await expect(page.getByText(m.orders.empty)).toBeVisible();
  await screenshot(page, `orders-empty-${locale}`, testInfo, { fullPage: true });

  await openCheckout(page, checkoutUrl(locale, ids));
  // Members have no email field: the account's is used. The default address is chosen.
  await expect(page.locator('.checkout input[name="email"]')).toHaveCount(0);
  await expect(page.locator('input[name="addressChoice"]').first()).toBeChecked();
  await expect(page.locator('.checkout-choice').first()).toContainText('8 Rue de Rivoli');
  await page.locator('[data-method="express"]').click();
  const expected = await visitor.quote({ source: { type: 'cart', cartItemIds: ids }, currency: 'EUR', country: 'FR', shippingMethod: 'express' });
  await expect(page.locator('.checkout-summary [data-total="total"]')).toHaveText(formatMoney(expected.summary.total, 'EUR', locale));
  await expect(page.locator('.checkout-summary [data-total="shipping"]')).toHaveText(formatMoney(expected.shipping!.amount, 'EUR', locale));
  await screenshot(page, `checkout-member-${locale}`, testInfo, { fullPage: true });
  await page.getByRole('button', { name: m.actions.continue }).click();
  await payWith(page, locale, 'approve');
  await expect(page).toHaveURL(/\/order-success\/JS-/);
  const orderNo = (await page.locator('[data-order-no]').textContent())!.trim();

  await page.getByRole('link', { name: m.order.allOrders }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/orders/`));
  const row = page.locator(`[data-order-no="${orderNo}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(formatMoney(expected.summary.total, 'EUR', locale));
  await screenshot(page, `orders-${locale}`, testInfo, { fullPage: true });
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/order-detail/${orderNo}/`));
  await expect(page.getByRole('heading', { name: fill(m.detail.heading, { orderNo }) })).toBeVisible();
  await expect(page.locator('.order-address')).toContainText('8 Rue de Rivoli');
  await expect(page.locator('.order-timeline').first()).toContainText(m.status.paid);
  // Paris: French VAT in the price, and the invoice, fetched with the session (no token in the link).
  await expect(page.locator('.order-page .totals-included dt')).toHaveText(fill(m.summary.taxIncluded, { tax: m.tax.names.vat, rate: 20 }));
  const invoice = page.locator('.order-documents li[data-kind="invoice"] a');
  await expect(invoice).not.toHaveAttribute('href', /token=/);
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await screenshot(page, `order-detail-${locale}`, testInfo, { fullPage: true });
});

test('en-US: a declined card is retried and the order is paid', async ({ page, context, request, baseURL }) => {
  const locale = 'en-US';
  const m = CHECKOUT[locale];
  const visitor = await newVisitor(context, request, baseURL!);
  const ids = await visitor.add([await line(request, 12, {})]);
  await openCheckout(page, checkoutUrl(locale, ids));
  await page.locator('.checkout input[name="email"]').fill(`declined-${visitor.id.slice(0, 12)}@example.com`);
  await typeShippingAddress(page, 'GB');
  await expect(page.locator('[data-method="standard"]')).toBeVisible();
  await page.getByRole('button', { name: m.actions.continue }).click();

  await payWith(page, locale, 'decline');
  await expect(page.getByText(m.pay.declined)).toBeVisible();
  await expect(page).toHaveURL(/\/checkouts\/cart\//);
  // The buttons stay; the next approval pays the same order.
  const orderNo = (await page.locator('.checkout-pay').textContent())!.match(/JS-[A-Z0-9]{5}-[A-Z0-9]{5}/)![0];
  await payWith(page, locale, 'approve');
  await expect(page).toHaveURL(new RegExp(`/order-success/${orderNo}/`));
  await expect(page.locator('[data-status]')).toHaveText(m.status.paid);
});

test('zh-CN: a cancelled approval returns to the checkout with the form as it was', async ({ page, context, request, baseURL }) => {
  const locale = 'zh-CN';
  const m = CHECKOUT[locale];
  const visitor = await newVisitor(context, request, baseURL!);
  const ids = await visitor.add([await personalised(request, 3)]);
  const email = `cancel-${visitor.id.slice(0, 12)}@example.com`;
  await openCheckout(page, checkoutUrl(locale, ids));
  await page.locator('.checkout input[name="email"]').fill(email);
  await typeShippingAddress(page, 'GB');
  await page.locator('[data-method="express"]').click();
  await page.locator('input[name="acceptPersonalisedTerms"]').check();
  await page.getByRole('button', { name: m.actions.continue }).click();

  await payWith(page, locale, 'cancel');
  await expect(page.getByText(m.pay.cancelled)).toBeVisible();
  await expect(page.locator('.checkout input[name="email"]')).toHaveValue(email);
  await expect(page.locator('[autocomplete="shipping address-line1"]')).toHaveValue('12 Baker Street');
  await expect(page.locator('input[name="shippingMethod"][value="express"]')).toBeChecked();
  await expect(page.locator('input[name="acceptPersonalisedTerms"]')).toBeChecked();
  // Paying after all, nothing changed: the same order is paid.
  const orderNo = (await page.locator('.checkout-pay').textContent())!.match(/JS-[A-Z0-9]{5}-[A-Z0-9]{5}/)![0];
  await payWith(page, locale, 'approve');
  await expect(page).toHaveURL(new RegExp(`/order-success/${orderNo}/`));
  await expect(page.locator('[data-status]')).toHaveText(m.status.paid);
});
