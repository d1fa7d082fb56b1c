/**
 * How the storefront words its prices before it knows where the order goes (docs/taxes.md "Where
 * shoppers see it"): by the shopper's chosen currency, the one signal every page has. Prices in
 * the currencies of tax-inclusive markets (the EU's euro, the UK, Australia, New Zealand) include
 * VAT or GST; in those of the US and Canada, tax is added at checkout. Checkout then shows the
 * destination's own tax (`TaxBreakdown`). A plain table, so the pages' scripts carry a few bytes.
 */
import type { CurrencyCode } from '../money.model.ts';
import type { PriceDisplay } from './tax.model.ts';

/** The note beside a price: "incl. VAT", "incl. GST", "plus tax". */
export const PRICE_TAX_NOTES = ['inclVat', 'inclGst', 'plusTax'] as const;
export type PriceTaxNote = (typeof PRICE_TAX_NOTES)[number];

export const CURRENCY_TAX_NOTE: Readonly<Record<CurrencyCode, PriceTaxNote>> = {
  EUR: 'inclVat',
  GBP: 'inclVat',
  AUD: 'inclGst',
  NZD: 'inclGst',
  USD: 'plusTax',
  CAD: 'plusTax',
};

export function priceTaxNote(currency: CurrencyCode): PriceTaxNote {
  return CURRENCY_TAX_NOTE[currency];
}

export function shownPriceDisplay(currency: CurrencyCode): PriceDisplay {
  return CURRENCY_TAX_NOTE[currency] === 'plusTax' ? 'exclusive' : 'inclusive';
}
