/**
 * Checkout: how an order's amounts are made, and the PayPal
 * purchase unit built from them.
 *
 * The amounts, in the order's currency and integer minor units:
 *   items            sum of unit price x quantity (unit prices converted from EUR first)
 *   tierDiscount     the discount tier's percentage of items (pricing.ts cartTotals)
 *   couponDiscount   the coupon, applied to items - tierDiscount (without personalised lines when
 *                    the coupon excludes them), never more than that
 *   shipping         the method's rate for the destination zone; standard is free once
 *                    items - tierDiscount - couponDiscount reaches the threshold
 *   taxAdded         the tax added on top of the prices where they are shown without it
 *                    (Canada, the US: tax/checkout-tax.ts); 0 where prices include it
 *   total            items - tierDiscount - couponDiscount + shipping + taxAdded  (never below 0)
 */
import type { CartLineRecord } from './cart.model.ts';
import { couponBases, couponDiscount, type CouponKind, type CouponProblem, type CouponRule } from './coupons.model.ts';
import { assertMinor, minorUnitDigits, toDecimalString, type CurrencyCode } from './money.model.ts';
import { cartTotals, type CartTotals, type DiscountTier } from './pricing.ts';
import type { TaxBreakdown } from './tax/tax.model.ts';
import { DEFAULT_PRICING_TERMS, shippingOption, type PricingTerms, type ShippingMethod, type ShippingOption } from './shipping.ts';

/** Idempotency-Key header: 8-128 characters of a UUID, ULID or similar. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
// ---------- amounts ----------

export interface CheckoutTotals {
  currency: CurrencyCode;
  itemCount: number;
  items: number;
  tierPercent: number;
  tierDiscount: number;
  couponDiscount: number;
  /** items - tierDiscount - couponDiscount: what the free-shipping threshold is compared with. */
  itemsAfterDiscounts: number;
  /** 0 until a destination is known. */
  shipping: number;
  /** Tax added on top of the prices (where they are shown without it: the US, Canada); 0 where prices include it or before a destination. */
  taxAdded: number;
  /** What the buyer pays: itemsAfterDiscounts + shipping + taxAdded. */
  total: number;
}
export interface TotalsInput {
  lines: readonly { lineTotal: number; quantity: number; personalised: boolean }[];
  currency: CurrencyCode;
  tiers: readonly DiscountTier[];
  coupon: Pick<CouponRule, 'kind' | 'percent' | 'amountEur' | 'amounts' | 'includesPersonalised'> | null;
  /** Destination and method; null before the shopper says where. */
  shipping: { country: string; method: ShippingMethod } | null;
  personalised: boolean;
  /** The lines' cartTotals when the caller has them already (a coupon's minimum spend needs them first). */
  cart?: CartTotals;
  /** The shop's settings of the moment (rates, shipping, threshold); the defaults when absent. */
  terms?: PricingTerms;
}
export function checkoutTotals(input: TotalsInput): { totals: CheckoutTotals; shipping: ShippingOption | null } {
  const cart = input.cart ?? cartTotals(input.lines, input.currency, input.tiers);
  const afterTier = cart.total;
  const terms = input.terms ?? DEFAULT_PRICING_TERMS;
  const bases = couponBases(input.lines, cart);
  const coupon = input.coupon ? couponDiscount(input.coupon, input.coupon.includesPersonalised ? bases.base : bases.baseWithoutPersonalised, input.currency, terms.rates) : 0;
  const itemsAfterDiscounts = afterTier - coupon;
  const option = input.shipping ? shippingOption(input.shipping.country, input.shipping.method, itemsAfterDiscounts, input.currency, input.personalised, terms) : null;
  const shipping = option?.amount ?? 0;
  return {
    totals: {
      currency: input.currency,
      itemCount: cart.itemCount,
      items: cart.subtotal,
      tierPercent: cart.discountPercent,
      tierDiscount: cart.discount,
      couponDiscount: coupon,
      itemsAfterDiscounts,
      shipping,
      taxAdded: 0,
      total: itemsAfterDiscounts + shipping,
    },
    shipping: option,
  };
}
// ---------- answers ----------

