/**
 * The shop's settings (settings:edit, R_SUPER only): read and saved one section at a time, each
 * save one audit row with the fields changed; bad input answered in the envelope with nothing
 * changed; the server prices carts, quotes, orders and PayPal's amounts from them at once, on
 * every instance (the settings cache is dropped by the database's notification); the shop config
 * the storefront reads answers them.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSettingsApi } from '../../src/domain/api/admin/settings.ts';
import { systemApi } from '../../src/domain/api/system.ts';
import type { CheckoutQuote } from '../../src/domain/checkout.model.ts';
import { DEFAULT_RATES } from '../../src/domain/money.model.ts';
import { FREE_SHIPPING_THRESHOLD_EUR } from '../../src/domain/pricing.ts';
import type { AdminSettings, ShopSettings } from '../../src/domain/settings.model.ts';
import { SHIPPING_RATES, ZONE_COUNTRIES } from '../../src/domain/shipping.ts';
import type { ShopConfig } from '../../src/domain/system.model.ts';
import { orders, settings } from '../../src/server/db/schema.ts';
import { AuditLog } from '../../src/server/modules/audit/index.ts';
import { SettingsService } from '../../src/server/modules/settings/index.ts';
import { auditCount, auditRows, callEntry, siteChangeMark, type Staff, staffTrio } from './admin-support.ts';
import { call, secondInstance, type TestShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { as, createPaypalOrder, guestCart, guestOrder, placeOrder, plainLine, ukAddress, useOrderShop, type Stock } from './orders-support.ts';
import { eventually } from '../support/eventually.ts';

let shop: TestShop;
let owner: Staff, admin: Staff, customer: Staff;
let stock: Stock;
let mail: MailReceiver;

/** The shop's configured DISCOUNT_TIERS: the tiers section's default until it is saved. */
const CONFIGURED_TIERS = [{ minItems: 4, percent: 12 }];
useOrderShop({ discountTiers: CONFIGURED_TIERS }, {}, 40, (env) => ({ shop, mail, stock } = env));
beforeAll(async () => {
  ({ owner, admin, customer } = await staffTrio(shop));
});


const current = async () => (await callEntry<AdminSettings>(shop, adminSettingsApi.settings, undefined, owner)).data.settings;
const save = (section: string, value: unknown, who: Staff = owner) => callEntry<AdminSettings>(shop, adminSettingsApi.saveSettings, { section, value }, who);
const settingRows = async () => (await shop.database.db.select().from(settings)).length;

function quote(app: FastifyInstance, visitorId: string, ids: number[], currency = 'EUR', couponCode?: string) {
  return call<CheckoutQuote>(app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: ids }, currency, country: 'GB', shippingMethod: 'standard', ...(couponCode ? { couponCode } : {}) }, as(visitorId));
}

describe('who may read and save the settings', () => {
  it('refuses a signed-out caller, a customer and R_ADMIN; R_SUPER reads today’s constants on a fresh shop', async () => {
    // The demo seed wrote its merchant's taxes and seller (db/seed/settings.ts); nothing else is stored.
    expect(await settingRows()).toBe(2);
    for (const [entry, request] of [
      [adminSettingsApi.settings, undefined],
      [adminSettingsApi.saveSettings, { section: 'freeShipping', value: { thresholdEur: 100 } }],
    ] as const) {
      expect(await callEntry(shop, entry, request)).toMatchObject({ status: 401, code: '8888' });
      expect(await callEntry(shop, entry, request, customer)).toMatchObject({ status: 403, code: '1403' });
      expect(await callEntry(shop, entry, request, admin)).toMatchObject({ status: 403, code: '1403' });
    }
    expect(await settingRows()).toBe(2);
    const answer = await callEntry<AdminSettings>(shop, adminSettingsApi.settings, undefined, owner);
    expect(answer.code).toBe('0000');
    expect(answer.data.settings).toMatchObject({ shipping: SHIPPING_RATES, freeShipping: { thresholdEur: FREE_SHIPPING_THRESHOLD_EUR }, exchangeRates: { rates: DEFAULT_RATES }, banner: { enabled: true, countdownTo: null } });
    expect(answer.data.savedAt.freeShipping).toBeNull();
  });
});

