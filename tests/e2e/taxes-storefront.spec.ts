/**
 * Where shoppers see taxes (docs/taxes.md "Where shoppers see it"), against the demo shop's tax
 * settings (a German merchant registered for OSS, UK VAT, GST in Australia, New Zealand and
 * Canada, QST): a German guest sees "incl. VAT" prices on the product page, the cards, the cart
 * and the drawer, pays, finds the VAT in the order's figures, receives the confirmation with the
 * invoice PDF attached and downloads it from the order page; a Canadian shopper sees "plus tax"
 * and, at checkout, GST and QST added between shipping and the total once the province is chosen.
 * Each in en-US at 1440 px and zh-CN at 375 px (playwright.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { waitForMail } from './support/mail.ts';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test.ts';
import type { CheckoutQuote } from '../../src/domain/checkout.model.ts';
import type { Locale } from '../../src/domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../src/domain/money.model.ts';
import type { OrderDetail } from '../../src/domain/orders.model.ts';
import { ratePercent, type TaxSummaryRow } from '../../src/domain/tax/tax.model.ts';
import enCart from '../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import enCheckout from '../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import enCore from '../../src/i18n/locales/en-US/core.json' with { type: 'json' };
import zhCart from '../../src/i18n/locales/zh-CN/cart.json' with { type: 'json' };
import zhCheckout from '../../src/i18n/locales/zh-CN/checkout.json' with { type: 'json' };
import zhCore from '../../src/i18n/locales/zh-CN/core.json' with { type: 'json' };
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';

const TEXTS = {
  'en-US': { cart: enCart, checkout: enCheckout, core: enCore },
  'zh-CN': { cart: zhCart, checkout: zhCheckout, core: zhCore },
} as const;
/** The simulator dialog's approve button (src/server/payments/simulator-sdk.js). */
const APPROVE = { 'en-US': 'Approve payment', 'zh-CN': '确认付款' } as const;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

interface Visitor {
  id: string;
  add(lines: readonly unknown[]): Promise<number[]>;
  quote(body: unknown): Promise<CheckoutQuote>;
}

async function newVisitor(context: BrowserContext, request: APIRequestContext, baseURL: string, currency: CurrencyCode): Promise<Visitor> {
  const id = randomBytes(16).toString('hex');
  await context.addCookies([{ name: 'X-Visitor-Id', value: id, url: baseURL }]);
  await context.addInitScript((code) => localStorage.setItem('SOY_currency', JSON.stringify(code)), currency);
  const headers = { 'x-visitor-id': id };
  return {
    id,
    add: async (lines) => (await apiData<{ ids: number[] }>(request, '/demo/ironCartItem/saveCartItemList', lines, headers)).ids,
    quote: (body) => apiData<CheckoutQuote>(request, '/demo/checkout/quote', body, headers),
  };
}

/** A plain shirt (no printing, so no personalised terms) in the product's best-stocked size: journeys in parallel buy the same stock. */
async function plainLine(request: APIRequestContext, productId: number, quantity = 1) {
  const detail = await apiData<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: productId });
  const best = [...detail.sizes].sort((a, b) => b.stock - a.stock)[0]!;
  return { productId, size: best.size, customType: 1, quantity };
}

/** "Includes VAT 19%" / "GST 5%" as the page words a row. */
function rowLabel(locale: Locale, row: TaxSummaryRow, key: 'taxIncluded' | 'taxAdded'): string {
  const m = TEXTS[locale].checkout;
  const names: Record<string, string> = { VAT: m.tax.names.vat, GST: m.tax.names.gst, HST: m.tax.names.hst, QST: m.tax.names.qst, PST: m.tax.names.pst };
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(ratePercent(row.rate));
  return fill(m.summary[key], { tax: names[row.tax] ?? row.tax, rate });
}

async function openCheckout(page: Page, locale: Locale, ids: readonly number[]): Promise<void> {
  await page.goto(`/${locale}/checkouts/cart/?from=cart&items=${encodeURIComponent(JSON.stringify(ids))}`);
  await page.locator('astro-island[component-url*="CheckoutPage"]:not([ssr])').waitFor({ state: 'attached' });
}

