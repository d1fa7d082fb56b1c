/**
 * The reconciler settles what was left half-way: at start and on a
 * timer it asks PayPal about every unpaid order that has a PayPal order, and
 * - settles one PayPal already captured (the process died between capture and commit) exactly
 *   once: marking paid is a conditional move, so a second run, a webhook or the buyer's retry
 *   changes nothing;
 * - captures one the buyer approved but never came back for;
 * - cancels orders unpaid past their time, giving back stock and coupon use (unless a capture is
 *   in flight or PayPal is still reviewing a pending capture);
 * - asks PayPal how refunds it answered PENDING ended, and completes or fails them, should their
 *   webhook not have come.
 * app.ts runs it under the job lease `payment-reconciler`, so one instance at a time does; were
 * two to run at once, each step is a conditional update, so nothing would happen twice.
 */
import { and, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { loggableError } from '../../errors.ts';
import { CAPTURE_GRACE_MS, orders, type OrderService } from '../orders/index.ts';
import type { PaymentLog } from './deps.ts';
import type { PaymentService } from './payments.ts';
import type { RequestPayments } from './pay-requests.ts';
import { payments } from './schema.ts';

/** A capture the browser started this recently is left to the browser. */
const IN_FLIGHT_MS = 60_000;

export interface ReconcileReport {
  checked: number;
  settled: number;
  cancelled: number;
  /** Pending refunds PayPal has since completed or failed. */
  refunds: number;
}

export interface ReconcilerDeps {
  db: Db;
  orders: OrderService;
  payments: PaymentService;
  clock: Clock;
  log: PaymentLog;
  /** Payment requests left approved or captured without the shop hearing (pay-requests.ts). */
  requests?: RequestPayments;
}

/**
 * Unpaid orders matching `conditions` whose capture, if one was started, began over `graceMs`
 * ago: a younger one may still finish, so it is not touched.
 */
function unpaidAndIdle(now: Date, graceMs: number, ...conditions: SQL[]): SQL | undefined {
  return and(eq(orders.status, 'pending_payment'), ...conditions, or(isNull(orders.captureStartedAt), lt(orders.captureStartedAt, new Date(now.getTime() - graceMs))));
}

export class Reconciler {
  private readonly d: ReconcilerDeps;
  private running: Promise<ReconcileReport> | null = null;

  constructor(deps: ReconcilerDeps) {
    this.d = deps;
  }

  /** One pass; a pass already running is joined rather than doubled. */
  run(): Promise<ReconcileReport> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, settled: 0, cancelled: 0, refunds: 0 };
    const now = this.d.clock();
    const withPaypal = await this.d.db
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(unpaidAndIdle(now, IN_FLIGHT_MS, isNotNull(payments.paypalOrderId)));
    for (const { order, payment } of withPaypal) {
      report.checked++;
      try {
        const outcome = await this.d.payments.reconcile(order, payment);
        if (outcome === 'settled') report.settled++;
        else if ((outcome === 'open' || outcome === 'gone') && order.payBefore <= now) {
          if (await this.d.orders.cancelUnpaid(order.id, 'reconciler', 'Not paid in time')) report.cancelled++;
        }
      } catch (error) {
        this.d.log.warn({ orderNo: order.orderNo, err: loggableError(error) }, 'reconciling an order failed; the next pass tries again');
      }
    }
    const expired = await this.d.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(unpaidAndIdle(now, CAPTURE_GRACE_MS, isNull(payments.paypalOrderId), lt(orders.payBefore, now)));
    for (const { id } of expired) {
      if (await this.d.orders.cancelUnpaid(id, 'reconciler', 'Not paid in time')) report.cancelled++;
    }
    try {
      // Payment requests whose buyer approved at PayPal and closed the window (pay-requests.ts).
      report.settled += (await this.d.requests?.reconcile()) ?? 0;
    } catch (error) {
      this.d.log.warn({ err: loggableError(error) }, 'reconciling payment requests failed; the next pass tries again');
    }
    try {
      report.refunds = await this.d.payments.settlePendingRefunds();
    } catch (error) {
      this.d.log.warn({ err: loggableError(error) }, 'checking pending refunds failed; the next pass tries again');
    }
    if (report.settled || report.cancelled || report.refunds) this.d.log.info({ ...report }, 'reconciler settled or cancelled orders');
    return report;
  }

  /** Waits for a pass under way. */
  async stop(): Promise<void> {
    await this.running?.catch(() => undefined);
  }
}
