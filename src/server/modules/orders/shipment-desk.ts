/**
 * Parcels (docs/back-office.md "Shipments"): part of an order shipped, lines and quantities picked,
 * each parcel with its carrier and tracking number; a parcel's tracking details corrected; a
 * bulk-ship file checked row by row (dry run) and its good rows shipped.
 *
 * Every write locks the order's row and reads what is already in parcels under that lock, in the
 * transaction that adds the parcel: of two staff shipping the same lines at once the second sees
 * the first's parcel and is refused (over-shipped), never both. Each parcel has its audit row and
 * the shopper's mail is queued in the same transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';
import { allShipped, parcelProblem, readShipCsv, restOf, unshippedOf, type ParcelLine, type ParcelProblem, type ShipCsvAnswer, type ShipCsvResult, type ShipCsvRow } from '../../../domain/shipments.model.ts';
import type { CorrectShipmentRequest, ShipParcelRequest } from '../../../domain/shipments.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fail, notFound } from '../../errors.ts';
import { csvIssueMessage, msg, render, type Message } from '../../messages/index.ts';
import { pick } from '../../messages/localise.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Refunds } from './order-desk.ts';
import type { StaffCaller } from '../../../domain/back-office/staff.model.ts';
import type { OrderService } from './orders.ts';
import { parcelsOf } from './parcels.ts';
import { productionHold, type OrderPaymentRequests } from './production-hold.ts';
import { orderItems, orders, shipmentItems, shipments } from './schema.ts';
import { orderByNumber, type ItemRow, type OrderRow } from './views.ts';

/** States an order ships from: paid, in production, or with parcels already gone. */
const SHIPPABLE: readonly OrderStatus[] = ['paid', 'processing', 'partially_shipped'];

export interface ParcelAsk {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** Null: everything not yet in a parcel. */
  lines: ParcelLine[] | null;
}

export interface ShipmentDeskDeps {
  db: Db;
  orders: OrderService;
  payments: Pick<Refunds, 'closingUnderWay'>;
  audit: AuditLog;
  /** An open payment request (an order change's extra) holds a paid order back, from shipping as from production. */
  requests?: OrderPaymentRequests;
}

export function parcelProblemMessage(problem: ParcelProblem): Message {
  switch (problem.kind) {
    case 'nothing-left':
      return msg('shipment.nothingLeft');
    case 'unknown-line':
      return msg('shipment.unknownLine', { id: problem.orderItemId });
    case 'duplicate-line':
      return msg('shipment.duplicateLine', { id: problem.orderItemId });
    case 'over-shipped':
      return msg('shipment.overShipped', { id: problem.orderItemId, left: problem.left });
  }
}

export class ShipmentDesk {
  private readonly d: ShipmentDeskDeps;

  constructor(deps: ShipmentDeskDeps) {
    this.d = deps;
  }


  /** One parcel of the lines and quantities picked; the order moves to partially shipped, or shipped once every line is in a parcel. */
  async shipParcel(body: ShipParcelRequest, caller: StaffCaller): Promise<OrderRow> {
    const seen = await orderByNumber(this.d.db, body.orderNo);
    return this.d.db.transaction(async (tx) => {
      const row = await this.d.orders.lockTx(tx, seen.id);
      return this.shipTx(tx, row, [{ carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl: body.trackingUrl ?? null, lines: body.lines }], caller);
    });
  }

