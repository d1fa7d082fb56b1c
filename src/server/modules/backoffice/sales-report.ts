/**
 * The owner's sales report (docs/back-office.md "Reports"). An order counts on the UTC day it was
 * paid (orders.paid_at), whatever became of it since; a completed refund counts, as its own
 * figure, on the day it was made: a period's figures never change once it is over, as an
 * accountant's books do not, and a refund of last month's order lowers this month. A free
 * replacement (source `replacement`) is no sale and never counts. Each order's amounts are
 * converted to EUR at its locked rates and rounded once (like orders.total_eur), each refund at
 * its order's rates, before anything is added, so every total adds up to the cent from its rows.
 * One statement reads the period's orders and refunds once and sums them per bucket, currency,
 * country, coupon and personalised (grouping sets); a second sums the orders' lines per product,
 * team and sport; a third the previous period's totals.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { CsvFile } from '../../../domain/back-office/csv.model.ts';
import {
  LINE_DIMENSIONS,
  SALES_REPORT_TIME_ZONE,
  averageOf,
  bucketStarts,
  emptyFigures,
  previousPeriod,
  type ReportDimension,
  type ReportGrouping,
  type ReportRow,
  type ReportView,
  type SalesFigures,
  type SalesReport,
} from '../../../domain/back-office/sales-report.model.ts';
import { parseDay } from '../../../domain/back-office/tax-report.model.ts';
import type { Locale, Localised } from '../../../domain/locale.ts';
import { toDecimalString } from '../../../domain/money.model.ts';
import { DAY_MS } from '../../clock.ts';
import { CsvDecimal, toCsv, type CsvValue } from '../../csv.ts';
import type { Db } from '../../db/client.ts';
import { render } from '../../messages/index.ts';
import { pick } from '../../messages/localise.ts';
import { navItems, products, teams } from '../catalogue/index.ts';
import { orderItems, orders } from '../orders/index.ts';
import { refunds } from '../payments/index.ts';

type OrderSet = 'series' | 'currency' | 'country' | 'coupon' | 'personalised';

interface OrderSums {
  dim: OrderSet;
  key: string;
  orders: number;
  units: number;
  gross: string;
  tax: string;
  refunds: string;
  gross_eur: string;
  tax_eur: string;
  refunds_eur: string;
}

interface LineSums {
  dim: 'product' | 'team' | 'sport';
  key: string | null;
  orders: number;
  units: number;
  gross_eur: string;
  last_line: number;
}

/** A free replacement of a misprint (returns) is paid at 0 when made: sent, but not sold. */
const SOLD = sql`${orders.source} <> 'replacement'`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The instants [start, end) of UTC days from..to. */
function instants(from: string, to: string) {
  return { start: parseDay(from)!, end: new Date(parseDay(to)!.getTime() + DAY_MS) };
}

/**
 * The period's paid orders and completed refunds as one list of facts (a refund: no order, no
 * units, its amount), each with its bucket and the order's currency, country, coupon and kind.
 */
