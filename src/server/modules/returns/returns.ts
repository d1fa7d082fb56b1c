/**
 * The shopper's side of returns and misprint claims (the order page): what may be asked now, the
 * request itself, a claim's photos and their download. Only the order's owner, or a guest with
 * the order's token (orders' findForAccess), reaches any of it; others get "not found", as the
 * order pages answer.
 *
 * A request is decided under the order's row lock, so two requests of one order at once count
 * each other's quantities; the rules are domain/returns.model.ts's.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { AfterSalesSettings } from '../../../domain/settings.model.ts';
import {
  CLAIM_ORDER_STATUSES,
  linesProblem,
  quantityLeft,
  returnWindowEnd,
  returnWindowOpen,
  RETURN_PHOTOS_MAX,
  type OrderReturns,
  type ReturnKind,
  type ReturnRecord,
} from '../../../domain/returns.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../errors.ts';
import type { MailQueue } from '../../mail/mailer.ts';
import { returnMail, type ReturnMailKind } from '../../mail/return-mails.ts';
import { msg } from '../../messages/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { OrderAccess, OrderRow, OrderService, Refunds } from '../orders/index.ts';
import { checkPhoto, encodePhoto } from './photos.ts';
import { deliveredAt, earlierLines, newReturnNo, recordsOf, requestOf, type RequestRow } from './records.ts';
import { returnPhotos, returnRequestLines, returnRequests } from './schema.ts';

export interface ReturnDeps {
  db: Db;
  orders: OrderService;
  /** The back office's refund path (payments' RefundDesk, through orders' Refunds port). */
  refunds: Refunds;
  audit: AuditLog;
  mail: MailQueue;
  clock: Clock;
  /** The merchant's after-sales settings (SettingsService), read before any transaction. */
  afterSales(): Promise<AfterSalesSettings>;
}

export interface ReturnAsk {
  kind: ReturnKind;
  description: string;
  lines: { orderItemId: number; quantity: number }[];
}

const localeOfOrder = (row: OrderRow): Locale => (row.locale === 'zh-CN' ? 'zh-CN' : 'en-US');

/** Queues a request's mail to the order's buyer, in the order's language (inside the move's transaction). */
export async function queueReturnMail(d: Pick<ReturnDeps, 'mail' | 'orders'>, tx: Tx, order: OrderRow, request: RequestRow, kind: ReturnMailKind, extra: { replacementOrderNo?: string } = {}): Promise<void> {
  const data = { returnNo: request.returnNo, orderNo: order.orderNo, kind: request.kind, firstName: order.shippingAddress.firstName, link: d.orders.orderLink(order), note: request.decisionNote, ...extra };
  await d.mail.queue(tx, { to: order.email, kind: `return-${kind}`, ...returnMail(localeOfOrder(order), kind, data) });
}

export class ReturnService {
  private readonly d: ReturnDeps;

  constructor(deps: ReturnDeps) {
    this.d = deps;
  }

  private async ordersRequests(db: Db | Tx, orderId: number): Promise<RequestRow[]> {
    return db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
  }

  /** The order's requests and what may be asked now. */
  async forOrder(orderNo: string, access: OrderAccess, locale: Locale): Promise<OrderReturns> {
    const order = await this.d.orders.findForAccess(orderNo, access);
    const { returnWindowDays } = await this.d.afterSales();
    const [delivered, earlier, items, rows] = await Promise.all([
      deliveredAt(this.d.db, order.id),
      earlierLines(this.d.db, order.id),
      this.d.orders.itemsOf(this.d.db, order.id),
      this.ordersRequests(this.d.db, order.id),
    ]);
    const now = this.d.clock();
    const end = returnWindowEnd(order.status === 'delivered' ? delivered : null, returnWindowDays);
    return {
      requests: await recordsOf(this.d.db, rows, locale),
      returnOpen: returnWindowOpen(order.status, delivered, returnWindowDays, now),
      returnUntil: end ? end.toISOString() : null,
      claimOpen: CLAIM_ORDER_STATUSES.includes(order.status),
      lines: items.map((item) => ({ orderItemId: item.id, returnable: quantityLeft(item, 'return', earlier), claimable: quantityLeft(item, 'claim', earlier) })),
    };
  }