describe('bad input', () => {
  it('is answered with 1001 and a field message, and changes nothing', async () => {
    const base = await current();
    const before = await auditCount(shop);
    const bad: [string, unknown][] = [
      ['freeShipping', { thresholdEur: -1 }],
      ['freeShipping', { thresholdEur: 12.5 }],
      ['freeShipping', { thresholdEur: 100, extra: 1 }],
      ['shipping', { ...base.shipping, eu: { ...base.shipping.eu, standard: { ...base.shipping.eu.standard, minDays: 5, maxDays: 2 } } }],
      ['shipping', { ...base.shipping, mars: base.shipping.eu }],
      ['exchangeRates', { ...base.exchangeRates, rates: { ...base.exchangeRates.rates, GBP: 0 } }],
      ['exchangeRates', { ...base.exchangeRates, setOn: '2026-13-40' }],
      ['exchangeRates', { ...base.exchangeRates, shown: ['GBP', 'USD'] }],
      ['exchangeRates', { ...base.exchangeRates, shown: ['EUR', 'JPY'] }],
      ['exchangeRates', { ...base.exchangeRates, shown: ['EUR', 'GBP', 'GBP'] }],
      ['exchangeRates', { ...base.exchangeRates, source: 'x'.repeat(201) }],
      ['banner', { ...base.banner, message: { 'en-US': 'x'.repeat(161), 'zh-CN': '' } }],
      ['banner', { ...base.banner, countdownTo: 'tomorrow' }],
      ['merchant', { email: 'not an email' }],
      ['weather', { sunny: true }],
    ];
    for (const [section, value] of bad) {
      const answer = await save(section, value);
      expect(answer.code, JSON.stringify({ section, value })).toBe('1001');
      expect(answer.msg).not.toBe('');
    }
    expect((await save('freeShipping', { thresholdEur: -1 })).data).toMatchObject({ issues: [{ path: 'body.value.thresholdEur', message: 'the threshold cannot be negative' }] });
    expect(await settingRows()).toBe(2);
    expect(await auditCount(shop)).toBe(before);
    expect(await current()).toEqual(base);
  });
});

describe('saving', () => {
  it('saves a section with one audit row naming the fields before and after; saving it again records nothing', async () => {
    const before = await auditCount(shop);
    const mark = await siteChangeMark(shop);
    const banner = { enabled: true, message: { 'en-US': 'Autumn sale', 'zh-CN': '秋季特卖' }, countdownTo: '2026-12-01T00:00:00.000Z' };
    const answer = await save('banner', banner);
    expect(answer.code).toBe('0000');
    expect(answer.data.settings.banner).toEqual(banner);
    expect(answer.data.savedAt.banner).not.toBeNull();
    // Every page shows the banner: the save queues a rebuild of all of them (docs/site-builds.md).
    expect(await siteChangeMark(shop)).toBeGreaterThan(mark);
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({
      actorId: owner.userId,
      action: 'settings.save',
      entity: 'settings',
      entityId: 'banner',
      before: { countdownTo: null, 'message.en-US': '', 'message.zh-CN': '' },
      after: { countdownTo: '2026-12-01T00:00:00.000Z', 'message.en-US': 'Autumn sale', 'message.zh-CN': '秋季特卖' },
    });
    expect((await save('banner', banner)).code).toBe('0000');
    expect(await auditCount(shop)).toBe(before + 1);
    // The storefront's shop config answers it.
    const config = await call<ShopConfig>(shop.app, `${systemApi.shopConfig.path}`, {});
    expect(config.data.banner).toEqual(banner);
  });

  it('a stored merchant address receives the paid-order mail', async () => {
    expect((await save('merchant', { email: 'orders@jersey.example' })).code).toBe('0000');
    const { order } = await guestOrder(shop, [plainLine(stock)]);
    const paypalOrderId = await createPaypalOrder(shop, order);
    shop.app.payments.simulator!.approve(paypalOrderId);
    const captured = await call(shop.app, `/demo/paypal/captureOrder?${new URLSearchParams({ id: paypalOrderId, orderNo: order.orderNo })}`, undefined, { method: 'GET' });
    expect(captured.code, captured.msg).toBe('0000');
    const notice = await mail.waitFor((m) => m.to.includes('orders@jersey.example') && m.subject.startsWith(`New order ${order.orderNo}`));
    expect(notice.text).toContain(order.orderNo);
  });
});

