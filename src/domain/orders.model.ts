/**
 * Orders (docs/checkout-and-payments.md): states and the moves between them, order numbers (from
 * order-numbers.ts), and the shapes the order endpoints answer. What they take is in
 * orders.schema.ts.
 */
import type { AddressRecord } from './account.model.ts';
import type { Size } from './catalogue.schema.ts';
import { divRound, type CurrencyCode } from './money.model.ts';
import type { PrintRecord } from './personalisation.ts';
import type { ShippingMethod, ShippingZone } from './shipping.ts';
import type { TaxBreakdown, TaxDocumentRecord } from './tax/tax.model.ts';

export * from './order-numbers.ts';
// ---------- states ----------

export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Forward moves only. Cancelled and refunded are final. Once an order is in production its
 * personalised items are printed for that buyer: cancelling or refunding it then takes an
 * override (R_SUPER, with a reason).
 */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['processing', 'shipped', 'cancelled', 'refunded'],
  processing: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};
/** States in which an order's personalised items have been printed. */
export const PRINTED_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];
export type MoveProblem = 'not-allowed' | 'personalised';
/** Why `from` -> `to` is not allowed, or null when it is; `override` lifts the personalised rule. */
export function moveProblem(from: OrderStatus, to: OrderStatus, personalised: boolean, override = false): MoveProblem | null {
  if (!MOVES[from].includes(to)) return 'not-allowed';
  if ((to === 'cancelled' || to === 'refunded') && personalised && PRINTED_STATUSES.includes(from) && !override) return 'personalised';
  return null;
}
export function canMove(from: OrderStatus, to: OrderStatus, personalised: boolean, override = false): boolean {
  return moveProblem(from, to, personalised, override) === null;
}
/**
 * Whether a line's stock can go back when it is cancelled or refunded: nothing has left the
 * warehouse before shipping, and a personalised shirt is printed once in production.
 */
export function lineRestockable(status: OrderStatus, personalised: boolean): boolean {
  return status === 'paid' || (status === 'processing' && !personalised);
}
/** States in which the buyer has paid (and the order counts as a purchase). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/**
 * What refunded lines give back (the refund desk's rule, and the value a credit note naming them
 * weighs its refund against): their price less their share of the order's multi-buy and coupon
 * discounts, spread over the items in proportion, rounded to the minor unit.
 */
export function refundLinesValue(order: { itemsTotal: number; tierDiscount: number; couponDiscount: number }, lines: readonly { unitPrice: number; quantity: number }[]): number {
  if (order.itemsTotal === 0) return 0;
  const gross = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return divRound(gross * (order.itemsTotal - order.tierDiscount - order.couponDiscount), order.itemsTotal);
}
// ---------- answers ----------

/** An order line as the API answers it; its print's fields are those of every answered line (PrintRecord). */
export interface OrderLineRecord extends PrintRecord {
  id: number;
  productId: number | null;
  name: string;
  image: string;
  size: Size;
  /** In the order's currency, frozen when the order was placed. */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}
export interface OrderAmounts {
  currency: CurrencyCode;
  /** Units of CURRENCY per EUR, as locked on the order (display only; amounts are frozen). */
  rate: number;
  itemCount: number;
  items: number;
  tierPercent: number;
  tierDiscount: number;
  couponCode: string | null;
  couponDiscount: number;
  shipping: number;
  /** Frozen at placement; orders from before taxes: no rows, display exclusive, nothing added. */
  tax: TaxBreakdown;
  total: number;
}
/** The address an order ships to, shown as the address book shows one (it has no book id or default flag). */
export type ShippingAddressRecord = Omit<AddressRecord, 'id' | 'isDefault'>;
export interface StatusEvent {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  note: string | null;
}
export interface ShipmentRecord {
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this parcel, when known. */
  trackingUrl: string | null;
  shippedAt: string;
  events: { at: string; status: string; location: string | null; description: string }[];
}
export interface OrderDetail {
  orderNo: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  /** While unpaid: when it is cancelled and its stock released. */
  payBefore: string | null;
  /** PayPal can still be asked for the money. */
  payable: boolean;
  email: string;
  locale: string;
  personalised: boolean;
  amounts: OrderAmounts;
  shippingMethod: ShippingMethod;
  shippingZone: ShippingZone;
  delivery: { minDays: number; maxDays: number };
  shippingAddress: ShippingAddressRecord;
  lines: OrderLineRecord[];
  timeline: StatusEvent[];
  shipments: ShipmentRecord[];
  payment: { provider: 'paypal' | 'none'; status: string; payerName: string | null } | null;
  /**
   * Its invoice and credit notes, oldest first. Each PDF downloads by GET
   * /api/orders/{orderNo}/documents/{number}.pdf (the session's order, or a guest's with ?token=),
   * and in the back office GET /api/admin/orders/{orderNo}/documents/{number}.pdf.
   */
  documents: TaxDocumentRecord[];
}
export interface OrderSummary {
  orderNo: string;
  status: OrderStatus;
  createdAt: string;
  currency: CurrencyCode;
  total: number;
  itemCount: number;
  /** The first lines' pictures and names, for the list. */
  preview: { name: string; image: string }[];
}
/** Tracking by number: status and shipping events, nothing personal (docs/accounts-and-security.md, threat 13). */
export interface TrackingAnswer {
  orderNo: string;
  status: OrderStatus;
  timeline: { status: OrderStatus; at: string }[];
  shipments: ShipmentRecord[];
}
/** The product page's order tab: who bought it, as little as can say so. */
export interface ProductPurchase {
  buyer: string;
  country: string;
  size: Size;
  date: string;
}
