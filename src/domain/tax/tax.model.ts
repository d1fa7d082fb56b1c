/**
 * The tax model's vocabulary (docs/taxes.md): tax classes, rates, registration schemes, the
 * merchant's tax settings and the tax lines a calculation returns. Plain types and constants, no
 * zod (settings.schema.ts holds the settings' schema), so browser code may import values from it.
 *
 * Rates are integers in thousandths of a percent (19% = 19_000, Quebec's 9.975% = 9_975), so that
 * every figure stays an integer and exact, like money (money.model.ts).
 */

/** 100% in the unit of rates. */
export const RATE_SCALE = 100_000;

/** Per cent to the rate unit: 19 -> 19_000, 9.975 -> 9_975. */
export function percentRate(percent: number): number {
  const rate = Math.round(percent * 1000);
  if (rate < 0 || rate > RATE_SCALE) throw new RangeError(`a rate is 0-100%, got ${percent}`);
  return rate;
}

/** Rate unit to a per cent figure for display: 9_975 -> 9.975. */
export function ratePercent(rate: number): number {
  return rate / 1000;
}

/**
 * A product's tax class (the merchant picks it in the product editor): `children` is zero-rated
 * where a market says so (UK, Ireland) and standard elsewhere; `exempt` is never taxed.
 */
