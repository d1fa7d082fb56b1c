/**
 * The rates the shop charges with: DEFAULT_TAX_TABLE (rates.ts) with the merchant's edits of
 * Settings -> Taxes (`rateEdits`) put in. An edit replaces one tax of one market (its standard and
 * children's rate, `children: null` meaning "as standard") and becomes that rate's source, dated
 * the day the merchant checked it. An edit naming a market or tax the table does not have changes
 * nothing (US states take their rates from `usStates`, not from edits).
 */
import type { TaxComponent, TaxMarket, TaxTable } from './rates.ts';
import { DEFAULT_TAX_TABLE } from './rates.ts';
import type { TaxRateEdit, TaxSection, TaxSettings } from './tax.model.ts';

/** What checkout taxes with: the merchant's settings and the table with their edits in. */
export interface TaxTerms {
  settings: TaxSettings;
  table: TaxTable;
}

function edited(component: TaxComponent, edit: TaxRateEdit): TaxComponent {
  return {
    ...component,
    rates: edit.children === null ? { standard: edit.standard } : { standard: edit.standard, children: edit.children },
    source: { authority: 'the merchant', document: `${edit.market} ${edit.tax} rate edited in Settings -> Taxes`, asOf: edit.checkedOn },
  };
}

export function effectiveTaxTable(edits: readonly TaxRateEdit[], base: TaxTable = DEFAULT_TAX_TABLE): TaxTable {
  if (edits.length === 0) return base;
  const markets: Record<string, TaxMarket> = { ...base.markets };
  for (const edit of edits) {
    const market = markets[edit.market];
    if (!market || !market.components.some((c) => c.tax === edit.tax)) continue;
    markets[edit.market] = { ...market, components: market.components.map((c) => (c.tax === edit.tax ? edited(c, edit) : c)) };
  }
  return { markets, lowValueImports: base.lowValueImports };
}

// One table per stored section: the settings module keeps the section object until a save, so
// the table is built once per save rather than once per checkout.
const built = new WeakMap<readonly TaxRateEdit[], TaxTable>();

/** The settings and effective table of a stored Settings -> Taxes section. */
export function taxTerms(section: TaxSection): TaxTerms {
  const { rateEdits, ...settings } = section;
  let table = built.get(rateEdits);
  if (!table) {
    table = effectiveTaxTable(rateEdits);
    built.set(rateEdits, table);
  }
  return { settings, table };
}