describe('the server prices from the settings', () => {
  it('a changed exchange rate, shipping rate and threshold change the cart, the quote and the placed order', async () => {
    // Out of reach first, so that the standard rate is charged.
    expect((await save('freeShipping', { thresholdEur: 1_000_000 })).code).toBe('0000');
    const cart = await guestCart(shop, [plainLine(stock, 1)]);
    const gbpBefore = (await call<{ records: { price: number }[] }>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'GBP' }, as(cart.visitorId))).data.records[0]!.price;
    const quoteBefore = (await quote(shop.app, cart.visitorId, cart.ids)).data;
    expect(quoteBefore.shipping!.amount).toBe(SHIPPING_RATES.europe.standard.amountEur);

    const base = await current();
    // GBP twice as dear per USD as before: every GBP price doubles (near enough: rounding per unit).
    expect((await save('exchangeRates', { rates: { ...base.exchangeRates.rates, GBP: base.exchangeRates.rates.GBP * 2 }, setOn: '2026-11-26' })).code).toBe('0000');
    const shipping = { ...base.shipping, europe: { ...base.shipping.europe, standard: { ...base.shipping.europe.standard, amountEur: 777 } } };
    expect((await save('shipping', shipping)).code).toBe('0000');

    const gbpAfter = (await call<{ records: { price: number }[] }>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'GBP' }, as(cart.visitorId))).data.records[0]!.price;
    expect(Math.abs(gbpAfter - 2 * gbpBefore)).toBeLessThanOrEqual(1);
    const after = (await quote(shop.app, cart.visitorId, cart.ids)).data;
    expect(after.shipping).toMatchObject({ amount: 777, free: false });
    expect(after.summary.total).toBe(after.summary.itemsAfterDiscounts + 777);

    // The threshold: at the items' value standard shipping is free, and the quote says the threshold.
    expect((await save('freeShipping', { thresholdEur: after.summary.itemsAfterDiscounts })).code).toBe('0000');
    const free = (await quote(shop.app, cart.visitorId, cart.ids)).data;
    expect(free.freeShippingThreshold).toBe(after.summary.itemsAfterDiscounts);
    expect(free.shipping).toMatchObject({ amount: 0, free: true });
    const gbpQuote = (await quote(shop.app, cart.visitorId, cart.ids, 'GBP')).data;
    expect(gbpQuote.freeShippingThreshold).toBe(Math.round((after.summary.itemsAfterDiscounts * base.exchangeRates.rates.GBP * 2) / base.exchangeRates.rates.EUR));

    // The placed order: its amounts, its locked rate, and PayPal's amount are the settings'.
    expect((await save('freeShipping', { thresholdEur: 1_000_000 })).code).toBe('0000');
    const { order } = await guestOrder(shop, [plainLine(stock, 1)], { currency: 'GBP' });
    const [row] = await shop.database.db.select().from(orders).where(sql`${orders.orderNo} = ${order.orderNo}`);
    expect(row).toMatchObject({ currency: 'GBP', rateX100: base.exchangeRates.rates.GBP * 2, baseRateX100: base.exchangeRates.rates.EUR, shippingAmount: Math.round((777 * base.exchangeRates.rates.GBP * 2) / base.exchangeRates.rates.EUR) });
    expect(row!.itemsTotal).toBe(gbpAfter);
    const paypalOrderId = await createPaypalOrder(shop, order);
    expect(shop.app.payments.simulator!.publicOrder(paypalOrderId)!.amount).toEqual({ currency_code: 'GBP', value: (row!.total / 100).toFixed(2) });

    // Back to the defaults for the tests after this one.
    expect((await save('exchangeRates', base.exchangeRates)).code).toBe('0000');
    expect((await save('shipping', base.shipping)).code).toBe('0000');
    expect((await save('freeShipping', base.freeShipping)).code).toBe('0000');
  });

  it('the currencies shown: the shop config lists only them with the rates’ source, and checkout refuses another', async () => {
    const base = await current();
    expect(base.exchangeRates).toMatchObject({ shown: ['EUR', 'GBP', 'USD', 'AUD', 'NZD', 'CAD'], source: '' });
    const source = 'European Central Bank reference rates, 27 November 2026';
    const saved = await save('exchangeRates', { ...base.exchangeRates, shown: ['GBP', 'EUR'], source: `  ${source} ` });
    expect(saved.code).toBe('0000');
    expect(saved.data.settings.exchangeRates).toMatchObject({ shown: ['GBP', 'EUR'], source });
    const config = (await call<ShopConfig>(shop.app, systemApi.shopConfig.path, {})).data;
    expect(config.currencies.map((c) => c.code)).toEqual(['EUR', 'GBP']);
    expect(config.ratesSource).toBe(source);

    const cart = await guestCart(shop, [plainLine(stock, 1)]);
    const refused = await quote(shop.app, cart.visitorId, cart.ids, 'USD');
    expect(refused.code).toBe('1001');
    expect(refused.data).toMatchObject({ issues: [{ path: 'body.currency', message: 'The shop no longer takes payment in USD: choose another currency' }] });
    expect((await quote(shop.app, cart.visitorId, cart.ids, 'GBP')).code).toBe('0000');
    const orderCount = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const ordersBefore = await orderCount();
    const placing = await placeOrder(shop, { visitorId: cart.visitorId }, { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'USD', email: 'guest@example.com', address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true });
    expect(placing).toMatchObject({ code: '1001', data: { issues: [{ path: 'body.currency' }] } });
    expect(await orderCount()).toBe(ordersBefore);

    expect((await save('exchangeRates', base.exchangeRates)).code).toBe('0000');
    expect((await call<ShopConfig>(shop.app, systemApi.shopConfig.path, {})).data.currencies).toHaveLength(6);
  });

  it('the browser’s figures change nothing: a quote takes no prices, rates or thresholds from the request', async () => {
    const cart = await guestCart(shop, [plainLine(stock, 1)]);
    const answer = await call(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: cart.ids }, currency: 'EUR', country: 'GB', shippingMethod: 'standard', freeShippingThreshold: 0 }, as(cart.visitorId));
    expect(answer.code).toBe('1001');
  });
});