/** A line as checkout shows it: the cart's line shape, with its cart id when it came from the cart. */
export type CheckoutLine = Omit<CartLineRecord, 'id'> & { cartItemId: number | null };
export interface CouponState {
  code: string;
  valid: boolean;
  kind: CouponKind | null;
  percent: number | null;
  discount: number;
  /** Why it does not apply (the page shows its own wording for it). */
  reason: CouponProblem | null;
  message: string | null;
}
export interface CheckoutQuote {
  currency: CurrencyCode;
  lines: CheckoutLine[];
  summary: CheckoutTotals;
  coupon: CouponState | null;
  /** Every method to the destination, with its price for these items; null without a country. */
  shippingOptions: ShippingOption[] | null;
  /** The chosen method's option. */
  shipping: ShippingOption | null;
  /** The tax to the destination (docs/taxes.md); null before a destination is known ("taxes calculated at checkout"). */
  tax: TaxBreakdown | null;
  freeShippingThreshold: number;
  notices: {
    /** Some line is printed with a name and number: no returns, and 1-2 more business days. */
    personalised: boolean;
    /** Lines that cannot be bought as they are (sold out, fewer left). */
    stock: { cartItemId: number | null; productId: number; size: string; available: number; message: string }[];
  };
}
export interface PlacedOrder {
  orderNo: string;
  /** The guest's key to the order pages (order-success/{orderNo}?token=...). */
  accessToken: string;
  status: string;
  currency: CurrencyCode;
  total: number;
  /** When an unpaid order is cancelled and its stock released. */
  payBefore: string;
  /** True when this answer repeats an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}
// ---------- PayPal ----------

export interface PaypalMoney {
  currency_code: string;
  value: string;
}
export interface PaypalItem {
  name: string;
  quantity: string;
  unit_amount: PaypalMoney;
  sku?: string;
  category?: 'PHYSICAL_GOODS';
}
export interface PaypalPurchaseUnit {
  reference_id: string;
  custom_id: string;
  invoice_id: string;
  description: string;
  amount: PaypalMoney & { breakdown: { item_total: PaypalMoney; shipping: PaypalMoney; discount: PaypalMoney; tax_total?: PaypalMoney } };
  items: PaypalItem[];
}
export interface BreakdownInput {
  orderNo: string;
  currency: CurrencyCode;
  items: readonly { name: string; sku: string; unitAmount: number; quantity: number }[];
  /** Tier discount and coupon together. */
  discount: number;
  shipping: number;
  /** The tax added on top of the prices (the order's taxAdded); 0 or absent where prices include it, as the item amounts then do. */
  tax?: number;
  total: number;
}
const PAYPAL_TEXT_MAX = 127;
function money(minor: number, currency: CurrencyCode): PaypalMoney {
  return { currency_code: currency, value: toDecimalString(minor, currency) };
}
export class BreakdownMismatchError extends Error {}
/**
 * The purchase unit PayPal checks: item_total = sum of unit_amount x quantity, and amount =
 * item_total + shipping + tax_total - discount (PayPal answers ITEM_TOTAL_MISMATCH or AMOUNT_MISMATCH
 * otherwise). Built from the order's frozen integers, so it adds up by construction; an order
 * whose figures do not is refused here rather than by PayPal.
 */
export function paypalPurchaseUnit(input: BreakdownInput): PaypalPurchaseUnit {
  let itemTotal = 0;
  for (const item of input.items) {
    assertMinor(item.unitAmount);
    if (!Number.isInteger(item.quantity) || item.quantity < 1) throw new BreakdownMismatchError('quantity must be a positive integer');
    if (item.unitAmount < 0) throw new BreakdownMismatchError('unit amounts cannot be negative');
    itemTotal += item.unitAmount * item.quantity;
  }
  const tax = input.tax ?? 0;
  for (const amount of [input.discount, input.shipping, tax, input.total]) assertMinor(amount);
  if (input.discount < 0 || input.shipping < 0 || tax < 0) throw new BreakdownMismatchError('discount, shipping and tax cannot be negative');
  if (input.discount > itemTotal) throw new BreakdownMismatchError('the discount is larger than the items');
  if (itemTotal + input.shipping + tax - input.discount !== input.total) {
    throw new BreakdownMismatchError(`total ${input.total} is not items ${itemTotal} + shipping ${input.shipping} + tax ${tax} - discount ${input.discount}`);
  }
  return {
    reference_id: input.orderNo,
    custom_id: input.orderNo,
    invoice_id: input.orderNo,
    description: `Order ${input.orderNo}`,
    amount: {
      ...money(input.total, input.currency),
      breakdown: {
        item_total: money(itemTotal, input.currency),
        shipping: money(input.shipping, input.currency),
        discount: money(input.discount, input.currency),
        ...(tax > 0 ? { tax_total: money(tax, input.currency) } : {}),
      },
    },
    items: input.items.map((item) => ({
      name: item.name.slice(0, PAYPAL_TEXT_MAX),
      quantity: String(item.quantity),
      unit_amount: money(item.unitAmount, input.currency),
      sku: item.sku.slice(0, PAYPAL_TEXT_MAX),
      category: 'PHYSICAL_GOODS',
    })),
  };
}
/** Decimal string to minor units ("12.30" -> 1230), for checking what PayPal answers; null if malformed. */
export function minorFromDecimal(value: string, currency: CurrencyCode): number | null {
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(value)) return null;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return negative && minor !== 0 ? -minor : minor;
}