async function openDrawer(page: Page, locale: Locale) {
  await page.evaluate(() => window.dispatchEvent(new Event('cart-open')));
  const drawer = page.getByRole('dialog', { name: TEXTS[locale].cart.drawer.title });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function typeAddress(page: Page, address: { country: string; province?: string; city: string; postalCode: string; line: string; phoneCode: string; phone: string }): Promise<void> {
  await page.locator('select[autocomplete="shipping country"]').selectOption(address.country);
  await page.locator('[autocomplete="shipping given-name"]').fill('Robin');
  await page.locator('[autocomplete="shipping family-name"]').fill('Keeper');
  await page.locator('[autocomplete="shipping address-line1"]').fill(address.line);
  await page.locator('[autocomplete="shipping address-level2"]').fill(address.city);
  await page.locator('[autocomplete="shipping postal-code"]').fill(address.postalCode);
  const code = page.locator('[autocomplete="shipping tel-country-code"]');
  await code.fill(address.phoneCode);
  await page.locator('[autocomplete="shipping tel-national"]').fill(address.phone);
  if (address.province) await page.locator('select[autocomplete="shipping address-level1"]').selectOption(address.province);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const { cart: c, checkout: m, core } = TEXTS[locale];
  const money = (amount: number, currency: CurrencyCode) => formatMoney(amount, currency, locale);

  test(`${locale}: a German guest sees prices incl. VAT, pays, gets the invoice PDF by mail and downloads it from the order page`, async ({ page, context, request, baseURL }, testInfo) => {
    const visitor = await newVisitor(context, request, baseURL!, 'EUR');
    const email = `de-guest-${visitor.id.slice(0, 12)}@example.com`;

    // The product page and the cards say the euro prices include VAT.
    await page.goto(`/${locale}/product/1/`);
    await expect(page.locator('.info .price .tax-note')).toHaveText(core.product.taxNote.inclVat);
    await page.goto(`/${locale}/`);
    await expect(page.locator('.card .card-price .tax-note').first()).toHaveText(core.product.taxNote.inclVat);

    const ids = await visitor.add([await plainLine(request, 5), await plainLine(request, 9)]);
    await page.goto(`/${locale}/cart/`);
    await expect(page.locator('.cart-page-summary [data-total="tax"]')).toHaveText(c.summary.taxIncluded.inclVat);
    const drawer = await openDrawer(page, locale);
    await expect(drawer.locator('[data-total="tax"]')).toHaveText(c.summary.taxIncluded.inclVat);
    await screenshot(page, `taxes-drawer-de-${locale}`, testInfo);
    await page.keyboard.press('Escape');

    // Checkout: before the address the tax waits for it; with a German address, the VAT the total includes.
    await openCheckout(page, locale, ids);
    const summary = page.locator('.checkout-summary');
    await expect(summary.locator('[data-total="tax"]')).toHaveText(m.summary.taxPending);
    await page.locator('.checkout input[name="email"]').fill(email);
    await typeAddress(page, { country: 'DE', city: 'Berlin', postalCode: '10115', line: 'Invalidenstraße 116', phoneCode: '+49', phone: '30123456' });
    const expected = await visitor.quote({ source: { type: 'cart', cartItemIds: ids }, currency: 'EUR', country: 'DE', shippingMethod: 'standard' });
    const vat = expected.tax!.rows.find((row) => row.amount > 0)!;
    expect(expected.tax!.display).toBe('inclusive');
    expect(vat.rate).toBe(19_000);
    expect(expected.summary.taxAdded).toBe(0);
    const included = summary.locator('.totals-included');
    await expect(included).toHaveCount(1);
    await expect(included.locator('dt')).toHaveText(rowLabel(locale, vat, 'taxIncluded'));
    await expect(included.locator('dd')).toHaveText(money(vat.amount, 'EUR'));
    await expect(summary.locator('[data-total="total"]')).toHaveText(money(expected.summary.total, 'EUR'));
    await screenshot(page, `taxes-checkout-de-${locale}`, testInfo, { fullPage: true });

    await page.getByRole('button', { name: m.actions.continue }).click();
    const buttons = page.locator('[data-paypal-sim="buttons"]');
    await expect(buttons).toBeVisible();
    await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: APPROVE[locale], exact: true }).click();

    // The order page: the same VAT, and the invoice to download.
    await expect(page).toHaveURL(new RegExp(`/${locale}/order-success/JS-[A-Z0-9]{5}-[A-Z0-9]{5}/\\?token=`));
    const orderNo = (await page.locator('[data-order-no]').textContent())!.trim();
    await expect(page.locator('.order-page .totals-included dd')).toHaveText(money(vat.amount, 'EUR'));
    await expect(page.locator('.order-page [data-total="total"]')).toHaveText(money(expected.summary.total, 'EUR'));
    const invoice = page.locator('.order-documents li[data-kind="invoice"]');
    await expect(invoice).toHaveCount(1);
    const number = (await invoice.getAttribute('data-document'))!;
    await expect(invoice).toContainText(fill(m.order.invoice, { number }));
    await screenshot(page, `taxes-order-de-${locale}`, testInfo, { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('link', { name: fill(m.order.downloadNamed, { name: fill(m.order.invoice, { number }) }) }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The confirmation mail carries the same invoice.
    const mail = await waitForMail({ to: email, subject: new RegExp(orderNo) }, 20_000);
    const attached = (mail.attachments ?? []).find((file) => file.filename === `${number}.pdf`);
    expect(attached?.contentType).toBe('application/pdf');
    expect(Buffer.from(attached!.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The order as the API keeps it: the VAT frozen, the invoice listed.
    const token = new URL(page.url()).searchParams.get('token')!;
    const detail = await apiData<OrderDetail>(request, '/demo/ironOrder/getOrderDetail', { orderNo, token });
    expect(detail.amounts.tax.total).toBe(expected.tax!.total);
    expect(detail.documents.map((doc) => doc.number)).toEqual([number]);
  });

  test(`${locale}: a Canadian shopper sees prices plus tax and, in Quebec, GST and QST added at checkout`, async ({ page, context, request, baseURL }, testInfo) => {
    const visitor = await newVisitor(context, request, baseURL!, 'CAD');
    await page.goto(`/${locale}/product/1/`);
    await expect(page.locator('.info .price .tax-note')).toHaveText(core.product.taxNote.plusTax);
    // The cards the build wrote say "incl. VAT" for euros; the header script words them for dollars.
    await page.goto(`/${locale}/`);
    await expect(page.locator('.card .card-price .tax-note').first()).toHaveText(core.product.taxNote.plusTax);
    const ids = await visitor.add([await plainLine(request, 5, 2)]);
    await page.goto(`/${locale}/cart/`);
    await expect(page.locator('.cart-page-summary [data-total="tax"]')).toHaveText(c.summary.taxAtCheckout);

    await openCheckout(page, locale, ids);
    const summary = page.locator('.checkout-summary');
    await page.locator('.checkout input[name="email"]').fill(`ca-${visitor.id.slice(0, 12)}@example.com`);
    await typeAddress(page, { country: 'CA', city: 'Montréal', postalCode: 'H2X 1Y4', line: '1200 Rue Sainte-Catherine', phoneCode: '+1', phone: '5145550100' });
    // Without the province, the tax waits for it.
    await expect(summary.locator('[data-total="tax"]')).toHaveText(m.summary.taxRegion);
    await expect(summary.locator('[data-region-notice]')).toHaveText(m.summary.taxRegionHint);
    await page.locator('select[autocomplete="shipping address-level1"]').selectOption('QC');

    const expected = await visitor.quote({ source: { type: 'cart', cartItemIds: ids }, currency: 'CAD', country: 'CA', province: 'QC', shippingMethod: 'standard' });
    const rows = expected.tax!.rows.filter((row) => row.amount > 0);
    expect(rows.map((row) => [row.tax, row.rate])).toEqual([
      ['GST', 5_000],
      ['QST', 9_975],
    ]);
    expect(expected.summary.taxAdded).toBe(rows[0]!.amount + rows[1]!.amount);
    expect(expected.summary.total).toBe(expected.summary.itemsAfterDiscounts + expected.summary.shipping + expected.summary.taxAdded);
    const figures = summary.locator('.checkout-totals > div');
    // Between shipping and the total, in that order.
    await expect(figures.locator('dt')).toHaveText([
      fill(m.summary.items_other, { count: 2 }),
      m.summary.shipping,
      rowLabel(locale, rows[0]!, 'taxAdded'),
      rowLabel(locale, rows[1]!, 'taxAdded'),
      m.summary.total,
    ]);
    await expect(summary.locator('[data-total="tax-CA-GST"]')).toHaveText(money(rows[0]!.amount, 'CAD'));
    await expect(summary.locator('[data-total="tax-CA-QC-QST"]')).toHaveText(money(rows[1]!.amount, 'CAD'));
    await expect(summary.locator('[data-total="total"]')).toHaveText(money(expected.summary.total, 'CAD'));
    await expect(summary.locator('.totals-included')).toHaveCount(0);
    await screenshot(page, `taxes-checkout-ca-qc-${locale}`, testInfo, { fullPage: true });
  });
}