  /**
   * Ships parcels of one order, locked in `tx`: each parcel checked against what is left under
   * the lock, written with its rows, first scan and audit row; the order moved once; one mail
   * listing the parcels.
   */
  async shipTx(tx: Tx, row: OrderRow, parcels: readonly ParcelAsk[], caller: StaffCaller): Promise<OrderRow> {
    const status = row.status as OrderStatus;
    if (!SHIPPABLE.includes(status)) throw fail(CODES.CONFLICT, msg('shipment.cannotShip', { status: msg(`order.status.${status}`) }));
    // A cancellation or full refund PayPal is paying out closes the order: nothing more ships.
    if (await this.d.payments.closingUnderWay(tx, row.id)) throw fail(CODES.CONFLICT, 'refund.underWay');
    const hold = status === 'paid' ? await productionHold(this.d.requests, tx, row) : null;
    if (hold) throw hold;
    const items = await this.d.orders.itemsOf(tx, row.id);
    const left = unshippedOf(items, (await parcelsOf(tx, [row.id])).get(row.id) ?? []);
    const written: { id: number; ask: ParcelAsk; lines: ParcelLine[] }[] = [];
    for (const ask of parcels) {
      const lines = ask.lines ?? restOf(left);
      const problem = parcelProblem(left, lines);
      if (problem) throw fail(CODES.CONFLICT, parcelProblemMessage(problem));
      const id = await this.d.orders.shipTx(tx, row.id, ask, lines);
      for (const line of lines) left.set(line.orderItemId, left.get(line.orderItemId)! - line.quantity);
      written.push({ id, ask, lines });
    }
    const to: OrderStatus = allShipped(left) ? 'shipped' : 'partially_shipped';
    let next = row;
    if (to !== status) {
      const moved = await this.d.orders.moveTx(tx, row.id, status, to, 'admin', null);
      // Cannot happen while the row is locked; refuse rather than write a parcel of a move that did not happen.
      if (!moved) throw fail(CODES.CONFLICT, 'order.changedMeanwhile');
      next = moved;
    } else await this.d.orders.announceTx(tx, 'order.shipped', row);
    for (const parcel of written) {
      await this.d.audit.record(tx, {
        actor: caller.actor,
        action: 'order.shipParcel',
        entity: 'order',
        entityId: row.orderNo,
        before: { status },
        after: { status: next.status, shipment: { id: parcel.id, carrier: parcel.ask.carrier, trackingNumber: parcel.ask.trackingNumber, trackingUrl: parcel.ask.trackingUrl, lines: parcel.lines } },
      });
    }
    await this.d.orders.queueParcelMailTx(tx, next, items, written.map((p) => ({ ...p.ask, lines: p.lines })), to === 'shipped');
    return next;
  }

  /** A parcel's carrier and tracking number put right: audited before and after, the shopper mailed once. */
  async correct(body: CorrectShipmentRequest, caller: StaffCaller): Promise<OrderRow> {
    const seen = await orderByNumber(this.d.db, body.orderNo);
    return this.d.db.transaction(async (tx) => {
      const row = await this.d.orders.lockTx(tx, seen.id);
      const [parcel] = await tx.select().from(shipments).where(and(eq(shipments.id, body.shipmentId), eq(shipments.orderId, row.id))).for('update');
      if (!parcel) throw notFound('shipment');
      const after = { carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl: body.trackingUrl ?? null };
      const before = { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, trackingUrl: parcel.trackingUrl };
      // A repeat (double click, retry) changes nothing and mails nobody.
      if (before.carrier === after.carrier && before.trackingNumber === after.trackingNumber && before.trackingUrl === after.trackingUrl) throw fail(CODES.CONFLICT, 'shipment.unchanged');
      await tx.update(shipments).set({ ...after, correctedAt: this.d.orders.now() }).where(eq(shipments.id, parcel.id));
      await this.d.audit.record(tx, { actor: caller.actor, action: 'order.shipmentCorrect', entity: 'order', entityId: row.orderNo, before: { shipmentId: parcel.id, ...before }, after: { shipmentId: parcel.id, ...after } });
      const items = await this.d.orders.itemsOf(tx, row.id);
      const held = await tx.select().from(shipmentItems).where(eq(shipmentItems.shipmentId, parcel.id)).orderBy(asc(shipmentItems.orderItemId));
      const lines = held.length ? held.map((h) => ({ orderItemId: h.orderItemId, quantity: h.quantity })) : items.map((i) => ({ orderItemId: i.id, quantity: i.quantity }));
      await this.d.orders.queueParcelCorrectionTx(tx, row, items, { ...after, lines }, before);
      return row;
    });
  }

