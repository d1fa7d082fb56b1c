/**
 * Tax at checkout and on the order (docs/taxes.md "At checkout", "On the order"), with the demo
 * merchant's settings (db/seed/settings.ts: a German shop registered for OSS, UK VAT, AU and NZ
 * GST, CA GST/HST and QST): the quote's breakdown per destination, the order freezing its tax
 * columns and lines in the statement that places it, a rate edit never touching a placed order,
 * PayPal's tax_total and a paid Canadian order with its mails, and bad input refused.
 */
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSettingsApi } from '../../src/domain/api/admin/settings.ts';
import type { CheckoutQuote, PlacedOrder } from '../../src/domain/checkout.model.ts';
import { DEFAULT_RATES, convertFromEur, divRound, formatMoney } from '../../src/domain/money.model.ts';
import type { OrderDetail } from '../../src/domain/orders.model.ts';
import type { AdminSettings } from '../../src/domain/settings.model.ts';
import type { TaxBreakdown } from '../../src/domain/tax/tax.model.ts';
import { orderItems, orderTaxLines, orders, products } from '../../src/server/db/schema.ts';
import { DEMO_TAXES } from '../../src/server/db/seed/settings.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { callEntry, staffTrio, type Staff } from './admin-support.ts';
import { call, type TestShop } from './harness.ts';
import { as, guestCart, makeCoupon, orderDetail, pay, placeOrder, plainLine, printedLine, simulatorOf, ukAddress, useOrderShop, type Stock } from './orders-support.ts';

const MERCHANT = 'tax.merchant@example.com';
let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;
let owner: Staff;

useOrderShop({ merchantEmail: MERCHANT }, {}, 60, (env) => ({ shop, mail, stock } = env));
beforeAll(async () => {
  ({ owner } = await staffTrio(shop));
});

const quebec = { ...ukAddress, address: '1 rue Sainte-Catherine', country: 'CA', province: 'QC', postalCode: 'H2X 1Y4', phoneCode: '+1', city: 'Montréal', phone: '514 555 0100' };

async function quoteOf(lines: Record<string, unknown>[], body: Record<string, unknown>) {
  const cart = await guestCart(shop, lines);
  const answer = await call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: cart.ids }, shippingMethod: 'express', ...body }, as(cart.visitorId));
  return { cart, answer };
}

