/**
 * The tax of one order (docs/taxes.md "The calculation"), in the order currency's integer minor
 * units. Pure: the caller hands over the destination, the merchant's settings, the priced lines,
 * the discounts checkout already worked out (pricing.ts, coupons.model.ts) and the shipping
 * (shipping.ts). What it does:
 *
 * 1. spreads the tier discount over every line and the coupon over the lines it applies to
 *    (largest remainder, allocate.ts), so each line has its own taxable amount;
 * 2. spreads the shipping over the lines in proportion to those amounts: shipping is taxed like
 *    the goods it carries (a child's kit and an adult's in one parcel: part zero-rated, part standard);
 * 3. decides what is charged: the merchant's home always (its domestic rules), elsewhere only
 *    under a registration, and imports through the low-value rule;
 * 4. per class, works the tax out once on the class's total (added to net prices in the US and
 *    Canada, extracted from gross prices elsewhere) and spreads it over the lines, so that the
 *    lines' taxes add up exactly to the order's.
 */
import { DEFAULT_RATES, assertMinor, convertMinor, divRound, type CurrencyCode, type RateTable } from '../money.model.ts';
import { allocate } from './allocate.ts';
import { DEFAULT_TAX_TABLE, EU_MEMBER_STATES, componentRate, marketOf, type LowValueImportRule, type TaxComponent, type TaxMarket, type TaxTable } from './rates.ts';
import { RATE_SCALE, type DeclaredUnder, type PriceDisplay, type TaxClass, type TaxLine, type TaxReason, type TaxSettings, type TaxTarget } from './tax.model.ts';

export interface TaxLineInput {
  taxClass: TaxClass;
  /** The line's total (unit price x quantity) in the order currency: gross where prices include tax, net where tax is added. */
  amount: number;
  /** Printed with a name or number: a coupon that excludes personalised items does not reach it. */
  personalised?: boolean;
}

export interface TaxDiscounts {
  /** The tier discount (pricing.ts cartTotals), over every line. */
  tier: number;
  /** The coupon's discount (coupons.model.ts couponDiscount), over the lines it applies to. */
  coupon: number;
  /** False: the coupon reaches only the lines that are not personalised. */
  couponIncludesPersonalised: boolean;
}

export interface TaxDestination {
  country: string;
  /** Province or state (CA, US); null or absent elsewhere. */
  region?: string | null;
}

export interface TaxInput {
  destination: TaxDestination;
  settings: TaxSettings;
  currency: CurrencyCode;
  lines: readonly TaxLineInput[];
  discounts?: TaxDiscounts;
  /** The chosen shipping's price in the order currency (0 when free). */
  shipping: number;
  /** The shop's exchange rates (for the low-value limits); the defaults when absent. */
  rates?: RateTable;
  /** The tax table; the defaults (rates.ts) when absent. */
  table?: TaxTable;
}

export interface TaxResult {
  /** The market the destination falls in (`DE`, `CA-QC`, `US-NY`...), null when the shop knows no tax there. */
  market: string | null;
  /** How prices are shown there: with tax in, or tax added at checkout. */
  display: PriceDisplay;
  reason: TaxReason;
  /** Import taxes and duties are the buyer's, paid on delivery (the checkout says so). */
  importTaxesOnDelivery: boolean;
  /** Each line's share of the discounts (tier and coupon), in input order. */
  lineDiscounts: number[];
  /** Each line's share of the shipping, in input order. */
  lineShipping: number[];
  lines: TaxLine[];
  /** The order's tax: the sum of `lines`' amounts. */
  tax: number;
  /** What the buyer pays: lines after discounts and shipping, plus the tax where it is added. */
  total: number;
  /** `total` without the tax. */
  net: number;
}

/** A component the order is charged, and the registration it is declared under. */
interface Charge {
  component: TaxComponent;
  declaredUnder: DeclaredUnder;
}

export interface TaxPlan {
  market: TaxMarket | null;
  reason: TaxReason;
  charges: Charge[];
  /** Imports into a market with a low-value rule. */
  lowValue: LowValueImportRule | null;
  /** US states that do not tax delivery charges. */
  taxShipping: boolean;
}

const EU = new Set(EU_MEMBER_STATES);

function isImport(market: TaxMarket, settings: TaxSettings): boolean {
  const home = settings.homeCountry.toUpperCase();
  if (market.area === 'EU') return !EU.has(home);
  return market.country !== home;
}

function registered(settings: TaxSettings, scheme: string): boolean {
  return settings.registrations.some((r) => r.scheme === scheme);
}

function usMarket(state: string, settings: TaxSettings): { market: TaxMarket; taxShipping: boolean } | null {
  const tax = settings.usStates[state];
  if (!tax) return null;
  const id = `US-${state}` as const;
  const component: TaxComponent = {
    tax: 'Sales tax',
    jurisdiction: id,
    scheme: id,
    rates: { standard: tax.rate },
    source: { authority: 'the merchant', document: `${state} sales tax rate set in Settings -> Taxes`, asOf: '' },
  };
  return { market: { id, country: 'US', region: state, area: 'US', display: 'exclusive', components: [component] }, taxShipping: tax.taxShipping };
}

