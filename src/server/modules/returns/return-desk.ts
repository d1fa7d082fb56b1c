/**
 * The back office's Returns screen (docs/back-office.md "Returns and claims"): the requests by
 * state, one request with its lines, photos and history, and the moves: approve (instructions
 * mailed), decline (a reason mailed), mark received (restocking only lines that can be sold
 * again, never a printed one), and resolve by a refund (payments' refund path, through orders'
 * Refunds port: the credit note follows there) or by a free replacement order (orders'
 * placeReplacementTx), each under the request's row lock, checked against RETURN_MOVES as the
 * row is then, with its audit row and the shopper's mail in the same transaction.
 *
 * A refund talks to PayPal outside any transaction, so it is claimed first: the request's
 * resolvedBy/At are set (its status unchanged) before PayPal is asked, which keeps a replacement
 * from resolving it meanwhile; the refund's idempotency key is the request's, so a second
 * resolve by refund never pays twice, and the move to resolved is made once, by whoever records
 * it first (the other is told of a conflict).
 */
import { and, asc, count, desc, eq, inArray, like, or, sql, sum } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Page } from '../../../domain/api/envelope.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { PRINTED_STATUSES, type OrderStatus } from '../../../domain/orders.model.ts';
import { canMoveReturn, mayResolve, RETURN_STATUSES, type AdminReturnDetail, type AdminReturnRow, type ReturnCounts, type ReturnHistoryEntry, type ReturnStatus } from '../../../domain/returns.model.ts';
import type { Tx } from '../../db/client.ts';
import { prefixPattern } from '../../db/like.ts';
import { AppError, fail, invalid, notFound } from '../../errors.ts';
import { msg, render } from '../../messages/index.ts';
import { auditLog } from '../audit/index.ts';
import { orderNoStarting, orders, requireCode, type OrderRow } from '../orders/index.ts';
import type { StaffCaller } from '../../../domain/back-office/staff.model.ts';
import { refunds } from '../payments/index.ts';
import { photoBytes, queueReturnMail, type ReturnDeps } from './returns.ts';
import { recordsOf, requestOf, type RequestRow } from './records.ts';
import { returnPhotos, returnRequestLines, returnRequests } from './schema.ts';

export interface ReturnFilter {
  status?: ReturnStatus | undefined;
  query?: string | undefined;
  current: number;
  size: number;
}

/** A refund claim older than this (its caller gone mid-call) no longer keeps others from resolving. */
const REFUND_CLAIM_MS = 5 * 60_000;

export class ReturnDesk {
  private readonly d: ReturnDeps;

  constructor(deps: ReturnDeps) {
    this.d = deps;
  }

  // ---------- reading ----------

