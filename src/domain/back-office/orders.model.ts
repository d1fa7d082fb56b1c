/**
 * What the back office's order calls answer (docs/back-office.md "The order screens"); the requests
 * are in orders.schema.ts. Amounts are integer minor units: in EUR where named so, else in the
 * order's currency. Dates are ISO 8601 strings.
 */
import type { CurrencyCode } from '../money.model.ts';
import type { OfflinePaymentMethod, OrderSource } from '../order-changes.model.ts';
import type { OrderDetail, OrderStatus, PaymentProvider } from '../orders.model.ts';

export const PAYMENT_STATES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
/**
 * What staff see of an order's money (orders.payment_state, kept from its payment's status by
 * migration 0008's trigger): captured is paid, the refund states stay as they are, the rest
 * (created, approved, pending, declined, voided..., or no payment) is unpaid.
 */
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const ORDER_SORT_FIELDS = ['createdAt', 'total', 'orderNo', 'status'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/** One row of the orders table. */
export interface AdminOrderRow {
  orderNo: string;
  status: OrderStatus;
  paymentState: PaymentState;
  createdAt: string;
  paidAt: string | null;
  email: string;
  /** The ship-to name. */
  customerName: string;
  country: string;
  currency: CurrencyCode;
  total: number;
  totalEur: number;
  itemCount: number;
  personalised: boolean;
}

export interface AdminNote {
  id: number;
  at: string;
  authorEmail: string;
  text: string;
}

export interface AdminPayment {
  provider: PaymentProvider;
  status: string;
  amount: number;
  currency: CurrencyCode;
  paypalOrderId: string | null;
  captureId: string | null;
  payerName: string | null;
  payerEmail: string | null;
  /** A staff order paid offline: how, the bank's or till's reference, and why staff recorded it; null for PayPal. */
  offlineMethod: OfflinePaymentMethod | null;
  offlineReference: string | null;
  offlineReason: string | null;
}

export interface AdminRefund {
  id: number;
  at: string;
  amount: number;
  currency: CurrencyCode;
  paypalRefundId: string | null;
  status: 'pending' | 'completed' | 'failed';
  reason: string;
  byEmail: string;
  /** The lines it paid back, with quantities; empty for an amount-only refund. */
  /** `restock`: staff asked these units back into stock (returned goods). */
  lines: { orderItemId: number; quantity: number; restock?: boolean }[];
  restocked: boolean;
}

/** The order as staff see it: the shopper's view and what only staff see. */
export interface AdminOrderDetail extends OrderDetail {
  paymentState: PaymentState;
  /** Where the order came from: checkout, staff (docs/back-office.md "Manual orders"), or a free replacement. */
  source: OrderSource;
  /** The order a replacement replaces. */
  replacesOrderNo: string | null;
  /** Lines whose unit price staff set by hand, with why (by line id). */
  priceReasons: { id: number; reason: string }[];
  customer: { userId: number | null; email: string; name: string; locale: string };
  payments: AdminPayment[];
  refunds: AdminRefund[];
  /** What may still be refunded, in the order's currency. */
  refundable: number;
  /**
   * Each goods line's own tax where it was added to the prices (Canada, US states; by line id),
   * which a refund of the line pays back with it (the refund dialog's estimate); empty where the
   * prices include the tax or there is none.
   */
  lineTax: { id: number; tax: number }[];
  notes: AdminNote[];
  /** The moves the caller may make now (their codes and the order's state allowing). */
  nextStatuses: OrderStatus[];
}

export interface BulkMoveAnswer {
  moved: string[];
  failed: { orderNo: string; msg: string }[];
}

/** Why an order chosen for a bulk move would not move (the screen words it in the user's language). */
export type BulkMoveBlock = 'not-found' | 'already-there' | 'not-allowed' | 'refund-under-way' | 'payment-requested';

/**
 * What a bulk move would do now, before anything moves (`bulkMovePreview`): the orders it would
 * move (each one's shopper is mailed) and the others with why, in the order they were chosen.
 */
export interface BulkMovePreview {
  to: 'processing' | 'delivered';
  movable: { orderNo: string; status: OrderStatus; email: string }[];
  blocked: { orderNo: string; status: OrderStatus | null; reason: BulkMoveBlock }[];
}
