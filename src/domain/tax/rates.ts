/**
 * The default tax tables: every market the shop ships to with a tax, its rates, where they come
 * from and the date they were checked against (docs/taxes.md "Defaults and sources"). Data only:
 * the merchant's edits replace a market's entry (the calculation takes the table as an argument).
 * Re-check every `asOf` against its source before selling: rates change, and this table does not
 * learn of it by itself.
 */
import type { CurrencyCode } from '../money.model.ts';
import { percentRate, type DeclaredUnder, type PriceDisplay, type RegistrationScheme, type TaxClass, type TaxName } from './tax.model.ts';

export interface TaxSource {
  /** The authority: "European Commission", "HMRC", "ATO", "Inland Revenue (IRD)", "CRA", "Revenu Québec"... */
  authority: string;
  /** The document or page the figure was read from. */
  document: string;
  /** YYYY-MM-DD: the day the figure was in force per the source. */
  asOf: string;
}

/** One tax a market levies (Quebec levies two: GST and QST, each on the price before tax). */
export interface TaxComponent {
  tax: TaxName;
  /** Where it is due (the tax line's jurisdiction). */
  jurisdiction: string;
  /** The registration it is charged under by a merchant from elsewhere (EU markets: OSS, or IOSS for imports). */
  scheme: Exclude<DeclaredUnder, 'home'>;
  /** Per class, in thousandths of a percent; a class absent takes `standard`. `exempt` is always 0. */
  rates: { standard: number } & Partial<Record<Exclude<TaxClass, 'exempt' | 'standard'>, number>>;
  source: TaxSource;
}

/**
 * A destination's low-value import rule: up to `limit` of goods (after discounts, before tax,
 * without shipping; one order is one consignment) a registered seller charges the tax at checkout;
 * above it, nothing is charged and the buyer pays import taxes and duties on delivery.
 * `unregistered`: what happens at or below the limit when the merchant is not registered ('on-delivery':
 * the carrier collects the import VAT, as in the EU without IOSS; 'none': no tax is collected at the border).
 */
export interface LowValueImportRule {
  limit: number;
  currency: CurrencyCode;
  scheme: RegistrationScheme;
  unregistered: 'on-delivery' | 'none';
  source: TaxSource;
}

export type TaxArea = 'EU' | 'GB' | 'AU' | 'NZ' | 'CA' | 'US';

export interface TaxMarket {
  /** `DE`, `GB`, `CA-QC`, `US`... */
  id: string;
  country: string;
  region: string | null;
  area: TaxArea;
  display: PriceDisplay;
  components: TaxComponent[];
}

export interface TaxTable {
  markets: Readonly<Record<string, TaxMarket>>;
  lowValueImports: Readonly<Partial<Record<TaxArea, LowValueImportRule>>>;
}

const EC_RATES: TaxSource = {
  authority: 'European Commission (DG TAXUD)',
  document: 'VAT rates applied in the Member States of the European Union, situation at 1 January 2025',
  asOf: '2025-01-01',
};

/** Standard VAT rates of the 27 member states, per cent. */
const EU_STANDARD: Record<string, { percent: number; source?: TaxSource }> = {
  AT: { percent: 20 },
  BE: { percent: 21 },
  BG: { percent: 20 },
  HR: { percent: 25 },
  CY: { percent: 19 },
  CZ: { percent: 21 },
  DK: { percent: 25 },
  EE: { percent: 24, source: { authority: 'Estonian Tax and Customs Board (EMTA)', document: 'Standard VAT rate rises from 22% to 24% on 1 July 2025', asOf: '2025-07-01' } },
  FI: { percent: 25.5, source: { authority: 'Finnish Tax Administration (Vero)', document: 'General VAT rate 25.5% from 1 September 2024', asOf: '2025-01-01' } },
  FR: { percent: 20 },
  DE: { percent: 19 },
  GR: { percent: 24 },
  HU: { percent: 27 },
  IE: { percent: 23 },
  IT: { percent: 22 },
  LV: { percent: 21 },
  LT: { percent: 21 },
  LU: { percent: 17 },
  MT: { percent: 18 },
  NL: { percent: 21 },
  PL: { percent: 23 },
  PT: { percent: 23 },
  RO: { percent: 21, source: { authority: 'Romanian National Agency for Fiscal Administration (ANAF)', document: 'Law 141/2025: standard VAT rate 21% from 1 August 2025', asOf: '2025-08-01' } },
  SK: { percent: 23, source: { authority: 'Financial Administration of the Slovak Republic', document: 'Standard VAT rate 23% from 1 January 2025', asOf: '2025-01-01' } },
  SI: { percent: 22 },
  ES: { percent: 21 },
  SE: { percent: 25 },
};

