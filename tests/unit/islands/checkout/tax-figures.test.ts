/**
 * The tax in checkout's and the order pages' figures (src/islands/checkout/OrderTotals.tsx,
 * TaxFigures.tsx) and the cart's tax row (src/islands/cart/CartSummary.tsx), drawn from fixtures of
 * the contract's types, in both languages.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartPage } from '../../../../src/domain/cart.model.ts';
import type { Locale } from '../../../../src/domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../../../src/domain/money.model.ts';
import type { TaxBreakdown, TaxSummaryRow } from '../../../../src/domain/tax/tax.model.ts';
import enCart from '../../../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import enCheckout from '../../../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import zhCart from '../../../../src/i18n/locales/zh-CN/cart.json' with { type: 'json' };
import zhCheckout from '../../../../src/i18n/locales/zh-CN/checkout.json' with { type: 'json' };
import { withIslandI18n } from '../../../../src/i18n/react.tsx';
import { CartTotals } from '../../../../src/islands/cart/CartSummary.tsx';
import { OrderTotals, type OrderFigures } from '../../../../src/islands/checkout/OrderTotals.tsx';
import { formatRate, type TaxState } from '../../../../src/islands/checkout/TaxFigures.tsx';

const CATALOGUES = { 'en-US': { checkout: enCheckout, cart: enCart }, 'zh-CN': { checkout: zhCheckout, cart: zhCart } } as const;

function render<P>(component: ComponentType<P>, locale: Locale, props: P): string {
  const Island = withIslandI18n(component as ComponentType<object>);
  return renderToStaticMarkup(createElement(Island, { locale, messages: CATALOGUES[locale] as never, ...props }));
}

/** The page's text with tags dropped, rows kept apart: what a shopper reads. */
function text(html: string): string {
  return html
    .replace(/<\/(div|p|dt|dd)>/g, '$&\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/\u00a0/g, ' ')
    .replace(/\n+/g, '\n');
}

const row = (tax: TaxSummaryRow['tax'], jurisdiction: string, rate: number, base: number, amount: number): TaxSummaryRow => ({ jurisdiction, tax, declaredUnder: 'home', rate, base, amount });

/** A German order of 59.00 EUR with 4.90 shipping: 10.20 VAT in the 63.90 (63.90 - 63.90 / 1.19). */
const GERMANY: TaxBreakdown = { market: 'DE', display: 'inclusive', reason: 'home', importTaxesOnDelivery: false, total: 1020, added: 0, rows: [row('VAT', 'DE', 19_000, 5370, 1020)] };
/** Quebec: GST 5% and QST 9.975% on 100.00 CAD, added. */
const QUEBEC: TaxBreakdown = {
  market: 'CA-QC',
  display: 'exclusive',
  reason: 'registered',
  importTaxesOnDelivery: false,
  total: 1498,
  added: 1498,
  rows: [row('GST', 'CA', 5_000, 10_000, 500), row('QST', 'CA-QC', 9_975, 10_000, 998)],
};

function totals(locale: Locale, currency: CurrencyCode, tax: TaxState, total: number, extra: Partial<OrderFigures> = {}): string {
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const figures: OrderFigures = { itemCount: 1, items: 9000, tierPercent: 0, tierDiscount: 0, couponDiscount: 0, total, couponCode: '', ...extra };
  return render(OrderTotals, locale, { figures, shipping: money(1000), tax, locale, money });
}

describe('the tax in an order’s figures', () => {
  it('shows tax in the prices under the total: "Includes VAT 19%" and its amount, nothing added', () => {
    const shown = text(totals('en-US', 'EUR', { kind: 'known', tax: GERMANY, quoted: true }, 10_000));
    expect(shown).toContain('Total\n€100.00\nIncludes VAT 19%\n€10.20');
    expect(shown.indexOf('Includes VAT')).toBeGreaterThan(shown.indexOf('Total'));
    const zh = text(totals('zh-CN', 'EUR', { kind: 'known', tax: GERMANY, quoted: false }, 10_000));
    expect(zh).toContain('含增值税 19%\n€10.20');
  });

  it('adds a line per tax between shipping and the total, rates to the thousandth of a percent', () => {
    const html = totals('en-US', 'CAD', { kind: 'known', tax: QUEBEC, quoted: true }, 11_498);
    const shown = text(html);
    expect(shown).toContain('Shipping\nCA$10.00\nGST 5%\nCA$5.00\nQST 9.975%\nCA$9.98\nTotal\nCA$114.98');
    expect(html).not.toContain('totals-included');
    expect(text(totals('zh-CN', 'CAD', { kind: 'known', tax: QUEBEC, quoted: true }, 11_498))).toContain('商品及服务税 (GST) 5%\nCA$5.00\n魁北克销售税 (QST) 9.975%\nCA$9.98');
  });

  it('leaves out rows with no amount (zero-rated lines are for invoices)', () => {
    const mixed: TaxBreakdown = { ...GERMANY, market: 'GB', rows: [row('VAT', 'GB', 0, 2000, 0), row('VAT', 'GB', 20_000, 5000, 1000)] };
    const shown = text(totals('en-US', 'GBP', { kind: 'known', tax: mixed, quoted: true }, 7000));
    expect(shown).toContain('Includes VAT 20%\n£10.00');
    expect(shown).not.toContain('VAT 0%');
  });

  it('says taxes come after the address before a destination is known', () => {
    expect(text(totals('en-US', 'USD', { kind: 'pending' }, 10_000))).toContain('Shipping\n$10.00\nTaxes\nAfter the address\nTotal');
    expect(text(totals('zh-CN', 'USD', { kind: 'pending' }, 10_000))).toContain('税费\n填写地址后计算');
  });

  it('asks for the province in Canada before it can tell the tax', () => {
    const needed: TaxBreakdown = { market: null, display: 'exclusive', reason: 'region-needed', importTaxesOnDelivery: false, total: 0, added: 0, rows: [] };
    const shown = text(totals('en-US', 'CAD', { kind: 'known', tax: needed, quoted: true }, 10_000));
    expect(shown).toContain('Taxes\nAfter the province or state');
    expect(shown).toContain('Taxes are calculated once you choose a province or state.');
    expect(text(totals('zh-CN', 'CAD', { kind: 'known', tax: needed, quoted: true }, 10_000))).toContain('选择省份或州后即可计算税费。');
  });

  it('says import taxes and duties are paid on delivery above an import limit, and charges none', () => {
    const above: TaxBreakdown = { market: 'AU', display: 'inclusive', reason: 'above-import-limit', importTaxesOnDelivery: true, total: 0, added: 0, rows: [] };
    const html = totals('en-US', 'AUD', { kind: 'known', tax: above, quoted: true }, 150_000);
    expect(html).toContain('data-import-notice');
    expect(text(html)).toContain(enCheckout.tax.importNotice);
    expect(text(html)).not.toMatch(/Includes|GST/);
    expect(text(totals('zh-CN', 'AUD', { kind: 'known', tax: above, quoted: false }, 150_000))).toContain(zhCheckout.tax.importNotice);
  });

  it('says none is charged at checkout where tax is added and none is due (a US state not turned on); an order just shows nothing', () => {
    const none: TaxBreakdown = { market: 'US', display: 'exclusive', reason: 'no-tax', importTaxesOnDelivery: false, total: 0, added: 0, rows: [] };
    expect(text(totals('en-US', 'USD', { kind: 'known', tax: none, quoted: true }, 10_000))).toContain('Taxes\nNone charged');
    expect(text(totals('en-US', 'USD', { kind: 'known', tax: none, quoted: false }, 10_000))).not.toContain('Taxes');
  });

  it('writes rates as people do', () => {
    expect(formatRate(19_000, 'en-US')).toBe('19');
    expect(formatRate(9_975, 'en-US')).toBe('9.975');
    expect(formatRate(25_500, 'zh-CN')).toBe('25.5');
  });
});

describe('the cart’s tax row', () => {
  const page = (currency: CurrencyCode): CartPage => ({ records: [], total: 1, current: 1, size: 100, currency, summary: { currency, itemCount: 1, subtotal: 5900, discountPercent: 0, discount: 0, total: 5900 } });
  const cart = (locale: Locale, currency: CurrencyCode) => text(render(CartTotals, locale, { page: page(currency), locale }));

  it('says the prices include VAT or GST where they do, and that tax is calculated at checkout where it is added', () => {
    expect(cart('en-US', 'EUR')).toContain('Taxes\nPrices include VAT\nTotal');
    expect(cart('en-US', 'GBP')).toContain('Prices include VAT');
    expect(cart('en-US', 'AUD')).toContain('Prices include GST');
    expect(cart('en-US', 'NZD')).toContain('Prices include GST');
    expect(cart('en-US', 'USD')).toContain('Taxes\nCalculated at checkout');
    expect(cart('en-US', 'CAD')).toContain('Calculated at checkout');
    expect(cart('zh-CN', 'EUR')).toContain('税费\n价格已含增值税');
    expect(cart('zh-CN', 'CAD')).toContain('税费\n结账时计算');
  });
});
