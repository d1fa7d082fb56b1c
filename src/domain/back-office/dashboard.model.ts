/** What the back office's dashboard call answers (docs/back-office.md): amounts in integer minor units, in EUR where named so. */
import type { CurrencyCode } from '../money.model.ts';
import type { OrderStatus } from '../orders.model.ts';
import type { AdminOrderRow } from './orders.model.ts';

export interface RevenueFigure {
  orders: number;
  revenueEur: number;
  byCurrency: { currency: CurrencyCode; amount: number }[];
}

export interface Dashboard {
  revenue: { today: RevenueFigure; days7: RevenueFigure; days30: RevenueFigure };
  statusCounts: { status: OrderStatus; count: number }[];
  /** The last 30 days, oldest first, every day present. */
  daily: { date: string; orders: number; revenueEur: number }[];
  topProducts: { productId: number | null; title: string; quantity: number; revenueEur: number }[];
  lowStock: { productId: number; title: string; size: string; stock: number }[];
  latest: AdminOrderRow[];
}