/**
 * Children's clothing below the standard rate, only where we are sure: Ireland zero-rates
 * children's clothing and footwear (sizes for children under 11). Other member states: standard.
 */
const EU_CHILDREN: Record<string, { percent: number; source: TaxSource }> = {
  IE: { percent: 0, source: { authority: 'Revenue (Irish Tax and Customs)', document: 'VAT rates database: children\'s clothing and footwear, 0%', asOf: '2025-01-01' } },
};

export const EU_MEMBER_STATES: readonly string[] = Object.keys(EU_STANDARD);

function euMarket(country: string): TaxMarket {
  const standard = EU_STANDARD[country]!;
  const children = EU_CHILDREN[country];
  return {
    id: country,
    country,
    region: null,
    area: 'EU',
    display: 'inclusive',
    components: [
      {
        tax: 'VAT',
        jurisdiction: country,
        scheme: 'EU-OSS',
        rates: { standard: percentRate(standard.percent), ...(children ? { children: percentRate(children.percent) } : {}) },
        source: standard.source ?? EC_RATES,
      },
    ],
  };
}

const HMRC: TaxSource = { authority: 'HMRC', document: 'VAT rates on different goods and services; VAT Notice 714, zero rating young children\'s clothing and footwear', asOf: '2025-08-01' };
const ATO: TaxSource = { authority: 'Australian Taxation Office (ATO)', document: 'GST: 10% on most goods and services', asOf: '2025-08-01' };
const IRD: TaxSource = { authority: 'Inland Revenue (IRD), New Zealand', document: 'GST: 15% on most goods and services', asOf: '2025-08-01' };
const CRA: TaxSource = { authority: 'Canada Revenue Agency (CRA)', document: 'GST/HST rates by province (GST 5%; HST 13% ON, 14% NS from 1 April 2025, 15% NB, NL, PE)', asOf: '2025-08-01' };
const REVENU_QUEBEC: TaxSource = { authority: 'Revenu Québec', document: 'QST rate 9.975%', asOf: '2025-08-01' };
const BC_FINANCE: TaxSource = { authority: 'British Columbia Ministry of Finance', document: 'Provincial sales tax (PST) 7%', asOf: '2025-08-01' };
const MB_FINANCE: TaxSource = { authority: 'Manitoba Finance', document: 'Retail sales tax (RST) 7%', asOf: '2025-08-01' };
const SK_FINANCE: TaxSource = { authority: 'Saskatchewan Ministry of Finance', document: 'Provincial sales tax (PST) 6%', asOf: '2025-08-01' };

function single(id: string, area: TaxArea, display: PriceDisplay, component: TaxComponent): TaxMarket {
  return { id, country: id, region: null, area, display, components: [component] };
}

const GST_CA: TaxComponent = { tax: 'GST', jurisdiction: 'CA', scheme: 'CA-GST', rates: { standard: percentRate(5) }, source: CRA };

/** Canada's provinces and territories: GST alone, HST instead of GST, or GST and a provincial tax. */
const CANADA: Record<string, TaxComponent[]> = {
  AB: [GST_CA],
  NT: [GST_CA],
  NU: [GST_CA],
  YT: [GST_CA],
  ON: [{ tax: 'HST', jurisdiction: 'CA-ON', scheme: 'CA-GST', rates: { standard: percentRate(13) }, source: CRA }],
  NS: [{ tax: 'HST', jurisdiction: 'CA-NS', scheme: 'CA-GST', rates: { standard: percentRate(14) }, source: CRA }],
  NB: [{ tax: 'HST', jurisdiction: 'CA-NB', scheme: 'CA-GST', rates: { standard: percentRate(15) }, source: CRA }],
  NL: [{ tax: 'HST', jurisdiction: 'CA-NL', scheme: 'CA-GST', rates: { standard: percentRate(15) }, source: CRA }],
  PE: [{ tax: 'HST', jurisdiction: 'CA-PE', scheme: 'CA-GST', rates: { standard: percentRate(15) }, source: CRA }],
  QC: [GST_CA, { tax: 'QST', jurisdiction: 'CA-QC', scheme: 'CA-QC-QST', rates: { standard: percentRate(9.975) }, source: REVENU_QUEBEC }],
  BC: [GST_CA, { tax: 'PST', jurisdiction: 'CA-BC', scheme: 'CA-BC-PST', rates: { standard: percentRate(7) }, source: BC_FINANCE }],
  MB: [GST_CA, { tax: 'RST', jurisdiction: 'CA-MB', scheme: 'CA-MB-RST', rates: { standard: percentRate(7) }, source: MB_FINANCE }],
  SK: [GST_CA, { tax: 'PST', jurisdiction: 'CA-SK', scheme: 'CA-SK-PST', rates: { standard: percentRate(6) }, source: SK_FINANCE }],
};
export const CANADIAN_REGIONS: readonly string[] = Object.keys(CANADA);

