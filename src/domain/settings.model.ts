/**
 * The shop's commercial settings (docs/back-office.md "Settings"): shipping rates per zone and
 * method, the free-shipping threshold, the promotion banner, the exchange rates and the merchant's
 * notification address. The server keeps them in the settings module and prices from them; the
 * browser only shows what the server says (the shop config call, or values baked in at build).
 * A fresh shop starts with DEFAULT_SETTINGS, today's constants. No zod here (settings.schema.ts).
 */
import type { Localised } from './locale.ts';
import { BASE_CURRENCY, CURRENCY_CODES, DEFAULT_RATES, type CurrencyCode } from './money.model.ts';
import { DEFAULT_DISCOUNT_TIERS, FREE_SHIPPING_THRESHOLD_EUR, type DiscountTier } from './pricing.ts';
import { taxTerms, type TaxTerms } from './tax/effective.ts';
import { defaultTaxSettings, type SellerSettings, type TaxSection } from './tax/tax.model.ts';
import { SHIPPING_RATES, ZONE_COUNTRIES, type PricingTerms, type ShippingTable, type ZoneCountries } from './shipping.ts';

export const SETTING_SECTIONS = ['shipping', 'freeShipping', 'banner', 'exchangeRates', 'merchant', 'taxes', 'seller', 'afterSales', 'tiers', 'shippingZones'] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];
/**
 * The sections the pre-rendered pages show (prices, thresholds, the banner, the tiers): saving one
 * rebuilds every page, through migration 0034's triggers (tests/integration/site-builds.test.ts
 * checks they name exactly these); the others (the merchant's address, taxes, seller, the zones'
 * countries) change no page.
 */
export const PAGE_SETTING_SECTIONS: readonly SettingSection[] = ['shipping', 'freeShipping', 'banner', 'exchangeRates', 'tiers'];

export interface BannerSettings {
  enabled: boolean;
  /** A line of the shop's own in each language; empty for none (the threshold and tiers still show). */
  message: Localised;
  /** ISO instant the countdown runs to; null for the yearly 14 September (countdown.ts). */
  countdownTo: string | null;
}

export interface ExchangeRateSettings {
  /** Units per 1 USD x100, as money.model.ts converts with. */
  rates: Record<CurrencyCode, number>;
  /** The day they were set (YYYY-MM-DD, UTC). */
  setOn: string;
  /**
   * The currencies shoppers may choose and pay in, in CURRENCY_CODES order; the base currency is
   * always one (catalogue prices are EUR: a shop that showed none could price nothing).
   */
  shown: CurrencyCode[];
  /** Where the rates come from, in the merchant's words (a bank's reference rates, a date): shown beside them, for whoever checks them next. */
  source: string;
}

/** The shown currencies as stored: known codes only, in CURRENCY_CODES order, the base currency always among them. */
export function shownCurrencies(shown: readonly string[]): CurrencyCode[] {
  return CURRENCY_CODES.filter((code) => code === BASE_CURRENCY || shown.includes(code));
}

export interface ShopSettings {
  shipping: ShippingTable;
  freeShipping: { thresholdEur: number };
  banner: BannerSettings;
  exchangeRates: ExchangeRateSettings;
  /** Who is mailed of every paid order; null for nobody. */
  merchant: { email: string | null };
  /** Where the merchant is and is registered, the price mode, edited rates (docs/taxes.md). */
  taxes: TaxSection;
  /** Who issues the invoices and credit notes, and their number series. */
  seller: SellerSettings;
  /** The windows of what happens after payment (docs/back-office.md "After payment"). */
  afterSales: AfterSalesSettings;
  /** The quantity tiers (the cart's discount by items), lowest first; the banner's tier text is made from them. */
  tiers: { rows: readonly DiscountTier[] };
  /** Which countries the EU, Europe and North America zones hold; any other ships as 'world'. No page shows it. */
  shippingZones: ZoneCountries;
}

export interface AfterSalesSettings {
  /** Days after delivery within which a shopper may ask to return unprinted lines. */
  returnWindowDays: number;
  /** Minutes after payment (and before production) within which the shopper may fix their own print text and address. */
  shopperEditMinutes: number;
  /** Hours a payment request's link stays payable. */
  paymentLinkHours: number;
}

export const DEFAULT_AFTER_SALES: AfterSalesSettings = { returnWindowDays: 30, shopperEditMinutes: 30, paymentLinkHours: 72 };

/**
 * Today's constants: a shop whose settings table is empty behaves exactly as before it existed.
 * The tiers are the server's DISCOUNT_TIERS (docs/configuration.md) until staff save the section.
 */
export function defaultSettings(merchantEmail: string | null, discountTiers: readonly DiscountTier[] = DEFAULT_DISCOUNT_TIERS): ShopSettings {
  return {
    shipping: SHIPPING_RATES,
    freeShipping: { thresholdEur: FREE_SHIPPING_THRESHOLD_EUR },
    banner: { enabled: true, message: { 'en-US': '', 'zh-CN': '' }, countdownTo: null },
    exchangeRates: { rates: { ...DEFAULT_RATES }, setOn: '2026-01-01', shown: [...CURRENCY_CODES], source: '' },
    merchant: { email: merchantEmail },
    // A German merchant until Settings -> Taxes says otherwise: in the shop's EUR home market and
    // with nothing registered elsewhere, no shopper pays a different price (docs/taxes.md).
    taxes: { ...defaultTaxSettings('DE'), rateEdits: [] },
    seller: { legalName: '', address: [], email: merchantEmail, invoiceSeries: 'INV', creditNoteSeries: 'CN' },
    afterSales: { ...DEFAULT_AFTER_SALES },
    tiers: { rows: discountTiers.map((tier) => ({ ...tier })) },
    shippingZones: ZONE_COUNTRIES,
  };
}

export function pricingTerms(settings: ShopSettings): PricingTerms {
  return { rates: settings.exchangeRates.rates, shipping: settings.shipping, freeShippingThresholdEur: settings.freeShipping.thresholdEur, tiers: settings.tiers.rows, zones: settings.shippingZones };
}

/** What checkout prices and taxes with: the pricing terms, and the tax settings with the effective rates. */
export interface CheckoutTerms extends PricingTerms {
  tax: TaxTerms;
  /** The currencies a shopper may pay in (the exchange rates' `shown`). */
  currencies: readonly CurrencyCode[];
}

export function checkoutTerms(settings: ShopSettings): CheckoutTerms {
  return { ...pricingTerms(settings), tax: taxTerms(settings.taxes), currencies: shownCurrencies(settings.exchangeRates.shown) };
}

/** The back office's view: every section, when each was last saved (null: never, the default). */
export interface AdminSettings {
  settings: ShopSettings;
  savedAt: Record<SettingSection, string | null>;
}

/** One field's change of a section, as the audit row keeps it. */
export interface SettingChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** The leaves that differ between two values of a section (dotted paths), for the audit row. */
export function settingChanges(before: unknown, after: unknown, path = ''): SettingChange[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => settingChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before: before ?? null, after: after ?? null }];
}
