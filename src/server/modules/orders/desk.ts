/**
 * The back office's order moves. Moves that give money back (refunding, or cancelling a paid
 * order whose items are not personalised) refund at PayPal first and move the order only once
 * PayPal agreed; the rest are OrderService's.
 */
import { eq } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { moveProblem, type OrderStatus } from '../../../domain/orders.model.ts';
import { type AdminMoveRequest } from '../../../domain/orders.schema.ts';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { OrderService } from './orders.ts';
import { orders } from './schema.ts';
import type { OrderRow } from './views.ts';

/** What the desk needs of the payments module (its PaymentService): money given back at PayPal. */
export interface Refunds {
  refund(order: OrderRow): Promise<boolean>;
}

export interface OrderDeskDeps {
  db: Db;
  orders: OrderService;
  payments: Refunds;
}

export class OrderDeskService {
  private readonly d: OrderDeskDeps;

  constructor(deps: OrderDeskDeps) {
    this.d = deps;
  }

  async byNumber(orderNo: string): Promise<OrderRow> {
    const [row] = await this.d.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw notFound('order');
    return row;
  }

  async move(body: AdminMoveRequest): Promise<OrderRow> {
    const row = await this.byNumber(body.orderNo);
    const from = row.status as OrderStatus;
    const givesMoneyBack = body.to === 'refunded' || (body.to === 'cancelled' && from !== 'pending_payment');
    if (!givesMoneyBack) {
      const shipment = body.to === 'shipped' ? { carrier: body.carrier!, trackingNumber: body.trackingNumber! } : null;
      return this.d.orders.moveByAdmin(row, body.to, body.note ?? null, shipment);
    }
    const problem = moveProblem(from, body.to, row.personalised);
    if (problem === 'personalised') throw fail(CODES.CONFLICT, 'order.personalisedNoCancel');
    if (problem) throw fail(CODES.CONFLICT, msg('order.cannotMove', { from, to: body.to }));
    await this.d.payments.refund(row);
    const moved = await this.d.db.transaction(async (tx) => {
      const next = await this.d.orders.moveTx(tx, row.id, from, body.to, 'admin', body.note ?? (body.to === 'refunded' ? 'Refunded' : 'Cancelled and refunded'));
      // A cancelled order never left the warehouse: its items go back on the shelf.
      if (next && body.to === 'cancelled') {
        await this.d.orders.restock(tx, row.id);
        await this.d.orders.markStockReleased(tx, row.id);
      }
      return next;
    });
    if (!moved) throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
    return moved;
  }
}