describe('another instance on the same database', () => {
  const second = secondInstance(() => shop);

  it('drops its cached settings when the first one saves, so its quote follows at once', async () => {
    const cart = await guestCart(shop, [plainLine(stock, 1)]);
    const base: ShopSettings = await current();
    expect((await save('freeShipping', { thresholdEur: 1_000_000 })).code).toBe('0000');
    await eventually(async () => expect((await quote(second(), cart.visitorId, cart.ids)).data.shipping!.free).toBe(false));
    const shown = (await quote(second(), cart.visitorId, cart.ids)).data;
    const shipping = { ...base.shipping, europe: { ...base.shipping.europe, standard: { ...base.shipping.europe.standard, amountEur: shown.shipping!.amount + 100 } } };
    expect((await save('shipping', shipping)).code).toBe('0000');
    await eventually(async () => expect((await quote(second(), cart.visitorId, cart.ids)).data.shipping!.amount).toBe(shown.shipping!.amount + 100));
    const config = async () => (await call<ShopConfig>(second(), systemApi.shopConfig.path, {})).data.freeShippingThreshold;
    expect((await save('freeShipping', { thresholdEur: 12_345 })).code).toBe('0000');
    await eventually(async () => expect(await config()).toBe(12_345));
    expect((await save('shipping', base.shipping)).code).toBe('0000');
    expect((await save('freeShipping', base.freeShipping)).code).toBe('0000');
  });
});

