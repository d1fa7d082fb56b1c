/**
 * What the refund dialog works out before asking the server: how many of each line are still
 * refundable, about how much chosen lines give back (the server's rule, refundLinesAmount: their
 * share of what was paid for the goods after the multi-buy and coupon discounts, plus the tax added on them where it
 * was), and the request it sends. The server decides;
 * this only lets staff see what they are about to do.
 */
import type { AdminOrderDetail, AdminRefund } from '../../../domain/back-office/orders.model.ts';
import { refundLinesAmount } from '../../../domain/orders.model.ts';

export type RefundMode = 'lines' | 'amount';

/** Quantities already refunded per line (refunds under way count; failed ones do not). */
export function refundedQuantities(refunds: readonly AdminRefund[]): Map<number, number> {
  const done = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines) done.set(line.orderItemId, (done.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return done;
}

/** Each line with what is left of it to refund. */
export function linesLeft(detail: Pick<AdminOrderDetail, 'lines' | 'refunds'>): { id: number; left: number }[] {
  const done = refundedQuantities(detail.refunds);
  return detail.lines.map((line) => ({ id: line.id, left: Math.max(0, line.quantity - (done.get(line.id) ?? 0)) }));
}

/**
 * What chosen lines give back, in the order's minor units (the server's linesAmount): `quantities`
 * per line id; the units refunded before are the refunds' not failed, as the server counts them.
 */
export function estimateLines(detail: Pick<AdminOrderDetail, 'amounts' | 'lines' | 'refunds' | 'lineTax'>, quantities: Record<number, number | null | undefined>): number {
  const { amounts } = detail;
  const done = refundedQuantities(detail.refunds);
  // The server's lines are by id, as the answer's are: a line's index is its place among them.
  const chosen = detail.lines.flatMap((line, index) =>
    (quantities[line.id] ?? 0) > 0 ? [{ index, quantity: quantities[line.id]!, before: done.get(line.id) ?? 0, tax: detail.lineTax.find((l) => l.id === line.id)?.tax ?? 0 }] : [],
  );
  return refundLinesAmount({ itemsTotal: amounts.items, tierDiscount: amounts.tierDiscount, couponDiscount: amounts.couponDiscount, taxDisplay: amounts.tax.display, taxAdded: amounts.tax.added }, detail.lines, chosen);
}

/** A key made once per dialog: a second click, or a retry after a lost answer, names the same refund. */
export function newIdempotencyKey(): string {
  return `refund-${crypto.randomUUID()}`;
}

export interface RefundForm {
  mode: RefundMode;
  /** Quantity per line id (zero or missing: not refunded). */
  quantities: Record<number, number | null | undefined>;
  /** Line ids staff ask back into stock (returned goods fit to sell again; the server refuses a printed line). */
  restock: readonly number[];
  /** Minor units, for the amount mode. */
  amount: number | null | undefined;
  reason: string;
  override: boolean;
}

/** The refund call's body, or why it cannot be sent yet (a message key of the `adminOrders.refund` group). */
export function refundRequest(
  orderNo: string,
  key: string,
  form: RefundForm,
  refundable: number,
): { ok: true; body: { orderNo: string; idempotencyKey: string; lines?: { orderItemId: number; quantity: number; restock?: boolean }[]; amount?: number; reason: string; override: boolean } } | { ok: false; problem: 'nothingChosen' | 'tooMuch' | 'reasonRequired' } {
  const reason = form.reason.trim();
  if (form.mode === 'lines') {
    const lines = Object.entries(form.quantities)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
      .map(([id, quantity]) => ({ orderItemId: Number(id), quantity, ...(form.restock.includes(Number(id)) ? { restock: true } : {}) }));
    if (lines.length === 0) return { ok: false, problem: 'nothingChosen' };
    if (!reason) return { ok: false, problem: 'reasonRequired' };
    return { ok: true, body: { orderNo, idempotencyKey: key, lines, reason, override: form.override } };
  }
  const amount = form.amount ?? 0;
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, problem: 'nothingChosen' };
  if (amount > refundable) return { ok: false, problem: 'tooMuch' };
  if (!reason) return { ok: false, problem: 'reasonRequired' };
  return { ok: true, body: { orderNo, idempotencyKey: key, amount, reason, override: form.override } };
}

/** A typed decimal amount (12.5 in EUR) as minor units of the currency (1250); JPY has none. */
export function toMinor(value: number, currency: string, digits: (code: string) => number): number {
  return Math.round(value * 10 ** digits(currency));
}
