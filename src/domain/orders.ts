/**
 * Orders (docs/checkout-and-payments.md): states and the moves between them, order numbers (from
 * order-numbers.ts), and the shapes the order endpoints take and answer.
 */
import { z } from 'zod';
import type { AddressRecord } from './account.ts';
import { idSchema, pageRequestShape, type Size } from './catalogue.schema.ts';
import { ORDER_MESSAGES } from './field-messages.ts';
import type { CurrencyCode } from './money.model.ts';
import type { CustomType, PremiumOption } from './personalisation.ts';
import type { ShippingMethod, ShippingZone } from './shipping.ts';
import { normaliseOrderNo } from './order-numbers.ts';

export * from './order-numbers.ts';

// ---------- states ----------

export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Forward moves only. Cancelled and refunded are final. A paid order holding a personalised
 * item cannot be cancelled (it is printed for that buyer); it can still be refunded.
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

export type MoveProblem = 'not-allowed' | 'personalised';

/** Why `from` -> `to` is not allowed, or null when it is. */
export function moveProblem(from: OrderStatus, to: OrderStatus, personalised: boolean): MoveProblem | null {
  if (!MOVES[from].includes(to)) return 'not-allowed';
  if (to === 'cancelled' && personalised && from !== 'pending_payment') return 'personalised';
  return null;
}

export function canMove(from: OrderStatus, to: OrderStatus, personalised: boolean): boolean {
  return moveProblem(from, to, personalised) === null;
}

/** States in which the buyer has paid (and the order counts as a purchase). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];


export const orderNoSchema = z
  .string({ error: ORDER_MESSAGES.orderNoRequired })
  .trim()
  .min(1, { error: ORDER_MESSAGES.orderNoRequired, abort: true })
  .max(40, { error: ORDER_MESSAGES.orderNoInvalid, abort: true })
  .transform((value, ctx) => {
    const orderNo = normaliseOrderNo(value);
    if (!orderNo) {
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.orderNoInvalid });
      return z.NEVER;
    }
    return orderNo;
  });

/** The guest's access token: 43 base64url characters (256 bits). */
export const orderTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'token is invalid');

// ---------- requests ----------

/** The order's owner (bearer token) or whoever holds its access token may read it. */
export const orderAccessRequestSchema = z.strictObject({ orderNo: orderNoSchema, token: orderTokenSchema.optional() });
export const orderItemsRequestSchema = z.strictObject({ orderNo: orderNoSchema, token: orderTokenSchema.optional(), ...pageRequestShape });
export const orderListRequestSchema = z.strictObject({ ...pageRequestShape, size: pageRequestShape.size.default(10) });
export const trackOrderRequestSchema = z.strictObject({ orderNo: orderNoSchema });
export const productPurchasesRequestSchema = z.strictObject({ productId: idSchema, ...pageRequestShape, size: pageRequestShape.size.default(10) });

const noteSchema = z.string().trim().max(500).optional();
export const adminMoveRequestSchema = z
  .strictObject({
    orderNo: orderNoSchema,
    to: z.enum(ORDER_STATUSES, { error: `to must be one of ${ORDER_STATUSES.join(', ')}` }),
    note: noteSchema,
    carrier: z.string().trim().min(1).max(60).optional(),
    trackingNumber: z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/, 'trackingNumber must be 4-40 letters, digits or dashes').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.to === 'shipped' && (!body.carrier || !body.trackingNumber)) {
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Shipping needs a carrier and a tracking number' });
    }
  });
export type AdminMoveRequest = z.output<typeof adminMoveRequestSchema>;

export const adminShipmentEventRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  status: z.string().trim().min(1).max(60),
  description: z.string().trim().min(1).max(300),
  location: z.string().trim().max(100).optional(),
});

// ---------- answers ----------

export interface OrderLineRecord {
  id: number;
  productId: number | null;
  name: string;
  image: string;
  size: Size;
  customType: CustomType;
  squadList: number | null;
  customName: string | null;
  customNumber: string | null;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
  patches: { id: number; patchName: string; patchPrice: number }[];
  addonItems: { id: number; name: string; price: number }[];
  personalised: boolean;
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
