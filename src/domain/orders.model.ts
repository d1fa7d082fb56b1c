/**
 * Orders (docs/checkout-and-payments.md): states and the moves between them, order numbers (from
 * order-numbers.ts), and the shapes the order endpoints answer. What they take is in
 * orders.schema.ts.
 */
import type { AddressRecord } from './account.model.ts';
import type { Size } from './catalogue.schema.ts';
import { divRound, type CurrencyCode } from './money.model.ts';
import { allocate } from './tax/allocate.ts';
import type { PrintRecord } from './personalisation.ts';
import type { ShippingMethod, ShippingZone } from './shipping.ts';
import type { TaxBreakdown, TaxDocumentRecord, TaxLine } from './tax/tax.model.ts';

export * from './order-numbers.ts';
// ---------- states ----------

/** Who took the money: PayPal; none (a free replacement); offline (a staff order paid by bank transfer or cash, recorded by hand). */
export const PAYMENT_PROVIDERS = ['paypal', 'none', 'offline'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'partially_shipped', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** True for the shop's own states; a parcel scan's status may also be a carrier's own words. */
export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}
/**
 * Forward moves only. Cancelled and refunded are final. Once an order is in production its
 * personalised items are printed for that buyer: cancelling or refunding it then takes an
 * override (R_SUPER, with a reason).
 */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['processing', 'partially_shipped', 'shipped', 'cancelled', 'refunded'],
  processing: ['partially_shipped', 'shipped', 'cancelled', 'refunded'],
  // Some parcels left (docs/back-office.md "Shipments"): shipped once every line's quantity is in
  // a parcel; no cancelling what is already with a carrier, a refund instead.
  partially_shipped: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};
/** States in which an order's personalised items have been printed. */
export const PRINTED_STATUSES: readonly OrderStatus[] = ['processing', 'partially_shipped', 'shipped', 'delivered'];
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
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'partially_shipped', 'shipped', 'delivered'];

/** What a refund by lines is priced on: the order's discounts and every line of it (by id), whose `quantity` is its whole. */
export interface RefundTerms {
  itemsTotal: number;
  tierDiscount: number;
  couponDiscount: number;
}
export interface OrderLineUnits {
  unitPrice: number;
  quantity: number;
}
/** Units of one line (`index`: its position among the order's lines, by id) refunded, `before` of them refunded earlier. */
export interface RefundedUnits {
  index: number;
  quantity: number;
  before: number;
}

/**
 * What the buyer paid for each line before any tax added to it: the goods' total less the order's
 * multi-buy and coupon discounts, spread over the lines by their price (largest remainder), so the
 * lines add up to it exactly.
 */
export function linesPaid(order: RefundTerms, lines: readonly OrderLineUnits[]): number[] {
  const weights = lines.map((line) => line.unitPrice * line.quantity);
  if (order.itemsTotal === 0 || weights.every((w) => w === 0)) return lines.map(() => 0);
  return allocate(Math.max(0, order.itemsTotal - order.tierDiscount - order.couponDiscount), weights);
}

/**
 * What refunded units are worth before any tax added to them (refundLinesAmount adds it; a credit
 * note naming them weighs its refund against both). Cumulative, as refundLineTax: the units of a
 * line refunded so far carry round(paid x units / of) together, so each refund takes the
 * difference, the refunds of a line never add up to more than it was paid (linesPaid), and the one
 * that returns its last unit takes exactly what is left of it.
 */
export function refundLinesValue(order: RefundTerms, lines: readonly OrderLineUnits[], refunded: readonly RefundedUnits[]): number {
  const paid = linesPaid(order, lines);
  return refunded.reduce((sum, r) => sum + cumulativeShare(paid[r.index]!, { quantity: r.quantity, before: r.before, of: lines[r.index]!.quantity }), 0);
}

/** A whole's part for `quantity` of `of` units, `before` of them taken earlier: rounded once on the units so far, so the parts add up to the whole. */
function cumulativeShare(whole: number, line: { quantity: number; before: number; of: number }): number {
  if (line.of <= 0 || line.quantity <= 0) return 0;
  return divRound(whole * (line.before + line.quantity), line.of) - divRound(whole * line.before, line.of);
}

/** Whether the order's tax was added to its prices (Canada, US states turned on), so a lines refund pays it back with them. */
export function taxWasAdded(order: { taxDisplay: string; taxAdded: number }): boolean {
  return order.taxDisplay === 'exclusive' && order.taxAdded > 0;
}

/** A goods line's own tax (its tax lines, not its share of the shipping's), by its position among the order's lines (by id). */
export function lineGoodsTax(taxLines: readonly TaxLine[], index: number): number {
  return taxLines.reduce((sum, line) => sum + (line.target.kind === 'line' && line.target.index === index ? line.amount : 0), 0);
}

/**
 * The tax added on a line (`tax`, its lineGoodsTax) that a refund of `quantity` of its `of` units
 * pays back, `before` of them refunded earlier. Cumulative: the units refunded so far carry
 * round(tax x units / of) together (half away from zero, once per line, the line's taxes summed
 * first), so each refund takes the difference, none is negative, refunds of a line never add up
 * to more than its tax, and the one that returns its last unit takes exactly what is left of it.
 */
export function refundLineTax(tax: number, line: { quantity: number; before: number; of: number }): number {
  return cumulativeShare(tax, line);
}

/**
 * What a refund of lines pays back (the refund desk's rule, the refund dialog's estimate):
 * refundLinesValue, plus, where the tax was added to the prices, each line's refundLineTax (`tax`:
 * the line's lineGoodsTax). Where the prices include the tax (EU, UK, AU, NZ) the value already holds it.
 */
export function refundLinesAmount(
  order: RefundTerms & { taxDisplay: string; taxAdded: number },
  lines: readonly OrderLineUnits[],
  refunded: readonly (RefundedUnits & { tax: number })[],
): number {
  const value = refundLinesValue(order, lines, refunded);
  if (!taxWasAdded(order)) return value;
  return value + refunded.reduce((sum, r) => sum + refundLineTax(r.tax, { quantity: r.quantity, before: r.before, of: lines[r.index]!.quantity }), 0);
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
  /** The team roster the line was ordered in (docs/storefront.md "Team orders"), or null. */
  group: { id: string; name: string } | null;
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
  /** The parcel's id (the back office corrects its carrier and tracking number by it). */
  id: number;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this parcel, when known. */
  trackingUrl: string | null;
  shippedAt: string;
  /** When staff last corrected its carrier or tracking number. */
  correctedAt: string | null;
  /**
   * What the parcel holds: name, size and quantity of each line (no amounts: the tracking page
   * shows them to whoever knows the number). A parcel of the whole order lists every line.
   */
  lines: { orderItemId: number; name: string; size: string; quantity: number }[];
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
  payment: { provider: PaymentProvider; status: string; payerName: string | null } | null;
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