export const TAX_CLASSES = ['standard', 'children', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** The taxes the shop knows by name (shown on invoices: "VAT 19%", "GST 5%", "QST 9.975%"). */
export const TAX_NAMES = ['VAT', 'GST', 'HST', 'QST', 'PST', 'RST', 'Sales tax'] as const;
export type TaxName = (typeof TAX_NAMES)[number];

/**
 * What the merchant registers for, one number each. A tax is charged only under a registration
 * (or at home: below). EU-OSS: an EU merchant's union scheme (destination VAT on sales to other
 * member states); EU-IOSS: a merchant outside the EU, for imports of at most 150 EUR; CA-GST
 * covers both GST and HST (one CRA business number); the provincial taxes are separate.
 * US states are `US-XX`, turned on in `usStates` with the merchant's own rate.
 */
export const REGISTRATION_SCHEMES = ['EU-OSS', 'EU-IOSS', 'GB-VAT', 'AU-GST', 'NZ-GST', 'CA-GST', 'CA-QC-QST', 'CA-BC-PST', 'CA-MB-RST', 'CA-SK-PST'] as const;
export type RegistrationScheme = (typeof REGISTRATION_SCHEMES)[number];
/** A scheme a tax line is declared under: a registration, the merchant's home return, or a US state. */
export type DeclaredUnder = RegistrationScheme | 'home' | `US-${string}`;

/** Prices shown with tax in (tax extracted from them) or without (tax added at checkout). */
export type PriceDisplay = 'inclusive' | 'exclusive';

/**
 * How one EUR catalogue price becomes a market's price (docs/taxes.md "Prices"):
 * `same-gross`: the converted catalogue price is what every shopper pays in a tax-inclusive market
 * (tax extracted, the merchant's net varies with the rate) and the price before tax in a
 * tax-exclusive one; `destination-rate`: the catalogue price includes `catalogueRate`, which is
 * taken out and the destination's own rate put in.
 */
export const PRICE_MODES = ['same-gross', 'destination-rate'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

export interface Registration {
  scheme: RegistrationScheme;
  /** The number as the authority wrote it (IOSS IM..., GB VAT, ABN/ARN, NZ GST, CRA BN...RT..., QST ...TQ...). */
  number: string;
}

/** A US state the merchant collects sales tax in: the rate is the merchant's (the shop has none by default). */
export interface UsStateTax {
  rate: number;
  /** Whether delivery charges are taxed in that state (they are in some states, not in others). */
  taxShipping: boolean;
  /** The state's sales tax permit number, for invoices; null if none is printed. */
  number: string | null;
}

/** The merchant's tax settings (back office, Settings -> Taxes). */
export interface TaxSettings {
  /** ISO 3166-1 alpha-2 of the merchant's establishment. */
  homeCountry: string;
  /** Province or state code for CA and US (ON, QC, NY...), else null. */
  homeRegion: string | null;
  /** The merchant's own VAT/GST number at home (printed on invoices); null before it is set. */
  homeTaxNumber: string | null;
  registrations: Registration[];
  /** Upper-case two-letter state code -> its tax, for each state turned on. */
  usStates: Record<string, UsStateTax>;
  priceMode: PriceMode;
  /** The rate catalogue prices include, for `destination-rate`; null: the home country's standard rate. */
  catalogueRate: number | null;
}

/**
 * A rate the merchant changed in Settings -> Taxes: it replaces the default rate of that market's
 * tax (rates.ts), with the day the merchant checked it against the authority.
 */
export interface TaxRateEdit {
  /** `DE`, `GB`, `CA-QC`... */
  market: string;
  tax: TaxName;
  standard: number;
  /** The children's clothing rate; null: as standard. */
  children: number | null;
  checkedOn: string;
}

/** Settings -> Taxes as stored (the settings section `taxes`). */
export interface TaxSection extends TaxSettings {
  rateEdits: TaxRateEdit[];
}

/** Settings -> Seller: who issues invoices and credit notes (printed on them) and their series. */
export interface SellerSettings {
  /** The merchant's legal name; empty until set (the back office asks for it). */
  legalName: string;
  /** Address lines as printed, the country last. */
  address: string[];
  email: string | null;
  /** `INV` makes `INV-2026-000123`. */
  invoiceSeries: string;
  creditNoteSeries: string;
}

/** A fresh shop: nothing registered but its home; same gross price everywhere. */
export function defaultTaxSettings(homeCountry: string, homeRegion: string | null = null): TaxSettings {
  return { homeCountry: homeCountry.toUpperCase(), homeRegion, homeTaxNumber: null, registrations: [], usStates: {}, priceMode: 'same-gross', catalogueRate: null };
}

/** What a tax line taxes: a goods line of the order (by its index in the input) or the shipping. */
export type TaxTarget = { kind: 'line'; index: number } | { kind: 'shipping' };

/** One tax on one goods line or on (a share of) the shipping. Frozen on the order at placement. */
export interface TaxLine {
  target: TaxTarget;
  /** Where the tax is due: `DE`, `GB`, `CA` (GST), `CA-ON` (HST), `CA-QC` (QST), `US-NY`... */
  jurisdiction: string;
  tax: TaxName;
  declaredUnder: DeclaredUnder;
  taxClass: TaxClass;
  rate: number;
  /** The amount taxed, before tax, in the order currency's minor units. */
  base: number;
  amount: number;
}

/** Why an order is or is not taxed. */
export type TaxReason =
  /** The merchant's home jurisdiction (charged always, its domestic rules). */
  | 'home'
  /** Under a registration (OSS, IOSS, GB VAT, GST...). */
  | 'registered'
  /** The merchant is not registered where the goods go: nothing charged. */
  | 'not-registered'
  /** An import above the destination's low-value limit: charged on delivery, not at checkout. */
  | 'above-import-limit'
  /** The destination has no tax the shop collects (a US state not turned on, a country outside the tables). */
  | 'no-tax'
  /** Canada and the US need the province or state before tax can be worked out. */
  | 'region-needed';

/** Tax lines summed per tax and rate (summary.ts): one row of a breakdown ("VAT 19%: base, tax"). */
export interface TaxSummaryRow {
  jurisdiction: string;
  tax: TaxName;
  declaredUnder: DeclaredUnder;
  rate: number;
  base: number;
  amount: number;
}

/**
 * An order's or a quote's tax as pages, mails and documents show it, in the order currency's
 * minor units. Frozen on an order (orders.tax_*, order_tax_lines); worked out afresh for a quote.
 */
export interface TaxBreakdown {
  /** The destination's market (`DE`, `CA-QC`, `US-NY`), null where the shop knows no tax. */
  market: string | null;
  /** With tax in the prices ("incl. VAT"), or tax added at checkout. */
  display: PriceDisplay;
  reason: TaxReason;
  /** Import taxes and duties are the buyer's, paid on delivery (the checkout and the order say so). */
  importTaxesOnDelivery: boolean;
  /** The tax in the total: included in the prices, or added to them. */
  total: number;
  /** The part added on top of the prices: `total` where display is exclusive, else 0. */
  added: number;
  /** Per tax and rate, in the order they first appear; zero-rated rows included. */
  rows: TaxSummaryRow[];
}

/** An invoice or a credit note of an order, as its pages list it (the PDF is downloaded by number). */
export interface TaxDocumentRecord {
  kind: 'invoice' | 'credit_note';
  /** `INV-2026-000123`, `CN-2026-000007`. */
  number: string;
  issuedAt: string;
  /** Positive amounts in the order currency; a credit note's are what it takes back. */
  total: number;
  tax: number;
}