  /** A return of unprinted lines within the window, or a claim on any line of a paid order; the buyer is mailed. */
  async create(orderNo: string, access: OrderAccess, ask: ReturnAsk, locale: Locale): Promise<ReturnRecord> {
    const seen = await this.d.orders.findForAccess(orderNo, access);
    const { returnWindowDays } = await this.d.afterSales();
    const row = await this.d.db.transaction(async (tx) => {
      const order = await this.d.orders.lockTx(tx, seen.id);
      const now = this.d.clock();
      if (ask.kind === 'return') {
        const delivered = order.status === 'delivered' ? await deliveredAt(tx, order.id) : null;
        if (!delivered) throw fail(CODES.CONFLICT, 'return.notDelivered');
        if (!returnWindowOpen(order.status, delivered, returnWindowDays, now)) {
          throw fail(CODES.CONFLICT, msg('return.windowClosed', { date: returnWindowEnd(delivered, returnWindowDays)!.toISOString().slice(0, 10), days: returnWindowDays }));
        }
      } else if (!CLAIM_ORDER_STATUSES.includes(order.status)) throw fail(CODES.CONFLICT, 'return.claimClosed');
      const items = await this.d.orders.itemsOf(tx, order.id);
      const problem = linesProblem(ask.lines, items, ask.kind, await earlierLines(tx, order.id));
      if (problem === 'none') throw invalid('return.linesNone');
      if (problem === 'unknown') throw invalid('return.lineUnknown');
      if (problem === 'printed') throw fail(CODES.CONFLICT, 'return.linePrinted');
      if (problem === 'tooMany') throw fail(CODES.CONFLICT, 'return.lineTooMany');
      const merged = new Map<number, number>();
      for (const line of ask.lines) merged.set(line.orderItemId, (merged.get(line.orderItemId) ?? 0) + line.quantity);
      const [created] = await tx
        .insert(returnRequests)
        .values({ returnNo: newReturnNo(), orderId: order.id, kind: ask.kind, description: ask.description, requestedBy: 'shopper', createdAt: now, updatedAt: now })
        .returning();
      await tx.insert(returnRequestLines).values([...merged].map(([orderItemId, quantity]) => ({ requestId: created!.id, orderItemId, quantity })));
      await queueReturnMail(this.d, tx, order, created!, 'requested');
      return created!;
    });
    return (await recordsOf(this.d.db, [row], locale))[0]!;
  }

  /** The request of this order (by the order's access), or not found. */
  private async requestFor(order: OrderRow, returnNo: string): Promise<RequestRow> {
    const row = await requestOf(this.d.db, returnNo);
    if (!row || row.orderId !== order.id) throw notFound('return');
    return row;
  }

  /**
   * Adds a photo to a claim still waiting for a decision. The cheap checks (size, type by the
   * bytes, the count) come before the decode, which runs outside any transaction; the count is
   * checked again under the request's lock as the photo is stored. The same picture twice is kept once.
   */
  async addPhoto(orderNo: string, access: OrderAccess, returnNo: string, base64: string, locale: Locale): Promise<ReturnRecord> {
    const order = await this.d.orders.findForAccess(orderNo, access);
    const request = await this.requestFor(order, returnNo);
    const open = (row: RequestRow) => {
      if (row.kind !== 'claim') throw fail(CODES.CONFLICT, 'return.photoNotClaim');
      if (row.status !== 'requested') throw fail(CODES.CONFLICT, 'return.photoClosed');
    };
    open(request);
    const checked = checkPhoto(base64);
    const countOf = async (db: Db | Tx) => (await db.select({ n: sql<number>`count(*)::int` }).from(returnPhotos).where(eq(returnPhotos.requestId, request.id)))[0]!.n;
    const known = async (db: Db | Tx) => (await db.select({ id: returnPhotos.id }).from(returnPhotos).where(and(eq(returnPhotos.requestId, request.id), eq(returnPhotos.hash, checked.hash)))).length > 0;
    const tooMany = () => fail(CODES.CONFLICT, msg('return.photoTooMany', { max: RETURN_PHOTOS_MAX }));
    if (!(await known(this.d.db))) {
      if ((await countOf(this.d.db)) >= RETURN_PHOTOS_MAX) throw tooMany();
      const photo = await encodePhoto(checked.bytes);
      await this.d.db.transaction(async (tx) => {
        const row = (await requestOf(tx, returnNo, true))!;
        open(row);
        if (await known(tx)) return;
        if ((await countOf(tx)) >= RETURN_PHOTOS_MAX) throw tooMany();
        await tx.insert(returnPhotos).values({ requestId: row.id, hash: checked.hash, contentType: 'image/webp', bytes: photo.webp, width: photo.width, height: photo.height });
        await tx.update(returnRequests).set({ updatedAt: this.d.clock() }).where(eq(returnRequests.id, row.id));
      });
    }
    return (await recordsOf(this.d.db, [(await requestOf(this.d.db, returnNo))!], locale))[0]!;
  }

  /** A photo of a request of this order, for its owner or the token's holder. */
  async photo(orderNo: string, access: OrderAccess, returnNo: string, photoId: number): Promise<Uint8Array> {
    const order = await this.d.orders.findForAccess(orderNo, access);
    const request = await this.requestFor(order, returnNo);
    return photoBytes(this.d.db, request.id, photoId);
  }
}

/** The stored WebP of a request's photo, or not found. */
export async function photoBytes(db: Db, requestId: number, photoId: number): Promise<Uint8Array> {
  const [row] = await db
    .select({ bytes: returnPhotos.bytes })
    .from(returnPhotos)
    .where(and(eq(returnPhotos.id, photoId), eq(returnPhotos.requestId, requestId)));
  if (!row) throw notFound('photo');
  return row.bytes;
}