describe('the settings inside a transaction', () => {
  // The paying transaction reads the seller (its invoice) and the merchant's address (its notice).
  // After a save drops the kept value, a read through the pool would wait for that transaction on
  // PGlite's one connection, and the payment for itself.
  it('are read through the transaction when a save dropped them, and are the saved ones', async () => {
    const service = new SettingsService({ db: shop.database.db, audit: new AuditLog(shop.database.db), merchantEmail: null });
    const kept = await service.current();
    service.changed();
    const read = await withTimeout(shop.database.db.transaction((tx) => service.currentIn(tx)), 10_000);
    expect(read.seller).toEqual(kept.seller);
    expect(read.taxes).toEqual(kept.taxes);
  });
});

describe('the quantity tiers', () => {
  const cartSummary = async (visitorId: string) => (await call<{ summary: { discountPercent: number; discount: number } }>(shop.app, '/demo/ironCartItem/queryCartItemList', { currency: 'EUR' }, as(visitorId))).data.summary;

  it('default to the configured DISCOUNT_TIERS, answered to the storefront', async () => {
    expect((await current()).tiers).toEqual({ rows: CONFIGURED_TIERS });
    expect((await call<ShopConfig>(shop.app, systemApi.shopConfig.path, {})).data.discountTiers).toEqual(CONFIGURED_TIERS);
  });

  it('a bad table is refused with the cell named, and changes nothing', async () => {
    const base = await current();
    const before = await auditCount(shop);
    const mark = await siteChangeMark(shop);
    const row = (minItems: number, percent: number) => ({ minItems, percent });
    const bad: [unknown, string, string][] = [
      [[row(5, 10), row(3, 20)], 'body.value.rows.1.minItems', 'each tier starts at more items than the one before'],
      [[row(3, 10), row(3, 20)], 'body.value.rows.1.minItems', 'each tier starts at more items than the one before'],
      [[row(3, 20), row(5, 10)], 'body.value.rows.1.percent', 'each tier takes off more than the one before'],
      [[row(3, 0)], 'body.value.rows.0.percent', 'a tier takes off 1 to 90 percent'],
      [[row(3, 91)], 'body.value.rows.0.percent', 'a tier takes off 1 to 90 percent'],
      [[row(1, 10)], 'body.value.rows.0.minItems', 'a tier starts at 2 to 999 items'],
      [[2, 3, 4, 5, 6, 7, 8].map((n) => row(n, n)), 'body.value.rows', 'at most 6 tiers'],
      [[row(3, 12.5)], 'body.value.rows.0.percent', 'a whole percent'],
      [[{ ...row(3, 10), label: 'x' }], 'body.value.rows.0', ''],
    ];
    for (const [rows, path, message] of bad) {
      const answer = await save('tiers', { rows });
      expect(answer.code, JSON.stringify(rows)).toBe('1001');
      const issues = (answer.data as unknown as { issues: { path: string; message: string }[] }).issues;
      expect(issues, JSON.stringify(rows)).toContainEqual(expect.objectContaining(message ? { path, message } : { path }));
    }
    expect(await auditCount(shop)).toBe(before);
    expect(await siteChangeMark(shop)).toBe(mark);
    expect(await current()).toEqual(base);
  });

  it('a saved table reprices the cart, the quote and the placed order at once, is audited and rebuilds the pages', async () => {
    const cart = await guestCart(shop, [plainLine(stock, 2)]);
    // Two items reach no configured tier.
    expect(await cartSummary(cart.visitorId)).toMatchObject({ discountPercent: 0, discount: 0 });
    expect((await quote(shop.app, cart.visitorId, cart.ids)).data.summary.tierPercent).toBe(0);

    const before = await auditCount(shop);
    const mark = await siteChangeMark(shop);
    const rows = [{ minItems: 2, percent: 15 }, { minItems: 6, percent: 25 }];
    const answer = await save('tiers', { rows });
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data.settings.tiers).toEqual({ rows });
    expect(answer.data.savedAt.tiers).not.toBeNull();
    expect(await auditCount(shop)).toBe(before + 1);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'settings.save', entity: 'settings', entityId: 'tiers', before: { rows: CONFIGURED_TIERS }, after: { rows } });
    // The banner, the drawer and the product pages show the tiers: every page is rebuilt.
    expect(await siteChangeMark(shop)).toBeGreaterThan(mark);
    expect((await call<ShopConfig>(shop.app, systemApi.shopConfig.path, {})).data.discountTiers).toEqual(rows);

    const summary = await cartSummary(cart.visitorId);
    expect(summary.discountPercent).toBe(15);
    const quoted = (await quote(shop.app, cart.visitorId, cart.ids)).data.summary;
    expect(quoted).toMatchObject({ tierPercent: 15, tierDiscount: summary.discount });
    expect(quoted.tierDiscount).toBeGreaterThan(0);
    const { order } = await guestOrder(shop, [plainLine(stock, 2)]);
    const [placed] = await shop.database.db.select().from(orders).where(sql`${orders.orderNo} = ${order.orderNo}`);
    expect(placed).toMatchObject({ tierPercent: 15, tierDiscount: quoted.tierDiscount });

    // No tiers at all is a table too: no discount.
    expect((await save('tiers', { rows: [] })).code).toBe('0000');
    expect((await cartSummary(cart.visitorId)).discountPercent).toBe(0);
    expect((await save('tiers', { rows: CONFIGURED_TIERS })).code).toBe('0000');
  });
});

