/**
 * How one EUR catalogue price becomes a market's price (docs/taxes.md "Prices"), before the
 * conversion to the shown currency (pricing.ts priceLine converts the unit price, as for every
 * price). `same-gross` (the default): the catalogue price, unchanged, is the price everywhere: tax
 * is extracted from it where prices include tax and added to it where they do not. So a German and
 * a French shopper see the same price from the product page to the payment; the merchant's net is
 * what varies. `destination-rate`: the catalogue price includes `catalogueRate`; it is taken out
 * and the rate the destination charges put in (0 where nothing is charged, and in the US and
 * Canada, where the tax is added at checkout). The price then depends on the destination, which the
 * pages must know before they show it; it does not depend on the order's size: above an import
 * limit the price stays and the tax is simply not charged (calculate.ts).
 */
import { divRound } from '../money.model.ts';
import { chargedRate, taxPlan, type TaxDestination } from './calculate.ts';
import { DEFAULT_TAX_TABLE, type TaxTable } from './rates.ts';
import { RATE_SCALE, type TaxClass, type TaxSettings } from './tax.model.ts';

/** The rate the catalogue prices include: the setting, else the home market's standard rate where prices there include tax. */
export function catalogueRate(settings: TaxSettings, table: TaxTable = DEFAULT_TAX_TABLE): number {
  if (settings.catalogueRate !== null) return settings.catalogueRate;
  const home = table.markets[settings.homeCountry.toUpperCase()];
  if (!home || home.display !== 'inclusive') return 0;
  return home.components.reduce((sum, c) => sum + c.rates.standard, 0);
}

/** A unit price in EUR minor units as the destination's shoppers see it (before conversion). */
export function marketUnitPriceEur(unitPriceEur: number, taxClass: TaxClass, destination: TaxDestination, settings: TaxSettings, table: TaxTable = DEFAULT_TAX_TABLE): number {
  if (!Number.isSafeInteger(unitPriceEur) || unitPriceEur < 0) throw new RangeError('a catalogue price is a whole, non-negative number of cents');
  if (settings.priceMode === 'same-gross') return unitPriceEur;
  const plan = taxPlan(destination, settings, table);
  const display = plan.market?.display ?? 'exclusive';
  const destinationRate = display === 'inclusive' ? chargedRate(plan, taxClass) : 0;
  return divRound(unitPriceEur * (RATE_SCALE + destinationRate), RATE_SCALE + catalogueRate(settings, table));
}
