/**
 * The checkout's state outside React: where its lines come from (some cart lines, or the one
 * "buy it now" line kept in sessionStorage), quotes, placing the order with an Idempotency-Key per
 * attempt, and PayPal's buttons (the SDK loaded only when the shopper gets to paying).
 */
import { placeOrder, quoteCheckout, type CheckoutSourceInput, type PlaceOrderInput, type QuoteInput } from '../client/checkout.ts';
import { CLIENT_CODES, isApiError } from '../client/http.ts';
import { capturePaypalOrder, createPaypalOrder, loadPaypal, retriedCapture, type CaptureAnswer } from '../client/paypal.ts';
import { fieldIssuesOf, type FieldIssue } from '../domain/api/envelope.ts';
import type { CheckoutQuote, PlacedOrder } from '../domain/checkout.model.ts';
import type { CurrencyCode } from '../domain/money.model.ts';
import { readBuyNowLine } from './buy-now.ts';
import './http-ready.ts';

export { forgetBuyNowLine, keepBuyNowLine } from './buy-now.ts';

export type { CheckoutQuote, PlacedOrder } from '../domain/checkout.model.ts';
export type { CheckoutSourceInput, PlaceOrderInput } from '../client/checkout.ts';

/** Which checkout page: the cart's lines, or "buy it now". */
export type CheckoutKind = 'cart' | 'now';

/** The lines to buy, from the page's address (`items=[3,1]`) or the kept buy-now line; null if none. */
export function checkoutSource(kind: CheckoutKind, search: string): CheckoutSourceInput | null {
  if (kind === 'now') {
    const item = readBuyNowLine();
    return item ? { type: 'buyNow', item } : null;
  }
  try {
    const ids: unknown = JSON.parse(new URLSearchParams(search).get('items') ?? 'null');
    if (!Array.isArray(ids)) return null;
    const valid = ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
    return valid.length > 0 ? { type: 'cart', cartItemIds: valid } : null;
  } catch {
    return null;
  }
}

export function requestQuote(body: QuoteInput, signal: AbortSignal): Promise<CheckoutQuote> {
  return quoteCheckout(body, { signal, silent: true });
}

export function newAttemptKey(): string {
  return crypto.randomUUID();
}

export type PlaceResult =
  | { ok: true; order: PlacedOrder }
  | { ok: false; problem: 'stock'; data: { productId: number; size: string; available: number } | null }
  | { ok: false; problem: 'coupon'; reason: string | null }
  | { ok: false; problem: 'key-reused' }
  | { ok: false; problem: 'address'; message: string }
  | { ok: false; problem: 'other'; message: string; issues: FieldIssue[] };

const PLACE_ATTEMPTS = 3;

/**
 * Places the order. A lost answer (network, timeout, 5xx) is retried with the same key, so the
 * server answers the order it may already have made rather than a second one.
 */
export async function submitOrder(body: PlaceOrderInput, key: string): Promise<PlaceResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, order: await placeOrder(body, key, { silent: true }) };
    } catch (error) {
      if (!isApiError(error)) return { ok: false, problem: 'other', message: String(error), issues: [] };
      const lost = error.code === CLIENT_CODES.NETWORK || error.code === CLIENT_CODES.TIMEOUT || (error.status ?? 0) >= 500;
      if (lost && attempt < PLACE_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
        continue;
      }
      const data = (error.data ?? null) as Record<string, unknown> | null;
      if (error.code === '1410') return { ok: false, problem: 'stock', data: data as { productId: number; size: string; available: number } | null };
      if (error.code === '1409' && data?.['reason'] === 'IDEMPOTENCY_KEY_REUSED') return { ok: false, problem: 'key-reused' };
      if (error.code === '1409') return { ok: false, problem: 'coupon', reason: typeof data?.['reason'] === 'string' ? data['reason'] : null };
      if (error.code === '1404') return { ok: false, problem: 'address', message: error.msg };
      return { ok: false, problem: 'other', message: error.msg, issues: fieldIssuesOf(error.data) };
    }
  }
}

export interface PaypalHandlers {
  onPaid(answer: CaptureAnswer): void;
  /** The card was declined or the approval did not hold: the buttons stay for another try. */
  onDeclined(): void;
  /** The shopper closed PayPal's window: the order waits, the form is as it was. */
  onCancelled(): void;
  /** The order cannot be paid any more (cancelled, expired): check out again. */
  onDead(): void;
  onFailed(message: string): void;
}

function capture(id: string, orderNo: string): Promise<CaptureAnswer> {
  return retriedCapture(() => capturePaypalOrder({ id, orderNo }, { silent: true }));
}

/**
 * Loads PayPal's SDK (or the simulator's stand-in) and draws its buttons into `container`.
 * Answers a function that removes them.
 */
export async function renderPaypalButtons(container: HTMLElement, order: { orderNo: string; token: string | null; currency: CurrencyCode }, handlers: PaypalHandlers): Promise<() => void> {
  const paypal = await loadPaypal(order.currency);
  const buttons = paypal.Buttons({
    createOrder: async () => (await createPaypalOrder({ orderNo: order.orderNo, token: order.token ?? undefined }, { silent: true })).id,
    onApprove: async (data) => {
      try {
        handlers.onPaid(await capture(data.orderID, order.orderNo));
      } catch (error) {
        const detail = isApiError(error) ? ((error.data ?? null) as { retry?: boolean } | null) : null;
        if (isApiError(error) && error.code === '1402' && detail?.retry) handlers.onDeclined();
        else if (isApiError(error) && error.code === '1402') handlers.onDead();
        else handlers.onFailed(isApiError(error) ? error.msg : String(error));
      }
    },
    onCancel: () => handlers.onCancelled(),
    onError: (error) => handlers.onFailed(error instanceof Error ? error.message : String(error)),
  });
  await buttons.render(container);
  return () => void buttons.close?.().catch(() => undefined);
}
