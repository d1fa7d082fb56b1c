/**
 * What the pay page of a payment request reads and answers (docs/checkout-and-payments.md
 * "Payment requests"): the order it is for, what it asks, until when, and how it stands. No zod here.
 */
import type { Locale } from './locale.ts';
import type { PaymentRequestPurpose, PaymentRequestStatus } from './order-changes.model.ts';

/** A request as its link's holder sees it: never the order's address or lines. */
export interface PayRequestView {
  orderNo: string;
  purpose: PaymentRequestPurpose;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** ISO time the link stops being payable. */
  expiresAt: string;
  /** `open` past its time reads `expired` (the expiry job may not have run yet). */
  status: PaymentRequestStatus;
  paidAt: string | null;
  /** The order's language: the page that opened in another shows a link to this one. */
  locale: Locale;
}

export interface PayRequestOrderAnswer {
  /** The PayPal order id the SDK approves. */
  id: string;
}

/** The link's token: 32 base64url characters (24 random bytes). */
export const PAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
