/**
 * What holds an order out of production: a payment request of an order change still owed, open
 * or expired unpaid (payments'
 * PaymentRequests, wired in app.ts through this port). The change desk opens, cancels and waives
 * them (order-changes.ts); the order desk's moves to production ask here (order-desk.ts).
 */
import { CODES } from '../../../domain/api/envelope.ts';
import { formatMoney, type CurrencyCode } from '../../../domain/money.model.ts';
import type { PaymentRequestPurpose } from '../../../domain/order-changes.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, type AppError } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { orderLocale, type OrderRow } from './views.ts';

/** The payment requests an order change opens, cancels and reads (payments' PaymentRequests, wired in app.ts). */
export interface OrderPaymentRequests {
  openTx(tx: Tx, o: { orderId: number; purpose: PaymentRequestPurpose; changeId: number | null; amount: number; currency: CurrencyCode }): Promise<{ id: number; expiresAt: Date }>;
  cancelOpenTx(tx: Tx, orderId: number, by: { id: number | null; email: string }, reason: string): Promise<void>;
  /** The request the order owes: open, or an order change's whose link expired unpaid (staff send a new link or waive it). */
  /** Also outside a transaction (the Changes panel's read). */
  dueForTx(tx: Db | Tx, orderId: number): Promise<{ id: number; amount: number; expiresAt: Date; status: 'open' | 'expired' } | null>;
  waiveTx(tx: Tx, orderId: number, by: { id: number; email: string }, reason: string): Promise<boolean>;
  /** A new link for the owed request of a change, the old one cancelled; null when none is owed. */
  reopenTx(tx: Tx, orderId: number, by: { id: number | null; email: string }): Promise<{ id: number; expiresAt: Date; replaced: { id: number; amount: number; status: 'open' | 'expired' } } | null>;
}

/**
 * The owed payment request that holds an order out of production, as a refusal (OrderDesk's and
 * ShipmentDesk's moves), or null: an expired link holds it as an open one does, since the extra
 * is still unpaid. The amount is written as the order's own mails and pay page write it (its locale).
 */
export async function productionHold(requests: OrderPaymentRequests | undefined, tx: Tx, row: OrderRow): Promise<AppError | null> {
  if (!requests) return null;
  const due = await requests.dueForTx(tx, row.id);
  if (!due) return null;
  const amount = formatMoney(due.amount, row.currency as CurrencyCode, orderLocale(row));
  return fail(CODES.CONFLICT, msg(due.status === 'expired' ? 'orderChange.paymentExpired' : 'orderChange.paymentOpen', { amount }));
}