  /**
   * The bulk-ship file: every row checked (the file's own rules, then the order, its state and
   * what is left to ship, counting the file's earlier rows of the same order). A dry run answers
   * the table and writes nothing; `apply` ships the good rows, each order in its own transaction
   * under its lock (checked again there), one mail per order; bad rows are skipped and listed.
   */
  async bulkShip(csv: string, apply: boolean, caller: StaffCaller, locale: Locale): Promise<ShipCsvAnswer> {
    const { rows, issues } = readShipCsv(csv);
    const results = new Map<number, ShipCsvResult>();
    for (const issue of issues) results.set(issue.line, { line: issue.line, orderNo: issue.orderNo ?? null, carrier: null, trackingNumber: null, lines: [], then: null, error: render(csvIssueMessage('shipment.csv', issue), locale) });
    const numbers = [...new Set(rows.map((r) => r.orderNo))];
    const found = numbers.length ? await this.d.db.select().from(orders).where(inArray(orders.orderNo, numbers)) : [];
    const byNumber = new Map(found.map((o) => [o.orderNo, o]));
    const ids = found.map((o) => o.id);
    const [items, parcels] = await Promise.all([ids.length ? this.d.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)) : Promise.resolve([]), parcelsOf(this.d.db, ids)]);
    const good = new Map<number, ShipCsvRow[]>();
    const lefts = new Map<number, Map<number, number>>();
    for (const row of rows) {
      const order = byNumber.get(row.orderNo);
      const base = { line: row.line, orderNo: row.orderNo, carrier: row.carrier, trackingNumber: row.trackingNumber };
      if (!order) {
        results.set(row.line, { ...base, lines: [], then: null, error: render(msg('shipment.csv.unknownOrder', { value: row.orderNo }), locale) });
        continue;
      }
      const status = order.status as OrderStatus;
      const mine = items.filter((i) => i.orderId === order.id);
      const left = lefts.get(order.id) ?? unshippedOf(mine, parcels.get(order.id) ?? []);
      lefts.set(order.id, left);
      const lines = row.lines ?? restOf(left);
      const problem = SHIPPABLE.includes(status) ? parcelProblem(left, lines) : null;
      const error = !SHIPPABLE.includes(status) ? msg('shipment.cannotShip', { status: msg(`order.status.${status}`) }) : problem ? parcelProblemMessage(problem) : null;
      if (error) {
        results.set(row.line, { ...base, lines: [], then: null, error: render(error, locale) });
        continue;
      }
      for (const line of lines) left.set(line.orderItemId, left.get(line.orderItemId)! - line.quantity);
      results.set(row.line, { ...base, lines: describe(mine, lines, locale), then: allShipped(left) ? 'shipped' : 'partially_shipped', error: null });
      good.set(order.id, [...(good.get(order.id) ?? []), row]);
    }
    // A later row of an order may have shipped its rest: every good row of that order tells the state it ends in.
    for (const [orderId, list] of good) {
      const then = allShipped(lefts.get(orderId)!) ? 'shipped' : 'partially_shipped';
      for (const row of list) results.get(row.line)!.then = then;
    }
    if (apply) {
      for (const [orderId, list] of good) {
        try {
          await this.d.db.transaction(async (tx) => {
            const row = await this.d.orders.lockTx(tx, orderId);
            await this.shipTx(tx, row, list.map((r) => ({ carrier: r.carrier, trackingNumber: r.trackingNumber, trackingUrl: r.trackingUrl, lines: r.lines })), caller);
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Changed since the file was checked (another parcel, a refund): these rows did not ship.
          for (const row of list) Object.assign(results.get(row.line)!, { error: error.messageIn(locale), lines: [], then: null });
          good.delete(orderId);
        }
      }
    }
    const table = [...results.values()].sort((a, b) => a.line - b.line);
    const bad = table.filter((r) => r.error).length;
    return { applied: apply, rows: table, good: table.length - bad, bad, orders: good.size };
  }
}

function describe(items: readonly ItemRow[], lines: readonly ParcelLine[], locale: Locale): ShipCsvResult['lines'] {
  return lines.map((line) => {
    const item = items.find((i) => i.id === line.orderItemId)!;
    return { orderItemId: line.orderItemId, name: pick(item.title, locale), size: item.size, quantity: line.quantity };
  });
}
