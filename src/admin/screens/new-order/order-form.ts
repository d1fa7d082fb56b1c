/**
 * The New order screen's form as the server's requests (docs/back-office.md "Manual orders"):
 * pure, unit-tested (tests/unit/admin/new-order-form.test.ts). Prices are typed in the order's
 * currency as decimals ("12.50") and sent in minor units; an empty price is the shop's own.
 */
import { CODES } from '../../../domain/api/envelope.ts';
import { minorFromDecimal } from '../../../domain/checkout.model.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { OfflinePaymentMethod } from '../../../domain/order-changes.model.ts';
import type { ShippingMethod } from '../../../domain/shipping.ts';
import { BLANK_PRINT, printRequestOf, type PrintValues } from '../../widgets/print-values.ts';

export type PaymentChoice = 'link' | 'offline' | 'replacement';
export type CustomerChoice = 'account' | 'guest';

/** A line: its product, size and quantity, its whole print (PrintFields: type, squad player, own name and number, lettering, patches, add-ons), a hand-set price. */
export interface FormLine extends PrintValues {
  productId?: number;
  size?: string;
  quantity?: number;
  /** Typed in the order's currency ("12.50"); empty: the shop's price. */
  unitPrice?: string;
  priceReason?: string;
}

export interface OrderForm {
  customerKind: CustomerChoice;
  userId?: number;
  guestEmail?: string;
  lines: FormLine[];
  currency: CurrencyCode;
  locale: 'en-US' | 'zh-CN';
  firstName?: string;
  lastName?: string;
  company?: string;
  address?: string;
  address2?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
  phoneCode?: string;
  phone?: string;
  shippingMethod: ShippingMethod;
  couponCode?: string;
  payment: PaymentChoice;
  offlineMethod?: OfflinePaymentMethod;
  reference?: string;
  offlineReason?: string;
  replaces?: string;
}

export const NEW_LINE: FormLine = { ...BLANK_PRINT, quantity: 1 };

const text = (value: string | undefined) => (value ?? '').trim();

/** A form line as the request's line: its configuration (the configurator's fields, the print whole) and a hand-set price with its reason. */
export function requestLine(line: FormLine, currency: CurrencyCode) {
  const price = text(line.unitPrice);
  const unitPrice = price === '' ? null : minorFromDecimal(price, currency);
  return {
    item: {
      productId: line.productId ?? 0,
      size: (line.size ?? '') as 'M',
      quantity: line.quantity ?? 1,
      ...printRequestOf(line),
    },
    // A price that does not parse is sent as -1, for the server to refuse beside its field.
    ...(price === '' ? {} : { unitPrice: unitPrice ?? -1, priceReason: text(line.priceReason) }),
  };
}

/** A line whose product changed: what belonged to the old product (its size, print type, squad player, patches, add-ons) starts again; a typed name, number and lettering stay. */
export function lineForProduct(line: FormLine): FormLine {
  return { ...line, size: undefined, customType: BLANK_PRINT.customType, playerId: null, patchIds: [], addonIds: [] };
}

function customerOf(form: OrderForm) {
  return form.customerKind === 'account' ? { type: 'account' as const, userId: form.userId ?? 0 } : { type: 'guest' as const, email: text(form.guestEmail) };
}

/** What the quote call prices: the lines, and shipping and tax once the country is typed. */
export function quoteRequest(form: OrderForm) {
  const country = text(form.country).toUpperCase();
  return {
    ...(form.payment === 'replacement' ? {} : { customer: customerOf(form) }),
    // A replacement is free: prices typed before switching to it are not sent.
    lines: form.lines.map((l) => (form.payment === 'replacement' ? { item: requestLine(l, form.currency).item } : requestLine(l, form.currency))),
    currency: form.currency,
    ...(country ? { country } : {}),
    ...(text(form.province) ? { province: text(form.province) } : {}),
    shippingMethod: form.shippingMethod,
    couponCode: text(form.couponCode) || null,
  };
}

/** The create call's body; `key` is made when the screen opens, so a retry names the same order. */
export function createRequest(form: OrderForm, key: string) {
  const lines = form.lines.map((l) => requestLine(l, form.currency));
  const common = { idempotencyKey: key, locale: form.locale, currency: form.currency, lines, shippingMethod: form.shippingMethod, couponCode: text(form.couponCode) || null };
  if (form.payment === 'replacement') return { ...common, lines: lines.map(({ item }) => ({ item })), payment: { kind: 'replacement' as const, orderNo: text(form.replaces).toUpperCase() } };
  const address = {
    firstName: text(form.firstName),
    lastName: text(form.lastName),
    company: text(form.company),
    address: text(form.address),
    address2: text(form.address2),
    city: text(form.city),
    province: text(form.province),
    postalCode: text(form.postalCode),
    country: text(form.country).toUpperCase(),
    phoneCode: text(form.phoneCode),
    phone: text(form.phone),
  };
  const payment = form.payment === 'offline' ? { kind: 'offline' as const, method: form.offlineMethod ?? 'bank-transfer', reference: text(form.reference), reason: text(form.offlineReason) } : { kind: 'link' as const };
  return { ...common, customer: customerOf(form), address, payment };
}

/** "New order for this customer" opens /new-order?customer=<id>. */
export function customerOfPath(fullPath: string): number | null {
  const search = fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?')) : '';
  const id = Number(new URLSearchParams(search).get('customer'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A line the stock cannot serve, as the quote's notices and a placing's refusal (1410's data) name it. */
export interface StockProblem {
  productId: number;
  size: string;
  message: string;
}

/** Each line's stock problem (or null), so the screen says it beside the line it is about. */
export function lineStockProblems(lines: readonly FormLine[], problems: readonly StockProblem[]): (string | null)[] {
  return lines.map((line) => problems.find((p) => p.productId === line.productId && p.size === line.size)?.message ?? null);
}

/** A placing refused for stock (1410): its data names the product and size short. */
export function stockRefusal(code: string, msg: string, data: unknown): StockProblem | null {
  if (code !== CODES.OUT_OF_STOCK || typeof data !== 'object' || data === null) return null;
  const { productId, size } = data as { productId?: unknown; size?: unknown };
  return typeof productId === 'number' && typeof size === 'string' ? { productId, size, message: msg } : null;
}