/**
 * Who charges what at this destination, before the low-value limit (which needs the amounts).
 * Exported for the market price (market-price.ts), which must follow the same decision.
 */
export function taxPlan(destination: TaxDestination, settings: TaxSettings, table: TaxTable = DEFAULT_TAX_TABLE): TaxPlan {
  const country = destination.country.toUpperCase();
  const region = destination.region ? destination.region.toUpperCase() : null;
  const none = (market: TaxMarket | null, reason: TaxReason): TaxPlan => ({ market, reason, charges: [], lowValue: null, taxShipping: true });
  if (country === 'US') {
    if (!region) return none(table.markets.US ?? null, 'region-needed');
    const us = usMarket(region, settings);
    if (!us) return none(table.markets.US ?? null, 'no-tax');
    return { market: us.market, reason: 'registered', charges: [{ component: us.market.components[0]!, declaredUnder: `US-${region}` }], lowValue: null, taxShipping: us.taxShipping };
  }
  if (country === 'CA' && !region) return none(null, 'region-needed');
  const market = marketOf(table, country, region);
  if (!market || market.components.length === 0) return none(market, 'no-tax');
  const home = settings.homeCountry.toUpperCase();
  const homeRegion = settings.homeRegion ? settings.homeRegion.toUpperCase() : null;

  if (isImport(market, settings)) {
    const rule = table.lowValueImports[market.area] ?? null;
    const scheme = rule?.scheme;
    const charges = market.components
      .filter((component) => registered(settings, scheme ?? component.scheme))
      .map((component) => ({ component, declaredUnder: scheme ?? component.scheme }));
    return { market, reason: charges.length > 0 ? 'registered' : 'not-registered', charges, lowValue: rule, taxShipping: true };
  }

  if (market.area === 'EU' && market.country !== home) {
    // Selling from one member state to another: destination VAT under OSS, else the home rate
    // (below the EU-wide 10,000 EUR distance-selling threshold, which the merchant watches).
    if (registered(settings, 'EU-OSS')) return { market, reason: 'registered', charges: market.components.map((component) => ({ component, declaredUnder: 'EU-OSS' })), lowValue: null, taxShipping: true };
    const homeMarket = table.markets[home];
    if (!homeMarket) return none(market, 'no-tax');
    return { market, reason: 'home', charges: homeMarket.components.map((component) => ({ component, declaredUnder: 'home' })), lowValue: null, taxShipping: true };
  }

  // At home: the national tax always; in Canada, a province's own tax only in the home province or
  // under its registration.
  const charges: Charge[] = [];
  let anyHome = false;
  for (const component of market.components) {
    const national = component.jurisdiction === market.country || component.scheme === 'CA-GST';
    const homeProvince = market.region !== null && market.region === homeRegion;
    if (national || homeProvince) {
      charges.push({ component, declaredUnder: 'home' });
      anyHome = true;
    } else if (registered(settings, component.scheme)) charges.push({ component, declaredUnder: component.scheme });
  }
  return { market, reason: anyHome ? 'home' : charges.length > 0 ? 'registered' : 'not-registered', charges, lowValue: null, taxShipping: true };
}

/** The combined rate a class is charged at this destination (0 where nothing is charged). */
export function chargedRate(plan: TaxPlan, taxClass: TaxClass): number {
  return plan.charges.reduce((sum, charge) => sum + componentRate(charge.component, taxClass), 0);
}

function checkAmount(amount: number, what: string): void {
  assertMinor(amount);
  if (amount < 0) throw new RangeError(`${what} cannot be negative`);
}

/** The tier discount over every line, then the coupon over the lines it reaches (any excess over the others). */
export function spreadDiscounts(lines: readonly TaxLineInput[], discounts: TaxDiscounts | undefined): number[] {
  const amounts = lines.map((line) => line.amount);
  if (!discounts) return amounts.map(() => 0);
  checkAmount(discounts.tier, 'the tier discount');
  checkAmount(discounts.coupon, 'the coupon discount');
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (discounts.tier + discounts.coupon > sum) throw new RangeError('the discounts are larger than the lines');
  const tier = allocate(discounts.tier, amounts);
  const left = amounts.map((amount, i) => amount - tier[i]!);
  const reached = lines.map((line, i) => (discounts.couponIncludesPersonalised || !line.personalised ? left[i]! : 0));
  const reachedSum = reached.reduce((a, b) => a + b, 0);
  const onReached = Math.min(discounts.coupon, reachedSum);
  const coupon = onReached > 0 ? allocate(onReached, reached) : reached.map(() => 0);
  // couponBases rounds the tier's share of the plain lines on its own: a unit or so may be left over.
  const spill = discounts.coupon - onReached;
  const rest = left.map((amount, i) => amount - coupon[i]!);
  const extra = spill > 0 ? allocate(spill, rest) : rest.map(() => 0);
  return amounts.map((_, i) => tier[i]! + coupon[i]! + extra[i]!);
}

interface Member {
  target: TaxTarget;
  taxClass: TaxClass;
  base: number;
}

