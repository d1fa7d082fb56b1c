/**
 * What holds an order out of production: an open payment request of an order change (payments'
 * PaymentRequests, wired in app.ts through this port). The change desk opens, cancels and waives
 * them (order-changes.ts); the order desk's moves to production ask here (order-desk.ts).
 */
import { CODES } from '../../../domain/api/envelope.ts';
import { formatMoney, type CurrencyCode } from '../../../domain/money.model.ts';
import type { PaymentRequestPurpose } from '../../../domain/order-changes.model.ts';
import type { Tx } from '../../db/client.ts';
import { fail, type AppError } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { orderLocale, type OrderRow } from './views.ts';

/** The payment requests an order change opens, cancels and reads (payments' PaymentRequests, wired in app.ts). */
export interface OrderPaymentRequests {
  openTx(tx: Tx, o: { orderId: number; purpose: PaymentRequestPurpose; changeId: number | null; amount: number; currency: CurrencyCode }): Promise<{ id: number; expiresAt: Date }>;
  cancelOpenTx(tx: Tx, orderId: number, by: { id: number | null; email: string }, reason: string): Promise<void>;
  openForTx(tx: Tx, orderId: number): Promise<{ id: number; amount: number; expiresAt: Date } | null>;
  waiveTx(tx: Tx, orderId: number, by: { id: number; email: string }, reason: string): Promise<boolean>;
}

/**
 * The open payment request that holds an order out of production, as a refusal (OrderDesk's moves),
 * or null. The amount is written as the order's own mails and pay page write it (its locale).
 */
export async function productionHold(requests: OrderPaymentRequests | undefined, tx: Tx, row: OrderRow): Promise<AppError | null> {
  if (!requests) return null;
  const open = await requests.openForTx(tx, row.id);
  if (!open) return null;
  return fail(CODES.CONFLICT, msg('orderChange.paymentOpen', { amount: formatMoney(open.amount, row.currency as CurrencyCode, orderLocale(row)) }));
}

