/**
 * The back office's dashboard. Revenue counts paid orders (paid, processing, shipped, delivered)
 * by the day they were paid (UTC), net of completed refunds, converted to EUR at each order's
 * locked rate; "today", "7 days" and "30 days" end now and start at midnight UTC of their first
 * day. Revenue, chart and top products come from one statement that reads the 30-day window
 * once, from the paid-day index alone (migration 0008); the status counts, low stock and the
 * latest orders are read beside it, so the answer stays well under 200 ms with 100,000 orders
 * (npm run bench).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Dashboard, RevenueFigure } from '../../../domain/back-office/dashboard.model.ts';
import type { Localised, Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { ORDER_STATUSES, PAID_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import type { Db } from '../../db/client.ts';
import { pick } from '../../messages/localise.ts';
import { productSizes, productTitleIn, products } from '../catalogue/index.ts';
import { orderItems, orders } from '../orders/index.ts';
import { refunds } from '../payments/index.ts';
import type { OrderTable } from './order-list.ts';
import { LOW_STOCK_AT } from '../../../domain/back-office/products.model.ts';
import { DAY_MS } from '../../clock.ts';

const DAYS = 30;
/** A size with this many or fewer units left is low (the products table's stock filter says the same). */
export { LOW_STOCK_AT };
const TOP_PRODUCTS = 5;
const LOW_STOCK_ROWS = 10;
const LATEST_ORDERS = 8;

function midnightUtc(at: Date, daysBack: number): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(day - daysBack * DAY_MS);
}

interface Figures {
  /** One row per currency and paid day (at most 6 x 30): the windows and the chart are summed from them. */
  days: { currency: string; date: string; orders: number; amount: number; eur: number }[] | null;
  top: { productId: number | null; quantity: number; revenueEur: number; title: Localised }[] | null;
}

/**
 * The window's paid orders, read once: per currency and day net of completed refunds (a refund
 * is never older than the payment it gives back, so only the window's refunds are summed), and
 * the top products by shirts, with the title of their latest line.
 */
function figuresSql(from: Date, to: Date) {
  const paid = sql.join(PAID_STATUSES.map((s) => sql`${s}`), sql`, `);
  return sql`
    with paid as materialized (
      select ${orders.id} as id, ${orders.currency} as currency, ${orders.total} as total, ${orders.rateX100} as rate, ${orders.baseRateX100} as base,
        to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD') as day
      from ${orders} where ${orders.paidAt} >= ${from} and ${orders.paidAt} <= ${to} and ${orders.status} in (${paid})
    ),
    given as (
      select ${refunds.orderId} as order_id, sum(${refunds.amount}) as amount from ${refunds}
      where ${refunds.status} = 'completed' and ${refunds.createdAt} >= ${from} group by ${refunds.orderId}
    ),
    days as (
      select p.currency, p.day as date, count(*)::int as orders, sum(p.total - coalesce(g.amount, 0))::bigint as amount,
        sum(round((p.total - coalesce(g.amount, 0))::numeric * p.base / p.rate))::bigint as eur
      from paid p left join given g on g.order_id = p.id group by p.currency, p.day
    ),
    top as (
      select i.product_id, sum(i.quantity)::int as quantity, sum(round(i.line_total::numeric * p.base / p.rate))::bigint as revenue, max(i.id) as last_line
      from paid p join ${orderItems} i on i.order_id = p.id
      group by i.product_id order by sum(i.quantity) desc, i.product_id limit ${TOP_PRODUCTS}
    )
    select
      (select json_agg(days) from days) as days,
      (select json_agg(json_build_object('productId', t.product_id, 'quantity', t.quantity, 'revenueEur', t.revenue, 'title', i.title) order by t.quantity desc, t.product_id)
         from top t join ${orderItems} i on i.id = t.last_line) as top`;
}

export async function dashboard(db: Db, table: OrderTable, locale: Locale, now: Date): Promise<Dashboard> {
  const starts = { today: midnightUtc(now, 0), days7: midnightUtc(now, 6), days30: midnightUtc(now, DAYS - 1) };

  // Four reads side by side: the window's figures and the status counts (every order, an
  // index-only count) are the two that take time, each on its own connection.
  const [figures, statusRows, low, latest] = await Promise.all([
    db.execute(figuresSql(starts.days30, now)).then((result) => (result as unknown as { rows: Figures[] }).rows[0]!),
    db.select({ status: orders.status, count: sql<number>`count(*)::int` }).from(orders).groupBy(orders.status),
    db
      .select({ productId: products.id, title: productTitleIn(locale), size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .where(and(eq(products.active, true), lte(productSizes.stock, LOW_STOCK_AT)))
      .orderBy(asc(productSizes.stock), asc(products.id), asc(productSizes.sort))
      .limit(LOW_STOCK_ROWS),
    table.page({ sort: 'createdAt', order: 'desc' }, { current: 1, size: LATEST_ORDERS }),
  ]);
  const perDay = (figures.days ?? []).map((r) => ({ ...r, amount: Number(r.amount), eur: Number(r.eur) }));
  const top = figures.top ?? [];

  const figure = (window: keyof typeof starts): RevenueFigure => {
    const from = starts[window].toISOString().slice(0, 10);
    const rows = perDay.filter((r) => r.date >= from);
    const byCurrency = new Map<string, number>();
    for (const r of rows) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + r.amount);
    return {
      orders: rows.reduce((n, r) => n + r.orders, 0),
      revenueEur: rows.reduce((n, r) => n + r.eur, 0),
      byCurrency: [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency: currency as CurrencyCode, amount })),
    };
  };
  return {
    revenue: { today: figure('today'), days7: figure('days7'), days30: figure('days30') },
    statusCounts: ORDER_STATUSES.map((status: OrderStatus) => ({ status, count: statusRows.find((r) => r.status === status)?.count ?? 0 })),
    daily: Array.from({ length: DAYS }, (_, i) => {
      const date = new Date(starts.days30.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      const rows = perDay.filter((r) => r.date === date);
      return { date, orders: rows.reduce((n, r) => n + r.orders, 0), revenueEur: rows.reduce((n, r) => n + r.eur, 0) };
    }),
    topProducts: top.map((t) => ({ productId: t.productId, title: pick(t.title, locale), quantity: t.quantity, revenueEur: Number(t.revenueEur) })),
    lowStock: low,
    latest,
  };
}
