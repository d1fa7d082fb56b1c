/**
 * Settings -> Taxes' rate table: every tax of every market of DEFAULT_TAX_TABLE with the
 * merchant's edit over it (`rateEdits`), how old each rate's check is, and the edits a change or a
 * return to the default makes. Pure, unit-tested (tests/unit/admin/tax-rates.test.ts).
 */
import { DEFAULT_TAX_TABLE, type TaxArea, type TaxSource, type TaxTable } from '../../../domain/tax/rates.ts';
import { effectiveTaxTable } from '../../../domain/tax/effective.ts';
import { RATE_SCALE, type TaxName, type TaxRateEdit } from '../../../domain/tax/tax.model.ts';

/** A rate checked longer ago than this is flagged for the merchant to check again. */
export const RECHECK_AFTER_MONTHS = 6;

export interface RateRow {
  /** `DE|VAT`, `CA-QC|QST`. */
  key: string;
  market: string;
  country: string;
  region: string | null;
  area: TaxArea;
  tax: TaxName;
  /** The table's own rates; children null: as standard. */
  defaults: { standard: number; children: number | null };
  edit: TaxRateEdit | null;
  /** What the shop charges (children null: as standard). */
  standard: number;
  children: number | null;
  source: TaxSource;
  /** The edit's checkedOn, else the source's asOf. */
  checkedOn: string;
}

/**
 * Every market's taxes in the table's order (markets without a tax, the US, left out): the rates
 * checkout charges (`effectiveTaxTable`, the edits put in) beside the table's own.
 */
export function rateRows(edits: readonly TaxRateEdit[], table: TaxTable = DEFAULT_TAX_TABLE): RateRow[] {
  const byKey = new Map(edits.map((edit) => [`${edit.market}|${edit.tax}`, edit]));
  const charged = effectiveTaxTable(edits, table);
  return Object.values(table.markets).flatMap((market) =>
    market.components.map((component) => {
      const key = `${market.id}|${component.tax}`;
      const edit = byKey.get(key) ?? null;
      const defaults = { standard: component.rates.standard, children: component.rates.children ?? null };
      const rates = charged.markets[market.id]!.components.find((c) => c.tax === component.tax)!.rates;
      return {
        key,
        market: market.id,
        country: market.country,
        region: market.region,
        area: market.area,
        tax: component.tax,
        defaults,
        edit,
        standard: rates.standard,
        children: rates.children ?? null,
        source: component.source,
        checkedOn: edit ? edit.checkedOn : component.source.asOf,
      };
    }),
  );
}

/** Whole months from one YYYY-MM-DD to another (0 within the same month's day), never negative. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

/** Whole days from one YYYY-MM-DD to another, never negative. */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
}

export function needsRecheck(checkedOn: string, today: string): boolean {
  return monthsBetween(checkedOn, today) >= RECHECK_AFTER_MONTHS;
}

/** Today as YYYY-MM-DD (UTC), as the settings' dates are written. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A rate typed in per cent as stored (thousandths of a percent), or null when it is not one: the
 * unit keeps three decimals, so 9.975 is 9975 and 9.9751 is refused rather than rounded.
 */
export function rateOfPercent(percent: number | null | undefined): number | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  const rate = Math.round(percent * 1000);
  if (Math.abs(rate - percent * 1000) > 1e-6 || rate < 0 || rate > RATE_SCALE) return null;
  return rate;
}

/** The edits with this one in its market's and tax's place (or added). */
export function withEdit(edits: readonly TaxRateEdit[], edit: TaxRateEdit): TaxRateEdit[] {
  const others = edits.filter((e) => !(e.market === edit.market && e.tax === edit.tax));
  return [...others, edit];
}

/** The edits without the one of this market and tax: the default rate applies again. */
export function withoutEdit(edits: readonly TaxRateEdit[], market: string, tax: TaxName): TaxRateEdit[] {
  return edits.filter((e) => !(e.market === market && e.tax === tax));
}