  async list(filter: ReturnFilter): Promise<Page<AdminReturnRow> & ReturnCounts> {
    // Every condition is on return_requests (an order number through the orders' byte-order index),
    // and the page is chosen from return_requests alone before the orders are joined for its rows:
    // joining first made PostgreSQL walk every order of the shop (bench/backoffice.ts, 100,000 orders).
    const searched = filter.query
      ? or(like(returnRequests.returnNo, prefixPattern(filter.query.toUpperCase())), inArray(returnRequests.orderId, this.d.db.select({ id: orders.id }).from(orders).where(orderNoStarting(filter.query))))
      : undefined;
    const where = and(searched, filter.status ? eq(returnRequests.status, filter.status) : undefined);
    const page = this.d.db
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(where)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(filter.size)
      .offset((filter.current - 1) * filter.size)
      .as('page');
    const itemCount = sql<number>`(select coalesce(sum(${returnRequestLines.quantity}), 0)::int from ${returnRequestLines} where ${returnRequestLines.requestId} = ${returnRequests.id})`;
    const photoCount = sql<number>`(select count(*)::int from ${returnPhotos} where ${returnPhotos.requestId} = ${returnRequests.id})`;
    const [rows, [total], byStatus] = await Promise.all([
      this.d.db
        .select({ returnNo: returnRequests.returnNo, orderNo: orders.orderNo, kind: returnRequests.kind, status: returnRequests.status, email: orders.email, createdAt: returnRequests.createdAt, itemCount, photoCount })
        .from(page)
        .innerJoin(returnRequests, eq(returnRequests.id, page.id))
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id)),
      this.d.db.select({ n: count() }).from(returnRequests).where(where),
      this.d.db.select({ status: returnRequests.status, n: count() }).from(returnRequests).where(searched).groupBy(returnRequests.status),
    ]);
    const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?.n ?? 0])) as Record<ReturnStatus, number>;
    return {
      records: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total: total?.n ?? 0,
      current: filter.current,
      size: filter.size,
      counts,
    };
  }

  private async requestRow(returnNo: string): Promise<RequestRow> {
    const row = await requestOf(this.d.db, returnNo);
    if (!row) throw notFound('return');
    return row;
  }

  async detail(returnNo: string, locale: Locale): Promise<AdminReturnDetail> {
    const row = await this.requestRow(returnNo);
    const order = (await this.d.orders.byId(this.d.db, row.orderId))!;
    const [[record], audits, [counted]] = await Promise.all([
      recordsOf(this.d.db, [row], locale),
      this.d.db
        .select({ at: auditLog.at, action: auditLog.action, by: auditLog.actorEmail, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'return'), eq(auditLog.entityId, returnNo)))
        .orderBy(asc(auditLog.at), asc(auditLog.id)),
      this.d.db.select({ n: sum(returnRequestLines.quantity) }).from(returnRequestLines).where(eq(returnRequestLines.requestId, row.id)),
    ]);
    const history: ReturnHistoryEntry[] = [
      { at: row.createdAt.toISOString(), action: 'return.request', by: row.requestedBy === 'shopper' ? null : row.requestedBy, note: null },
      ...audits.map((a) => ({ at: a.at.toISOString(), action: a.action, by: a.by, note: noteOf(a.after) })),
    ];
    return {
      ...record!,
      orderNo: order.orderNo,
      email: order.email,
      itemCount: Number(counted?.n ?? 0),
      photoCount: record!.photoIds.length,
      orderStatus: order.status,
      currency: order.currency,
      requestedBy: row.requestedBy,
      refundId: row.refundId,
      history,
      resolvable: mayResolve(row.kind, row.status) && !row.resolvedAt,
    };
  }

  async photo(returnNo: string, photoId: number): Promise<Uint8Array> {
    const row = await this.requestRow(returnNo);
    return photoBytes(this.d.db, row.id, photoId);
  }

  // ---------- moves ----------

  /** Locks the request (in `tx`) and refuses a move RETURN_MOVES does not allow from where it is now. */
  private async lockFor(tx: Tx, returnNo: string, to: ReturnStatus): Promise<{ row: RequestRow; order: OrderRow }> {
    const row = await requestOf(tx, returnNo, true);
    if (!row) throw notFound('return');
    if (!canMoveReturn(row.status, to)) throw cannotMove(row.status, to);
    return { row, order: (await this.d.orders.byId(tx, row.orderId))! };
  }

  private async moved(tx: Tx, caller: StaffCaller, before: RequestRow, set: Partial<typeof returnRequests.$inferInsert>, action: string, after: Record<string, unknown>): Promise<RequestRow> {
    const [row] = await tx
      .update(returnRequests)
      .set({ ...set, updatedAt: this.d.clock() })
      .where(eq(returnRequests.id, before.id))
      .returning();
    await this.d.audit.record(tx, { actor: caller.actor, action, entity: 'return', entityId: before.returnNo, before: { status: before.status }, after: { status: row!.status, ...after } });
    return row!;
  }

  async approve(returnNo: string, instructions: string, caller: StaffCaller, locale: Locale): Promise<AdminReturnDetail> {
    return this.decide(returnNo, 'approved', instructions, caller, locale);
  }

  async decline(returnNo: string, reason: string, caller: StaffCaller, locale: Locale): Promise<AdminReturnDetail> {
    return this.decide(returnNo, 'declined', reason, caller, locale);
  }

  /** Approved with the return instructions, or declined with the reason: the note is mailed either way. */
  private async decide(returnNo: string, status: 'approved' | 'declined', note: string, caller: StaffCaller, locale: Locale): Promise<AdminReturnDetail> {
    await this.d.db.transaction(async (tx) => {
      const { row, order } = await this.lockFor(tx, returnNo, status);
      const next = await this.moved(tx, caller, row, { status, decisionNote: note, decidedById: caller.actor.id, decidedAt: this.d.clock() }, status === 'approved' ? 'return.approve' : 'return.decline', { note });
      await queueReturnMail(this.d, tx, order, next, status);
    });
    return this.detail(returnNo, locale);
  }

  /** The goods are back: each line restocked or not as asked (a printed line never: refused), the rest not. */
  async receive(returnNo: string, restock: readonly { orderItemId: number; restock: boolean }[], caller: StaffCaller, locale: Locale): Promise<AdminReturnDetail> {
    await this.d.db.transaction(async (tx) => {
      const { row, order } = await this.lockFor(tx, returnNo, 'received');
      const lines = await tx.select().from(returnRequestLines).where(eq(returnRequestLines.requestId, row.id));
      const items = await this.d.orders.itemsOf(tx, order.id);
      const wanted = new Map<number, boolean>();
      for (const r of restock) {
        const line = lines.find((l) => l.orderItemId === r.orderItemId);
        if (!line) throw invalid(msg('return.restockUnknown', { id: r.orderItemId }));
        if (r.restock && items.find((i) => i.id === r.orderItemId)!.personalised) throw fail(CODES.CONFLICT, 'return.printedRestock');
        wanted.set(r.orderItemId, r.restock);
      }
      const back = lines.filter((l) => wanted.get(l.orderItemId) === true);
      for (const line of lines) {
        await tx
          .update(returnRequestLines)
          .set({ restock: wanted.get(line.orderItemId) === true })
          .where(and(eq(returnRequestLines.requestId, row.id), eq(returnRequestLines.orderItemId, line.orderItemId)));
      }
      if (back.length) {
        await this.d.orders.restockItems(
          tx,
          back.map((l) => {
            const item = items.find((i) => i.id === l.orderItemId)!;
            return { productId: item.productId, size: item.size, quantity: l.quantity };
          }),
        );
      }
      const next = await this.moved(tx, caller, row, { status: 'received', receivedAt: this.d.clock() }, 'return.receive', { restocked: back.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })) });
      await queueReturnMail(this.d, tx, order, next, 'received');
    });
    return this.detail(returnNo, locale);
  }

  async resolve(returnNo: string, by: 'refund' | 'replacement', note: string | undefined, caller: StaffCaller, locale: Locale): Promise<AdminReturnDetail> {
    if (by === 'refund') await this.resolveByRefund(returnNo, note, caller);
    else await this.resolveByReplacement(returnNo, note, caller);
    return this.detail(returnNo, locale);
  }

  /** Locks the request and checks it may be resolved now (mayResolve), a refund claim by someone else under way refused. */
  private async lockResolvable(tx: Tx, returnNo: string, caller: StaffCaller, refundRetry: boolean): Promise<{ row: RequestRow; order: OrderRow }> {
    const row = await requestOf(tx, returnNo, true);
    if (!row) throw notFound('return');
    if (row.status === 'resolved') throw fail(CODES.CONFLICT, 'return.changedMeanwhile');
    if (!canMoveReturn(row.status, 'resolved')) throw cannotMove(row.status, 'resolved');
    if (!mayResolve(row.kind, row.status)) throw fail(CODES.CONFLICT, 'return.notReceived');
    if (row.resolvedAt) {
      const fresh = this.d.clock().getTime() - row.resolvedAt.getTime() < REFUND_CLAIM_MS;
      const mine = refundRetry && row.resolvedById === caller.actor.id;
      if (fresh && !mine) throw fail(CODES.CONFLICT, 'return.refundUnderWay');
    }
    return { row, order: (await this.d.orders.byId(tx, row.orderId))! };
  }

  private async linesOf(tx: Tx, row: RequestRow) {
    const lines = await tx.select().from(returnRequestLines).where(eq(returnRequestLines.requestId, row.id)).orderBy(asc(returnRequestLines.orderItemId));
    const items = await this.d.orders.itemsOf(tx, row.orderId);
    return lines.map((l) => ({ item: items.find((i) => i.id === l.orderItemId)!, quantity: l.quantity }));
  }

  private async resolveByReplacement(returnNo: string, note: string | undefined, caller: StaffCaller): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      const { row } = await this.lockResolvable(tx, returnNo, caller, false);
      const original = await this.d.orders.lockTx(tx, row.orderId);
      const lines = await this.linesOf(tx, row);
      const now = this.d.clock();
      const timeline = [render(msg('return.replacementNote', { orderNo: original.orderNo, returnNo }), 'en-US'), note].filter(Boolean).join(': ');
      const replacement = await this.d.orders.placeReplacementTx(tx, original, lines, { key: `return:${returnNo}`, note: timeline, at: now });
      const next = await this.moved(
        tx,
        caller,
        row,
        { status: 'resolved', resolution: 'replacement', replacementOrderId: replacement.id, resolvedById: caller.actor.id, resolvedAt: now },
        'return.resolve',
        { resolution: 'replacement', replacementOrderNo: replacement.orderNo, ...(note ? { note } : {}) },
      );
      await this.d.audit.record(tx, {
        actor: caller.actor,
        action: 'order.replacement',
        entity: 'order',
        entityId: replacement.orderNo,
        before: null,
        after: { status: replacement.status, replaces: original.orderNo, returnNo, lines: lines.map((l) => ({ orderItemId: l.item.id, quantity: l.quantity })) },
      });
      await queueReturnMail(this.d, tx, original, next, 'replaced', { replacementOrderNo: replacement.orderNo });
    });
  }

  private async resolveByRefund(returnNo: string, note: string | undefined, caller: StaffCaller): Promise<void> {
    requireCode(caller, PERMISSIONS.ORDER_REFUND);
    // 1. The claim: checked and marked under the lock, so no replacement resolves it meanwhile.
    const { row, order, lines } = await this.d.db.transaction(async (tx) => {
      const locked = await this.lockResolvable(tx, returnNo, caller, true);
      await tx.update(returnRequests).set({ resolvedById: caller.actor.id, resolvedAt: this.d.clock() }).where(eq(returnRequests.id, locked.row.id));
      return { ...locked, lines: await this.linesOf(tx, locked.row) };
    });
    // 2. The refund path (PayPal), keyed by the request: asked again, it finds its first refund.
    // Printed lines of an order in production or later take the override, as any such refund does.
    const printed = PRINTED_STATUSES.includes(order.status as OrderStatus) || order.status === 'partially_shipped';
    const override = printed && lines.some((l) => l.item.personalised);
    try {
      await this.d.refunds.refund(
        order.orderNo,
        {
          idempotencyKey: `return-${returnNo}`,
          lines: lines.map((l) => ({ orderItemId: l.item.id, quantity: l.quantity })),
          reason: note ? `${render(msg('return.refundReason', { returnNo }), 'en-US')}: ${note}` : render(msg('return.refundReason', { returnNo }), 'en-US'),
          override,
          closeAs: 'refunded',
        },
        caller,
      );
    } catch (error) {
      // Refused before or by PayPal: the claim goes, the request can be resolved otherwise. An
      // unknown outcome (1503) keeps it: the refund may still be paid, and the same call asks again.
      if (error instanceof AppError && error.code !== CODES.UNAVAILABLE) {
        await this.d.db.update(returnRequests).set({ resolvedById: null, resolvedAt: null }).where(and(eq(returnRequests.id, row.id), eq(returnRequests.status, row.status)));
      }
      throw error;
    }
    const [refund] = await this.d.db
      .select({ id: refunds.id, status: refunds.status })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.idempotencyKey, `return-${returnNo}`)));
    // 3. Resolved once: whoever records it first; the other hears of a conflict (the money went out once).
    await this.d.db.transaction(async (tx) => {
      const current = (await requestOf(tx, returnNo, true))!;
      if (current.status === 'resolved') throw fail(CODES.CONFLICT, 'return.changedMeanwhile');
      const now = this.d.clock();
      const next = await this.moved(
        tx,
        caller,
        current,
        { status: 'resolved', resolution: 'refund', refundId: refund?.id ?? null, resolvedById: caller.actor.id, resolvedAt: now },
        'return.resolve',
        { resolution: 'refund', refundId: refund?.id ?? null, refundStatus: refund?.status ?? null, ...(note ? { note } : {}) },
      );
      const orderNow = (await this.d.orders.byId(tx, order.id))!;
      await queueReturnMail(this.d, tx, orderNow, next, 'refunded');
    });
  }
}

function cannotMove(from: ReturnStatus, to: ReturnStatus): AppError {
  if (from === to) return fail(CODES.CONFLICT, 'return.changedMeanwhile');
  return fail(CODES.CONFLICT, msg('return.cannotMove', { from: msg(`return.status.${from}`), to: msg(`return.status.${to}`) }));
}

/** The words an audit row of a request carries (instructions, a reason, a note), for the history. */
function noteOf(after: unknown): string | null {
  if (after && typeof after === 'object' && 'note' in after && typeof after.note === 'string') return after.note;
  if (after && typeof after === 'object' && 'replacementOrderNo' in after && typeof after.replacementOrderNo === 'string') return after.replacementOrderNo;
  return null;
}