function factsSql(from: string, to: string, grouping: ReportGrouping): SQL {
  const { start, end } = instants(from, to);
  const bucket = (at: SQL) => sql`to_char(date_trunc(${grouping}, ${at} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return sql`
    paid as materialized (
      select ${orders.currency} as currency, ${orders.shipCountry} as country, coalesce(${orders.couponCode}, '') as coupon, ${orders.personalised} as personalised,
        ${orders.itemCount} as units, ${orders.total} as gross, ${orders.taxTotal} as tax, ${orders.rateX100} as rate, ${orders.baseRateX100} as base, ${bucket(sql`${orders.paidAt}`)} as bucket
      from ${orders} where ${orders.paidAt} >= ${start} and ${orders.paidAt} < ${end} and ${SOLD}
    ),
    given as materialized (
      select o.currency, o.ship_country as country, coalesce(o.coupon_code, '') as coupon, o.personalised, r.amount, o.rate_x100 as rate, o.base_rate_x100 as base, ${bucket(sql`r.created_at`)} as bucket
      from ${refunds} r join ${orders} o on o.id = r.order_id
      where r.status = 'completed' and r.created_at >= ${start} and r.created_at < ${end}
    ),
    facts as (
      select bucket, currency, country, coupon, personalised, 1 as orders, units, gross, tax, 0 as refunds,
        round(gross::numeric * base / rate) as gross_eur, round(tax::numeric * base / rate) as tax_eur, 0::numeric as refunds_eur
      from paid
      union all
      select bucket, currency, country, coupon, personalised, 0, 0, 0, 0, amount, 0, 0, round(amount::numeric * base / rate) from given
    )`;
}

const SUMS = sql`sum(orders)::int as orders, sum(units)::int as units, sum(gross)::bigint as gross, sum(tax)::bigint as tax, sum(refunds)::bigint as refunds,
  sum(gross_eur)::bigint as gross_eur, sum(tax_eur)::bigint as tax_eur, sum(refunds_eur)::bigint as refunds_eur`;

function figuresOf(sums: Pick<OrderSums, 'orders' | 'units' | 'gross_eur' | 'tax_eur' | 'refunds_eur'> | undefined): SalesFigures {
  if (!sums) return emptyFigures();
  const grossEur = Number(sums.gross_eur);
  const taxEur = Number(sums.tax_eur);
  // Sums of no rows (a period without sales) are null.
  const orders = sums.orders ?? 0;
  return { orders, units: sums.units ?? 0, grossEur, taxEur, netEur: grossEur - taxEur, refundsEur: Number(sums.refunds_eur), averageEur: averageOf(grossEur, orders) };
}

const byGross = (a: ReportRow, b: ReportRow) => b.grossEur - a.grossEur || b.refundsEur! - a.refundsEur! || a.key.localeCompare(b.key);

export class SalesReportDesk {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async report(request: { from: string; to: string; grouping: ReportGrouping }, locale: Locale): Promise<SalesReport> {
    const { from, to, grouping } = request;
    const previous = previousPeriod(from, to);
    const { start, end } = instants(from, to);
    const [orderRows, lineRows, previousRows] = await Promise.all([
      this.db
        .execute(
          sql`with ${factsSql(from, to, grouping)}
            select case when grouping(bucket) = 0 then 'series' when grouping(currency) = 0 then 'currency' when grouping(country) = 0 then 'country'
                when grouping(coupon) = 0 then 'coupon' else 'personalised' end as dim,
              coalesce(bucket, currency, country, coupon, personalised::text) as key, ${SUMS}
            from facts group by grouping sets ((bucket), (currency), (country), (coupon), (personalised))`,
        )
        .then((result) => rowsOf<OrderSums>(result)),
      this.db
        .execute(
          sql`with paid as materialized (
              select ${orders.id} as id, ${orders.rateX100} as rate, ${orders.baseRateX100} as base from ${orders} where ${orders.paidAt} >= ${start} and ${orders.paidAt} < ${end} and ${SOLD}
            ),
            lines as (
              select i.id, i.order_id, i.product_id, i.quantity, round(i.line_total::numeric * p.base / p.rate) as eur, pr.team_id, pr.sport
              from paid p join ${orderItems} i on i.order_id = p.id left join ${products} pr on pr.id = i.product_id
            )
            select case when grouping(product_id) = 0 then 'product' when grouping(team_id) = 0 then 'team' else 'sport' end as dim,
              coalesce(product_id::text, team_id::text, sport) as key,
              count(distinct order_id)::int as orders, sum(quantity)::int as units, sum(eur)::bigint as gross_eur, max(id) as last_line
            from lines group by grouping sets ((product_id), (team_id), (sport))`,
        )
        .then((result) => rowsOf<LineSums>(result)),
      this.db.execute(sql`with ${factsSql(previous.from, previous.to, grouping)} select ${SUMS} from facts`).then((result) => rowsOf<OrderSums>(result)),
    ]);

    // Names: a product's title on its latest line (it may be gone from the catalogue), a team's from the catalogue.
    const lastLines = lineRows.filter((r) => r.dim === 'product' && r.key !== null).map((r) => Number(r.last_line));
    const teamIds = lineRows.filter((r) => r.dim === 'team' && r.key !== null).map((r) => Number(r.key));
    const sports = lineRows.filter((r) => r.dim === 'sport' && r.key !== null).map((r) => r.key!);
    const [titles, teamNames, sportNames] = await Promise.all([
      lastLines.length ? this.db.select({ id: orderItems.id, title: orderItems.title }).from(orderItems).where(inArray(orderItems.id, lastLines)) : [],
      teamIds.length ? this.db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)) : [],
      // A sport is named by its navigation entry (the products table's sport filter names it so too).
      sports.length ? this.db.select({ tag: navItems.tag, name: navItems.tagName }).from(navItems).where(inArray(navItems.tag, sports)) : [],
    ]);
    const sportOf = new Map<string, Localised>(sportNames.map((s) => [s.tag, s.name]));
    const titleOf = new Map<number, Localised>(titles.map((t) => [t.id, t.title]));
    const teamOf = new Map<number, Localised>(teamNames.map((t) => [t.id, t.name]));

    const breakdowns = Object.fromEntries(
      (['product', 'team', 'sport', 'country', 'currency', 'coupon', 'personalised'] as const).map((d) => [d, [] as ReportRow[]]),
    ) as Record<ReportDimension, ReportRow[]>;
    const byBucket = new Map<string, SalesFigures>();
    for (const raw of orderRows) {
      const figures = figuresOf(raw);
      if (raw.dim === 'series') {
        byBucket.set(raw.key, figures);
        continue;
      }
      const key = raw.dim === 'personalised' ? (raw.key === 'true' ? 'personalised' : 'plain') : raw.key;
      const row: ReportRow = { key, label: null, ...figures };
      if (raw.dim === 'currency') {
        const gross = Number(raw.gross);
        const tax = Number(raw.tax);
        row.amounts = { gross, tax, net: gross - tax, refunds: Number(raw.refunds) };
      }
      breakdowns[raw.dim].push(row);
    }
    for (const raw of lineRows) {
      const grossEur = Number(raw.gross_eur);
      let label: string | null = null;
      if (raw.dim === 'product' && raw.key !== null) label = pick(titleOf.get(Number(raw.last_line)) ?? { 'en-US': raw.key, 'zh-CN': raw.key }, locale);
      if (raw.dim === 'team' && raw.key !== null) label = teamOf.has(Number(raw.key)) ? pick(teamOf.get(Number(raw.key))!, locale) : null;
      if (raw.dim === 'sport' && raw.key !== null) label = sportOf.has(raw.key) ? pick(sportOf.get(raw.key)!, locale) : null;
      breakdowns[raw.dim].push({ key: raw.key ?? 'none', label, orders: raw.orders, units: raw.units, grossEur, taxEur: null, netEur: null, refundsEur: null, averageEur: null });
    }
    for (const dimension of Object.keys(breakdowns) as ReportDimension[]) {
      breakdowns[dimension].sort(LINE_DIMENSIONS.includes(dimension) ? (a, b) => b.grossEur - a.grossEur || b.units - a.units || a.key.localeCompare(b.key) : byGross);
    }

    const series = bucketStarts(from, to, grouping).map((bucket) => ({ start: bucket, ...(byBucket.get(bucket) ?? emptyFigures()) }));
    const totals = emptyFigures();
    for (const bucket of series) for (const field of ['orders', 'units', 'grossEur', 'taxEur', 'netEur', 'refundsEur'] as const) totals[field] += bucket[field];
    totals.averageEur = averageOf(totals.grossEur, totals.orders);
    return { from, to, grouping, timeZone: SALES_REPORT_TIME_ZONE, previous, totals, previousTotals: figuresOf(previousRows[0]), series, breakdowns };
  }

  /** What the screen shows (the time series or one breakdown) as CSV (RFC 4180, UTF-8 with BOM), headed in the caller's language. */
  async export(request: { from: string; to: string; grouping: ReportGrouping; view: ReportView }, locale: Locale): Promise<CsvFile> {
    const report = await this.report(request, locale);
    const eur = (minor: number | null) => (minor === null ? null : new CsvDecimal(toDecimalString(minor, 'EUR')));
    const figures = (f: Omit<ReportRow, 'key' | 'label'>): CsvValue[] => [f.orders, f.units, eur(f.grossEur), eur(f.netEur), eur(f.taxEur), eur(f.refundsEur), eur(f.averageEur)];
    const figureColumns = ['orders', 'units', 'grossEur', 'netEur', 'taxEur', 'refundsEur', 'averageEur'] as const;
    const said = (key: `admin.salesExport.${string}`) => render(key as Parameters<typeof render>[0], locale);
    let columns: string[];
    let lines: CsvValue[][];
    if (request.view === 'series') {
      columns = ['start', ...figureColumns];
      lines = report.series.map((bucket) => [bucket.start, ...figures(bucket)]);
    } else {
      const view = request.view;
      const currency = view === 'currency';
      columns = ['key', 'name', ...figureColumns, ...(currency ? ['gross', 'net', 'tax', 'refunds'] : [])];
      const nameOf = (row: ReportRow): string => {
        if (row.label !== null) return row.label;
        if (row.key === 'none') return said('admin.salesExport.unknown');
        if (view === 'coupon' && row.key === '') return said('admin.salesExport.noCoupon');
        if (view === 'personalised') return said(row.key === 'personalised' ? 'admin.salesExport.personalised' : 'admin.salesExport.plain');
        return row.key;
      };
      lines = report.breakdowns[view].map((row) => [
        row.key,
        nameOf(row),
        ...figures(row),
        ...(currency && row.amounts ? (['gross', 'net', 'tax', 'refunds'] as const).map((f) => new CsvDecimal(toDecimalString(row.amounts![f], row.key))) : []),
      ]);
    }
    const header = columns.map((column) => said(`admin.salesExport.${column}`));
    return { fileName: `sales-${request.view}-${report.from}-${report.to}.csv`, csv: toCsv(header, lines), rows: lines.length };
  }
}