function buildMarkets(): Record<string, TaxMarket> {
  const markets: Record<string, TaxMarket> = {};
  for (const country of EU_MEMBER_STATES) markets[country] = euMarket(country);
  markets.GB = single('GB', 'GB', 'inclusive', { tax: 'VAT', jurisdiction: 'GB', scheme: 'GB-VAT', rates: { standard: percentRate(20), children: 0 }, source: HMRC });
  markets.AU = single('AU', 'AU', 'inclusive', { tax: 'GST', jurisdiction: 'AU', scheme: 'AU-GST', rates: { standard: percentRate(10) }, source: ATO });
  markets.NZ = single('NZ', 'NZ', 'inclusive', { tax: 'GST', jurisdiction: 'NZ', scheme: 'NZ-GST', rates: { standard: percentRate(15) }, source: IRD });
  for (const [region, components] of Object.entries(CANADA)) {
    markets[`CA-${region}`] = { id: `CA-${region}`, country: 'CA', region, area: 'CA', display: 'exclusive', components };
  }
  // No state is taxed until the merchant turns it on with its own rate (settings.usStates).
  markets.US = { id: 'US', country: 'US', region: null, area: 'US', display: 'exclusive', components: [] };
  return markets;
}

export const DEFAULT_TAX_TABLE: TaxTable = {
  markets: buildMarkets(),
  lowValueImports: {
    EU: {
      limit: 15_000,
      currency: 'EUR',
      scheme: 'EU-IOSS',
      unregistered: 'on-delivery',
      source: { authority: 'European Commission', document: 'Import One-Stop Shop (IOSS): consignments of an intrinsic value up to EUR 150 (Directive (EU) 2017/2455)', asOf: '2025-08-01' },
    },
    GB: {
      limit: 13_500,
      currency: 'GBP',
      scheme: 'GB-VAT',
      unregistered: 'none',
      source: { authority: 'HMRC', document: 'VAT and overseas goods sold directly to customers in the UK: consignments up to GBP 135', asOf: '2025-08-01' },
    },
    AU: {
      limit: 100_000,
      currency: 'AUD',
      scheme: 'AU-GST',
      unregistered: 'none',
      source: { authority: 'Australian Taxation Office (ATO)', document: 'GST on low value imported goods: AUD 1,000 or less', asOf: '2025-08-01' },
    },
    NZ: {
      limit: 100_000,
      currency: 'NZD',
      scheme: 'NZ-GST',
      unregistered: 'none',
      source: { authority: 'Inland Revenue (IRD), New Zealand', document: 'GST on low-value imported goods: NZD 1,000 or less', asOf: '2025-08-01' },
    },
  },
};

/** The market of a destination, or null when the shop collects no tax there; Canada needs the province. */
export function marketOf(table: TaxTable, country: string, region: string | null | undefined): TaxMarket | null {
  const code = country.toUpperCase();
  if (code === 'CA') return region ? (table.markets[`CA-${region.toUpperCase()}`] ?? null) : null;
  return table.markets[code] ?? null;
}

/** A class's rate of one component: `exempt` is 0, a class without its own rate takes the standard one. */
export function componentRate(component: TaxComponent, taxClass: TaxClass): number {
  if (taxClass === 'exempt') return 0;
  if (taxClass === 'children') return component.rates.children ?? component.rates.standard;
  return component.rates.standard;
}