export function calculateTax(input: TaxInput): TaxResult {
  const table = input.table ?? DEFAULT_TAX_TABLE;
  for (const line of input.lines) checkAmount(line.amount, 'a line amount');
  checkAmount(input.shipping, 'shipping');
  const lineDiscounts = spreadDiscounts(input.lines, input.discounts);
  const bases = input.lines.map((line, i) => line.amount - lineDiscounts[i]!);
  const goods = bases.reduce((a, b) => a + b, 0);

  // Shipping follows the goods: shared by what each line costs after discounts (before them when
  // everything is free), standard when there is no line at all.
  const weights = goods > 0 ? bases : input.lines.map((line) => line.amount);
  const lineShipping = weights.some((w) => w > 0) ? allocate(input.shipping, weights) : input.lines.map(() => 0);
  const orphanShipping = input.shipping - lineShipping.reduce((a, b) => a + b, 0);

  const plan = taxPlan(input.destination, input.settings, table);
  const display: PriceDisplay = plan.market?.display ?? 'exclusive';
  const shippingByClass = new Map<TaxClass, number>();
  input.lines.forEach((line, i) => shippingByClass.set(line.taxClass, (shippingByClass.get(line.taxClass) ?? 0) + lineShipping[i]!));
  if (orphanShipping > 0) shippingByClass.set('standard', (shippingByClass.get('standard') ?? 0) + orphanShipping);

  const members: Member[] = input.lines.map((line, i) => ({ target: { kind: 'line', index: i }, taxClass: line.taxClass, base: bases[i]! }));
  if (plan.taxShipping) for (const [taxClass, base] of shippingByClass) members.push({ target: { kind: 'shipping' }, taxClass, base });

  let lines = taxLines(members.filter((m) => m.base > 0), plan.charges, display);
  let reason = plan.reason;
  let importTaxesOnDelivery = false;
  if (plan.lowValue) {
    const rule = plan.lowValue;
    // The limit is on the goods' value before tax, after discounts, without shipping, worked out
    // with the market's own taxes (registered or not: the limit is the destination's).
    const goodsValue = convertMinor(goods - wouldBeGoodsTax(members, plan.market!, display), input.currency, rule.currency, input.rates ?? DEFAULT_RATES);
    if (goodsValue > rule.limit) {
      lines = [];
      reason = 'above-import-limit';
      importTaxesOnDelivery = true;
    } else if (plan.charges.length === 0) {
      importTaxesOnDelivery = rule.unregistered === 'on-delivery';
    }
  }
  const tax = lines.reduce((sum, l) => sum + l.amount, 0);
  const beforeTax = goods + input.shipping;
  const total = display === 'exclusive' ? beforeTax + tax : beforeTax;
  return { market: plan.market?.id ?? null, display, reason, importTaxesOnDelivery, lineDiscounts, lineShipping, lines, tax, total, net: total - tax };
}

function wouldBeGoodsTax(members: readonly Member[], market: TaxMarket, display: PriceDisplay): number {
  const charges = market.components.map((component) => ({ component, declaredUnder: component.scheme }));
  return taxLines(members.filter((m) => m.base > 0 && m.target.kind === 'line'), charges, display).reduce((sum, l) => sum + l.amount, 0);
}

/**
 * Per class: the tax on the class's total, spread over its members by their bases. Added to net
 * prices: each tax on the same base (Quebec's GST and QST both on the price). Extracted from gross
 * prices: the taxes together out of the gross, each member's share split by the taxes' rates.
 */
function taxLines(members: readonly Member[], charges: readonly Charge[], display: PriceDisplay): TaxLine[] {
  if (charges.length === 0) return [];
  const out: TaxLine[] = [];
  const classes = [...new Set(members.map((m) => m.taxClass))];
  for (const taxClass of classes) {
    const group = members.filter((m) => m.taxClass === taxClass);
    const groupBases = group.map((m) => m.base);
    const total = groupBases.reduce((a, b) => a + b, 0);
    const rates = charges.map((c) => componentRate(c.component, taxClass));
    const line = (m: Member, c: Charge, rate: number, base: number, amount: number): TaxLine => ({
      target: m.target,
      jurisdiction: c.component.jurisdiction,
      tax: c.component.tax,
      declaredUnder: c.declaredUnder,
      taxClass,
      rate,
      base,
      amount,
    });
    if (display === 'exclusive') {
      const perCharge = rates.map((rate) => allocate(divRound(total * rate, RATE_SCALE), groupBases));
      group.forEach((m, j) => charges.forEach((c, k) => out.push(line(m, c, rates[k]!, m.base, perCharge[k]![j]!))));
    } else {
      const combined = rates.reduce((a, b) => a + b, 0);
      const groupTax = total - divRound(total * RATE_SCALE, RATE_SCALE + combined);
      const perMember = allocate(groupTax, groupBases);
      group.forEach((m, j) => {
        const split = combined > 0 ? allocate(perMember[j]!, rates) : rates.map(() => 0);
        const net = m.base - perMember[j]!;
        charges.forEach((c, k) => out.push(line(m, c, rates[k]!, net, split[k]!)));
      });
    }
  }
  return out;
}
