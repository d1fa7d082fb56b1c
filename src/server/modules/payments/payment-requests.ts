/**
 * STUB of the payreq helper's PaymentRequests (issue 30): exactly the signatures order changes
 * use, so the orders module's port can be wired and tested. Replaced by the real service (the
 * pay page, its mail with the link, capture and expiry) when that work is merged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import type { PaymentRequestPurpose } from '../../../domain/order-changes.model.ts';
import type { Clock } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import { paymentRequests } from './schema.ts';

export class PaymentRequests {
  private readonly d: { clock: Clock; linkHours: () => number };

  constructor(deps: { clock: Clock; linkHours?: () => number }) {
    this.d = { clock: deps.clock, linkHours: deps.linkHours ?? (() => 72) };
  }

  async openTx(tx: Tx, o: { orderId: number; purpose: PaymentRequestPurpose; changeId: number | null; amount: number; currency: CurrencyCode }): Promise<{ id: number; expiresAt: Date }> {
    await this.cancelOpenTx(tx, o.orderId, { id: null, email: 'system' }, 'replaced by a newer request');
    const now = this.d.clock();
    const expiresAt = new Date(now.getTime() + this.d.linkHours() * 3_600_000);
    const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
    const [row] = await tx.insert(paymentRequests).values({ ...o, tokenHash, expiresAt, createdAt: now, updatedAt: now }).returning({ id: paymentRequests.id });
    return { id: row!.id, expiresAt };
  }

  async cancelOpenTx(tx: Tx, orderId: number, by: { id: number | null; email: string }, reason: string): Promise<void> {
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled', closedById: by.id, closedByEmail: by.email, closeReason: reason, updatedAt: this.d.clock() })
      .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'open')));
  }

  async openForTx(tx: Tx, orderId: number): Promise<{ id: number; amount: number; expiresAt: Date } | null> {
    const [row] = await tx
      .select({ id: paymentRequests.id, amount: paymentRequests.amount, expiresAt: paymentRequests.expiresAt })
      .from(paymentRequests)
      .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'open')));
    return row ?? null;
  }

  async waiveTx(tx: Tx, orderId: number, by: { id: number; email: string }, reason: string): Promise<boolean> {
    const waived = await tx
      .update(paymentRequests)
      .set({ status: 'waived', closedById: by.id, closedByEmail: by.email, closeReason: reason, updatedAt: this.d.clock() })
      .where(and(eq(paymentRequests.orderId, orderId), eq(paymentRequests.status, 'open')))
      .returning({ id: paymentRequests.id });
    return waived.length > 0;
  }
}