async function quote(body: Record<string, unknown>, lines: Record<string, unknown>[] = [plainLine(stock)]): Promise<CheckoutQuote> {
  const { answer } = await quoteOf(lines, body);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

/** Tax extracted from a gross amount at a rate (thousandths of a percent), as docs/taxes.md works it. */
const included = (gross: number, rate: number) => gross - divRound(gross * 100_000, 100_000 + rate);
/** Tax added to a net amount. */
const added = (net: number, rate: number) => divRound(net * rate, 100_000);

async function setTaxClass(productId: number, taxClass: 'standard' | 'children' | 'exempt') {
  await shop.database.db.update(products).set({ taxClass }).where(eq(products.id, productId));
}

describe('the quote', () => {
  it('has no tax before the destination is known, and totals as before', async () => {
    const q = await quote({ currency: 'EUR' });
    expect(q.tax).toBeNull();
    expect(q.summary.taxAdded).toBe(0);
    expect(q.summary.total).toBe(q.summary.itemsAfterDiscounts);
  });

  it('Germany: VAT 19% included, the total unchanged', async () => {
    const q = await quote({ currency: 'EUR', country: 'DE' });
    const gross = q.summary.itemsAfterDiscounts + q.summary.shipping;
    expect(q.summary).toMatchObject({ taxAdded: 0, total: gross });
    expect(q.tax).toMatchObject({ market: 'DE', display: 'inclusive', reason: 'home', importTaxesOnDelivery: false, total: included(gross, 19_000), added: 0 });
    expect(q.tax!.rows).toEqual([{ jurisdiction: 'DE', tax: 'VAT', declaredUnder: 'home', rate: 19_000, base: gross - included(gross, 19_000), amount: included(gross, 19_000) }]);
  });

  it('France: the destination VAT under OSS', async () => {
    const q = await quote({ currency: 'EUR', country: 'FR' });
    const gross = q.summary.itemsAfterDiscounts + q.summary.shipping;
    expect(q.tax).toMatchObject({ market: 'FR', display: 'inclusive', reason: 'registered', total: included(gross, 20_000) });
    expect(q.tax!.rows.map((r) => [r.tax, r.rate, r.declaredUnder])).toEqual([['VAT', 20_000, 'EU-OSS']]);
  });

  it("UK: a child's kit is zero-rated, shipping included", async () => {
    await setTaxClass(stock.productId, 'children');
    try {
      const q = await quote({ currency: 'GBP', country: 'GB' });
      expect(q.summary.shipping).toBeGreaterThan(0);
      expect(q.tax).toMatchObject({ market: 'GB', display: 'inclusive', reason: 'registered', total: 0, added: 0 });
      expect(q.tax!.rows).toEqual([{ jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 0, base: q.summary.itemsAfterDiscounts + q.summary.shipping, amount: 0 }]);
    } finally {
      await setTaxClass(stock.productId, 'standard');
    }
    // The same kit as an adult's: 20%.
    const adult = await quote({ currency: 'GBP', country: 'GB' });
    expect(adult.tax!.total).toBe(included(adult.summary.itemsAfterDiscounts + adult.summary.shipping, 20_000));
  });

  it('Ontario: 13% HST added to the total', async () => {
    const q = await quote({ currency: 'CAD', country: 'CA', province: 'ON' });
    const net = q.summary.itemsAfterDiscounts + q.summary.shipping;
    const hst = added(net, 13_000);
    expect(q.tax).toMatchObject({ market: 'CA-ON', display: 'exclusive', reason: 'registered', total: hst, added: hst });
    expect(q.tax!.rows).toEqual([{ jurisdiction: 'CA-ON', tax: 'HST', declaredUnder: 'CA-GST', rate: 13_000, base: net, amount: hst }]);
    expect(q.summary).toMatchObject({ taxAdded: hst, total: net + hst });
  });

  it('Quebec: GST 5% and QST 9.975%, each on the price before tax', async () => {
    const q = await quote({ currency: 'CAD', country: 'CA', province: 'QC' });
    const net = q.summary.itemsAfterDiscounts + q.summary.shipping;
    expect(q.tax!.rows.map((r) => [r.jurisdiction, r.tax, r.rate, r.base, r.amount])).toEqual([
      ['CA', 'GST', 5_000, net, added(net, 5_000)],
      ['CA-QC', 'QST', 9_975, net, added(net, 9_975)],
    ]);
    expect(q.summary.total).toBe(net + added(net, 5_000) + added(net, 9_975));
  });

  it('Canada and the US without a province: region needed, nothing added; the US untaxed by default', async () => {
    for (const country of ['CA', 'US']) {
      const q = await quote({ currency: 'USD', country });
      expect(q.tax).toMatchObject({ reason: 'region-needed', total: 0, added: 0, rows: [] });
      expect(q.summary.total).toBe(q.summary.itemsAfterDiscounts + q.summary.shipping);
    }
    const ny = await quote({ currency: 'USD', country: 'US', province: 'NY' });
    expect(ny.tax).toMatchObject({ market: 'US', display: 'exclusive', reason: 'no-tax', total: 0, added: 0, rows: [] });
    expect(ny.summary.taxAdded).toBe(0);
  });

  it('takes the province by name too, as the address form does', async () => {
    const q = await quote({ currency: 'CAD', country: 'CA', province: 'Ontario' });
    expect(q.tax!.market).toBe('CA-ON');
  });

  it('Australia above 1,000 AUD: no GST at checkout, import taxes paid on delivery', async () => {
    const unitAud = convertFromEur(stock.price, 'AUD', DEFAULT_RATES);
    const quantity = Math.min(99, Math.ceil(250_000 / unitAud));
    const q = await quote({ currency: 'AUD', country: 'AU' }, [plainLine(stock, quantity)]);
    expect(q.summary.itemsAfterDiscounts).toBeGreaterThan(110_000);
    expect(q.tax).toMatchObject({ market: 'AU', display: 'inclusive', reason: 'above-import-limit', importTaxesOnDelivery: true, total: 0, rows: [] });
    // Below it, GST is charged (included).
    const small = await quote({ currency: 'AUD', country: 'AU' });
    expect(small.tax).toMatchObject({ reason: 'registered', importTaxesOnDelivery: false, total: included(small.summary.itemsAfterDiscounts + small.summary.shipping, 10_000) });
  });

  it('refuses a province that is not one, with a clear message', async () => {
    for (const province of ['ZZ', 'Bavaria']) {
      const { answer } = await quoteOf([plainLine(stock)], { currency: 'CAD', country: 'CA', province });
      expect(answer.code).toBe('1001');
      expect(answer.data).toMatchObject({ issues: [{ path: 'body.province' }] });
    }
    const { answer } = await quoteOf([plainLine(stock)], { currency: 'CAD', country: 'CA', province: 'x'.repeat(101) });
    expect(answer.code).toBe('1001');
  });
});

/** What the database froze of an order: its tax columns, its lines' classes and its tax lines. */
async function frozen(orderNo: string) {
  const db = shop.database.db;
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const items = await db.select({ id: orderItems.id, taxClass: orderItems.taxClass }).from(orderItems).where(eq(orderItems.orderId, row!.id)).orderBy(asc(orderItems.id));
  const lines = await db.select().from(orderTaxLines).where(eq(orderTaxLines.orderId, row!.id)).orderBy(asc(orderTaxLines.id));
  return { row: row!, items, lines };
}

describe('placing an order', () => {
  let placed: PlacedOrder;
  let shown: CheckoutQuote;
  let detailBefore: OrderDetail;

  it('freezes the tax the quote showed: the columns, one statement with the lines, the total check', async () => {
    const lines = [plainLine(stock), printedLine(stock, 2)];
    const cart = await guestCart(shop, lines);
    const q = await call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'CAD', country: 'CA', province: 'QC', shippingMethod: 'express' }, as(cart.visitorId));
    shown = q.data;
    const answer = await placeOrder(shop, { visitorId: cart.visitorId }, { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'CAD', email: 'quebec@example.com', address: quebec, shippingMethod: 'express', acceptPersonalisedTerms: true });
    expect(answer.code, answer.msg).toBe('0000');
    placed = answer.data;
    expect(placed.total).toBe(shown.summary.total);

    const { row, items, lines: taxLines } = await frozen(placed.orderNo);
    expect(row).toMatchObject({ taxTotal: shown.tax!.total, taxAdded: shown.tax!.added, taxDisplay: 'exclusive', taxMarket: 'CA-QC', taxReason: 'registered', importTaxesOnDelivery: false });
    expect(row.total).toBe(row.itemsTotal - row.tierDiscount - row.couponDiscount + row.shippingAmount + row.taxAdded);
    expect(taxLines.reduce((sum, l) => sum + l.amount, 0)).toBe(row.taxTotal);
    expect(items.map((i) => i.taxClass)).toEqual(['standard', 'standard']);
    // Each goods line and each line's share of the shipping, GST and QST each.
    expect(taxLines.map((l) => `${l.lineIndex}${l.shipping ? 's' : ''} ${l.tax}`).sort()).toEqual(['0 GST', '0 QST', '0s GST', '0s QST', '1 GST', '1 QST', '1s GST', '1s QST']);
    expect(taxLines.filter((l) => !l.shipping).reduce((sum, l) => sum + l.base, 0) / 2).toBe(row.itemsTotal - row.tierDiscount - row.couponDiscount);
    expect(taxLines.filter((l) => l.shipping).reduce((sum, l) => sum + l.base, 0) / 2).toBe(row.shippingAmount);

    const detail = await orderDetail(shop, placed.orderNo, { token: placed.accessToken });
    expect(detail.code).toBe('0000');
    detailBefore = detail.data as OrderDetail;
    expect(detailBefore.amounts.tax).toEqual(shown.tax);
    expect(detailBefore.amounts.total).toBe(shown.summary.total);
  });

  it('freezes a German order with a child’s kit and a coupon: line taxes add up, the total is what was shown', async () => {
    const child = { ...stock };
    await setTaxClass(child.productId, 'children');
    try {
      const couponCode = await makeCoupon(shop, { kind: 'percent', percent: 15 });
      const cart = await guestCart(shop, [plainLine(stock, 3)]);
      const body = { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', email: 'berlin@example.com', address: { ...ukAddress, country: 'DE', province: '', postalCode: '10115', city: 'Berlin', phoneCode: '+49', phone: '30 1234567' }, shippingMethod: 'express', couponCode };
      const q = await call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source: body.source, currency: 'EUR', country: 'DE', shippingMethod: 'express', couponCode }, as(cart.visitorId));
      expect(q.data.summary.couponDiscount).toBeGreaterThan(0);
      const answer = await placeOrder(shop, { visitorId: cart.visitorId }, body);
      expect(answer.code, answer.msg).toBe('0000');
      const { row, items, lines } = await frozen(answer.data.orderNo);
      // Children's clothing is standard-rated in Germany: 19%, on the class frozen on the line.
      expect(items.map((i) => i.taxClass)).toEqual(['children']);
      expect(row).toMatchObject({ taxDisplay: 'inclusive', taxAdded: 0, taxTotal: q.data.tax!.total, total: q.data.summary.total, couponDiscount: q.data.summary.couponDiscount });
      expect(row.taxTotal).toBe(included(row.total, 19_000));
      expect(lines.every((l) => l.rate === 19_000 && l.taxClass === 'children')).toBe(true);
      expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(row.taxTotal);
      expect(lines.reduce((sum, l) => sum + l.base + l.amount, 0)).toBe(row.total);
    } finally {
      await setTaxClass(child.productId, 'standard');
    }
  });

  it('keeps the order as placed when the merchant edits a rate afterwards; new quotes take the edit', async () => {
    const before = await frozen(placed.orderNo);
    const saved = await callEntry<AdminSettings>(shop, adminSettingsApi.saveSettings, { section: 'taxes', value: { ...DEMO_TAXES, rateEdits: [{ market: 'CA-QC', tax: 'QST', standard: 12_000, children: null, checkedOn: '2026-11-20' }] } }, owner);
    expect(saved.code, saved.msg).toBe('0000');
    try {
      const fresh = await quote({ currency: 'CAD', country: 'CA', province: 'QC' });
      const net = fresh.summary.itemsAfterDiscounts + fresh.summary.shipping;
      expect(fresh.tax!.rows.find((r) => r.tax === 'QST')).toMatchObject({ rate: 12_000, amount: added(net, 12_000) });

      expect(await frozen(placed.orderNo)).toEqual(before);
      const detail = await orderDetail(shop, placed.orderNo, { token: placed.accessToken });
      expect((detail.data as OrderDetail).amounts).toEqual(detailBefore.amounts);
    } finally {
      const back = await callEntry(shop, adminSettingsApi.saveSettings, { section: 'taxes', value: DEMO_TAXES }, owner);
      expect(back.code).toBe('0000');
    }
  });

  it('prices at the destination rate when the merchant chose destination-rate, quote and order alike', async () => {
    const saved = await callEntry(shop, adminSettingsApi.saveSettings, { section: 'taxes', value: { ...DEMO_TAXES, priceMode: 'destination-rate' } }, owner);
    expect(saved.code, saved.msg).toBe('0000');
    try {
      const cart = await guestCart(shop, [plainLine(stock)]);
      const source = { type: 'cart', cartItemIds: cart.ids };
      const ask = async (country?: string) => (await call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source, currency: 'EUR', shippingMethod: 'express', ...(country ? { country } : {}) }, as(cart.visitorId))).data;
      const catalogue = (await ask()).lines[0]!.price;
      // The catalogue price includes Germany's 19%: France's 20% put in instead, the UK's 20%, none in Canada (added at checkout).
      expect((await ask('DE')).lines[0]!.price).toBe(catalogue);
      const france = await ask('FR');
      expect(france.lines[0]!.price).toBe(divRound(catalogue * 120_000, 119_000));
      expect(france.tax!.total).toBe(included(france.summary.total, 20_000));
      expect((await ask('US')).lines[0]!.price).toBe(divRound(catalogue * 100_000, 119_000));
      const answer = await placeOrder(shop, { visitorId: cart.visitorId }, { source, currency: 'EUR', email: 'paris@example.com', address: { ...ukAddress, country: 'FR', province: '', postalCode: '75001', city: 'Paris', phoneCode: '+33', phone: '1 42 00 00 00' }, shippingMethod: 'express' });
      expect(answer.code, answer.msg).toBe('0000');
      expect(answer.data.total).toBe(france.summary.total);
      const { row } = await frozen(answer.data.orderNo);
      expect(row).toMatchObject({ itemsTotal: france.summary.items, taxTotal: france.tax!.total, taxMarket: 'FR' });
    } finally {
      expect((await callEntry(shop, adminSettingsApi.saveSettings, { section: 'taxes', value: DEMO_TAXES }, owner)).code).toBe('0000');
    }
  });

  it('sends PayPal the tax as tax_total, captures the taxed CAD order, and the mails show the breakdown', async () => {
    const { paypalOrderId, captured } = await pay(shop, placed);
    expect(captured.data).toMatchObject({ status: 'paid', payment: 'COMPLETED' });
    // The simulator checked amount = item_total + shipping + tax_total - discount when the order was created.
    expect(simulatorOf(shop).publicOrder(paypalOrderId)!.amount).toEqual({ currency_code: 'CAD', value: (placed.total / 100).toFixed(2) });
    const captureAmount = simulatorOf(shop).captureOf(paypalOrderId)!.amount as unknown as { value: string; breakdown: Record<string, { value: string }> };
    expect(captureAmount.value).toBe((placed.total / 100).toFixed(2));
    expect(captureAmount.breakdown.tax_total).toEqual({ currency_code: 'CAD', value: (shown.tax!.added / 100).toFixed(2) });

    const tax = shown.tax as TaxBreakdown;
    const gst = tax.rows.find((r) => r.tax === 'GST')!;
    const qst = tax.rows.find((r) => r.tax === 'QST')!;
    const confirmation = await mail.waitFor((m) => m.to.includes('quebec@example.com'));
    const money = (minor: number) => formatMoney(minor, 'CAD', 'en-US');
    expect(confirmation.text).toContain(`GST 5%: ${money(gst.amount)}`);
    expect(confirmation.text).toContain(`QST 9.975%: ${money(qst.amount)}`);
    expect(confirmation.text).toContain(`Total: ${money(placed.total)}`);
    expect(confirmation.text).not.toContain('incl.');
    const merchant = await mail.waitFor((m) => m.to.includes(MERCHANT) && m.text.includes(placed.orderNo));
    expect(merchant.text).toContain(`Tax added: ${money(tax.total)} (GST 5%, QST 9.975%)`);
  });

  it('keeps the tracking page free of amounts', async () => {
    const tracked = await call(shop.app, '/demo/ironOrder/track', { orderNo: placed.orderNo });
    expect(tracked.code).toBe('0000');
    const text = JSON.stringify(tracked.data);
    expect(text).not.toMatch(/tax|total|amount/i);
  });

  it('refuses an address whose province is not one, and writes nothing', async () => {
    const [{ n: before }] = (await shop.database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    const cart = await guestCart(shop, [plainLine(stock)]);
    const answer = await placeOrder(shop, { visitorId: cart.visitorId }, { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'CAD', email: 'nowhere@example.com', address: { ...quebec, province: 'Atlantis' }, shippingMethod: 'express' });
    expect(answer.code).toBe('1001');
    expect(answer.data).toMatchObject({ issues: [{ path: 'body.address.province' }] });
    const [{ n: after }] = (await shop.database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(before);
  });
});