describe('the shipping zones’ countries', () => {
  it('default to today’s lists; a country listed twice is refused and changes nothing; moving one reprices its quote and is audited', async () => {
    expect((await current()).shippingZones).toEqual(ZONE_COUNTRIES);
    const before = await auditCount(shop);
    const twice = { ...ZONE_COUNTRIES, eu: [...ZONE_COUNTRIES.eu, 'GB'] };
    const refused = await save('shippingZones', twice);
    expect(refused.code).toBe('1001');
    expect((refused.data as unknown as { issues: { path: string; message: string }[] }).issues).toContainEqual({ path: `body.value.europe.${ZONE_COUNTRIES.europe.indexOf('GB')}`, message: 'GB is in another zone already: a country ships in one zone' });
    expect((await save('shippingZones', { ...ZONE_COUNTRIES, eu: ['de'] })).code).toBe('1001');
    expect((await save('shippingZones', { ...ZONE_COUNTRIES, world: ['HK'] })).code).toBe('1001');
    expect(await auditCount(shop)).toBe(before);
    expect((await current()).shippingZones).toEqual(ZONE_COUNTRIES);

    const cart = await guestCart(shop, [plainLine(stock, 1)]);
    expect((await save('freeShipping', { thresholdEur: 1_000_000 })).code).toBe('0000');
    expect((await quote(shop.app, cart.visitorId, cart.ids)).data.shipping).toMatchObject({ zone: 'europe', amount: SHIPPING_RATES.europe.standard.amountEur });
    // GB moves from Europe to the EU zone: its quote is the EU rate at once.
    const moved = { ...ZONE_COUNTRIES, eu: [...ZONE_COUNTRIES.eu, 'GB'], europe: ZONE_COUNTRIES.europe.filter((c) => c !== 'GB') };
    const mark = await siteChangeMark(shop);
    expect((await save('shippingZones', moved)).code).toBe('0000');
    expect((await quote(shop.app, cart.visitorId, cart.ids)).data.shipping).toMatchObject({ zone: 'eu', amount: SHIPPING_RATES.eu.standard.amountEur });
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'settings.save', entityId: 'shippingZones', before: { eu: ZONE_COUNTRIES.eu, europe: ZONE_COUNTRIES.europe }, after: { eu: moved.eu, europe: moved.europe } });
    // No page shows which country is in which zone.
    expect(await siteChangeMark(shop)).toBe(mark);

    expect((await save('shippingZones', ZONE_COUNTRIES)).code).toBe('0000');
    expect((await save('freeShipping', { thresholdEur: FREE_SHIPPING_THRESHOLD_EUR })).code).toBe('0000');
  });
});

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);
}
