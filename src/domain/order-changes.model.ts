/**
 * What happens to an order after payment and before production (docs/back-office.md "Order
 * changes"): staff, or the shopper within the merchant's window, change a line's print or size,
 * the address or the shipping method; the shop reprices, pays back a lower total through the
 * refund path, and asks for a higher one by a payment request (a PayPal link mailed to the
 * shopper) that holds the order out of production until it is paid, expires or is waived. No zod here.
 */
export const ORDER_CHANGE_KINDS = ['line', 'address', 'shipping'] as const;
export type OrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

/** Who changed it: staff in the back office, or the shopper from the order page. */
export const ORDER_CHANGE_ACTORS = ['staff', 'shopper'] as const;
export type OrderChangeActor = (typeof ORDER_CHANGE_ACTORS)[number];

export const PAYMENT_REQUEST_PURPOSES = ['order-change', 'manual-order'] as const;
/** How a staff order was paid outside PayPal (payments.offline_method). */
export const OFFLINE_PAYMENT_METHODS = ['bank-transfer', 'cash', 'other'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export type PaymentRequestPurpose = (typeof PAYMENT_REQUEST_PURPOSES)[number];

/** open until paid, expired (its link's time ran out), waived by staff with a reason, or cancelled (a later change replaced it). */
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'expired', 'waived', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** Where an order came from: checkout, staff (a phone or mail order), or a free replacement of another order's claim. */
export const ORDER_SOURCES = ['checkout', 'staff', 'replacement'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

// ---------- what an order change answers (docs/back-office.md "Order changes") ----------

/** What one change touched, before and after: the readable parts only (order_changes.before/after). */
export interface OrderChangeSide {
  /** Line changes: the line's id, size and print as printed (name, number, lettering, patch and add-on ids). */
  line?: { itemId: number; size: string; customType: number; customName: string | null; customNumber: string | null; lettering: Record<string, string>; patchIds: number[]; addonIds: number[]; unitPrice: number };
  /** Address changes: the shipping address's lines. */
  address?: Record<string, string | null>;
  /** Shipping changes: the method and its price. */
  shipping?: { method: string; amount: number };
  total: number;
}

/** One row of an order's change history, as the back office and the shopper's mail read it. */
export interface OrderChangeRecord {
  id: number;
  revision: number;
  kind: OrderChangeKind;
  actor: OrderChangeActor;
  byEmail: string;
  reason: string | null;
  before: OrderChangeSide;
  after: OrderChangeSide;
  /** In the order's currency: the new total less the old. */
  totalDelta: number;
  at: string;
}

/** A payment request as the order screens show it. */
export interface PaymentRequestRecord {
  id: number;
  amount: number;
  currency: string;
  status: PaymentRequestStatus;
  expiresAt: string;
}

/** The back office's change panel: the history, the revision to send, what is owed, and whether it may still change. */
export interface OrderChangesView {
  orderNo: string;
  revision: number;
  /** Paid and not in production (staff may change it). */
  changeable: boolean;
  currency: string;
  total: number;
  changes: OrderChangeRecord[];
  /** The request the order owes: open, or expired unpaid (status says which); either holds production until paid or waived. */
  pendingRequest: PaymentRequestRecord | null;
}

/** What a change answers: the order's new revision and total, and the money it moved. */
export interface OrderChangeAnswer {
  orderNo: string;
  revision: number;
  total: number;
  totalDelta: number;
  currency: string;
  /** Paid back through PayPal (the refund path): its amount, or null; `failed` when PayPal did not take it (staff retry by refund). */
  refund: { amount: number; failed: boolean } | null;
  /** Asked of the shopper by a mailed link. */
  request: PaymentRequestRecord | null;
}

/** What a staff change would do, answered before it is made (the dialog's confirmation); nothing is written. */
export interface OrderChangePreview {
  orderNo: string;
  /** The revision it was worked out against: the one to send with the change. */
  revision: number;
  currency: string;
  /** The order's total after the change, and the new total less the old. */
  total: number;
  totalDelta: number;
  /** What would be paid back through PayPal (0: nothing). */
  refund: number;
  /** What the shopper would be asked to pay by a mailed link (0: nothing). */
  owed: number;
}

/** The shopper's order page: whether they may still fix their print and address, until when, and the revision to send. */
export interface ShopperChangeOptions {
  editable: boolean;
  /** ISO instant the window closes (paidAt + afterSales.shopperEditMinutes), or null when it never opened. */
  until: string | null;
  revision: number;
  /** Lines whose printed name and number the shopper may fix (printed with their own name: Add Yours). */
  lines: { itemId: number; title: string; size: string; customName: string | null; customNumber: string | null }[];
}

/**
 * Whether the shopper may still change the order now: paid (not yet in production) and within
 * `minutes` after payment. The server decides with this under the order's lock.
 */
export function shopperMayEdit(order: { status: string; paidAt: Date | null }, minutes: number, now: Date): boolean {
  if (order.status !== 'paid' || !order.paidAt) return false;
  return now.getTime() < shopperEditUntil(order.paidAt, minutes).getTime();
}

export function shopperEditUntil(paidAt: Date, minutes: number): Date {
  return new Date(paidAt.getTime() + minutes * 60_000);
}
