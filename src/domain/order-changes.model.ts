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
export type PaymentRequestPurpose = (typeof PAYMENT_REQUEST_PURPOSES)[number];

/** open until paid, expired (its link's time ran out), waived by staff with a reason, or cancelled (a later change replaced it). */
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'expired', 'waived', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** Where an order came from: checkout, staff (a phone or mail order), or a free replacement of another order's claim. */
export const ORDER_SOURCES = ['checkout', 'staff', 'replacement'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
