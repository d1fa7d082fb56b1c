/**
 * The back office's coupons (coupon:edit): list with search and state, create, edit, expire now.
 * Every write is one transaction with its audit row (the fields before and after). The counting of
 * uses stays in coupons.ts; an edit never touches used_count.
 */
import { and, count, desc, eq, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import { couponState, type AdminCoupon, type CouponState } from '../../../domain/coupons.model.ts';
import type { z } from 'zod';
import type { couponEditSchema } from '../../../domain/coupons.schema.ts';
import { CURRENCY_CODES, convertFromEur, type CurrencyCode } from '../../../domain/money.model.ts';
import { settingChanges } from '../../../domain/settings.model.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { coupons } from './schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type CouponRow = typeof coupons.$inferSelect;
export type CouponEdit = z.output<typeof couponEditSchema>;

function toAdmin(row: CouponRow, now: Date): AdminCoupon {
  const amounts =
    row.kind === 'fixed' ? (Object.fromEntries(CURRENCY_CODES.map((c) => [c, row.amounts?.[c] ?? convertFromEur(row.amountEur ?? 0, c)])) as Record<CurrencyCode, number>) : null;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amounts,
    minSpendEur: row.minSpendEur,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    includesPersonalised: row.includesPersonalised,
    usedCount: row.usedCount,
    state: couponState(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The SQL twin of couponState (domain/coupons.model.ts), for the list's filter. */
function stateCondition(state: CouponState, now: Date): SQL {
  const expired = or(eq(coupons.active, false), and(isNotNull(coupons.endsAt), lte(coupons.endsAt, now)))!;
  const usedUp = sql`(${coupons.usageLimit} is not null and ${coupons.usedCount} >= ${coupons.usageLimit})`;
  const scheduled = sql`(${coupons.startsAt} is not null and ${coupons.startsAt} > ${now})`;
  switch (state) {
    case 'expired':
      return expired;
    case 'used-up':
      return and(sql`not (${expired})`, usedUp)!;
    case 'scheduled':
      return and(sql`not (${expired})`, sql`not ${usedUp}`, scheduled)!;
    case 'active':
      return and(sql`not (${expired})`, sql`not ${usedUp}`, sql`not ${scheduled}`)!;
  }
}

/** The columns an edit writes. */
function columns(edit: CouponEdit) {
  return {
    code: edit.code,
    kind: edit.kind,
    percent: edit.kind === 'percent' ? edit.percent : null,
    amountEur: edit.kind === 'fixed' ? edit.amounts!.EUR : null,
    amounts: edit.kind === 'fixed' ? edit.amounts : null,
    minSpendEur: edit.minSpendEur,
    startsAt: edit.startsAt ? new Date(edit.startsAt) : null,
    endsAt: edit.endsAt ? new Date(edit.endsAt) : null,
    usageLimit: edit.usageLimit,
    perCustomerLimit: edit.perCustomerLimit,
    includesPersonalised: edit.includesPersonalised,
  };
}

/** What the audit row keeps of a coupon: its editable fields. */
function audited(coupon: AdminCoupon) {
  const { id: _id, usedCount: _used, state: _state, createdAt: _created, ...fields } = coupon;
  return fields;
}

const codeTaken = () => invalidFields({ path: 'body.code', problem: msg('coupon.codeTaken') });

export class CouponDesk {
  private readonly db: Db;
  private readonly audit: AuditLog;
  private readonly clock: Clock;

  constructor(deps: { db: Db; audit: AuditLog; clock: Clock }) {
    this.db = deps.db;
    this.audit = deps.audit;
    this.clock = deps.clock;
  }

  async list(filter: { query?: string | undefined; state?: CouponState | undefined }, page: PageRequest): Promise<Page<AdminCoupon>> {
    const now = this.clock();
    const where: SQL[] = [];
    if (filter.query) where.push(ilike(coupons.code, containsPattern(filter.query)));
    if (filter.state) where.push(stateCondition(filter.state, now));
    const condition = where.length ? and(...where) : undefined;
    const { offset, limit } = pageWindow(page);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(coupons).where(condition).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(coupons).where(condition),
    ]);
    return pageOf(rows.map((row) => toAdmin(row, now)), total?.n ?? 0, page);
  }

  async get(id: number): Promise<AdminCoupon> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound('coupon');
    return toAdmin(row, this.clock());
  }

  private async codeFree(tx: Tx, code: string, except: number | null): Promise<void> {
    const [other] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
    if (other && other.id !== except) throw codeTaken();
  }

  /** Two editors saving one code at once: the second is told the code is taken, not a 500. */
  private static async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  async create(actor: AuditActor, edit: CouponEdit): Promise<AdminCoupon> {
    return CouponDesk.uniquely(() =>
      this.db.transaction(async (tx) => {
        await this.codeFree(tx, edit.code, null);
        const [row] = await tx.insert(coupons).values(columns(edit)).returning();
        const coupon = toAdmin(row!, this.clock());
        await this.audit.record(tx, { actor, action: 'coupon.create', entity: 'coupon', entityId: coupon.id, before: null, after: audited(coupon) });
        return coupon;
      }),
    );
  }

  /** Saves the editor's fields; a save that changes nothing writes and records nothing. */
  async update(actor: AuditActor, id: number, edit: CouponEdit): Promise<AdminCoupon> {
    return CouponDesk.uniquely(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
        if (!row) throw notFound('coupon');
        const now = this.clock();
        const before = toAdmin(row, now);
        if (edit.usageLimit !== null && edit.usageLimit < row.usedCount) throw invalidFields({ path: 'body.coupon.usageLimit', problem: msg('coupon.limitBelowUses', { used: row.usedCount }) });
        await this.codeFree(tx, edit.code, id);
        const [updated] = await tx.update(coupons).set(columns(edit)).where(eq(coupons.id, id)).returning();
        const after = toAdmin(updated!, now);
        const changes = settingChanges(audited(before), audited(after));
        if (changes.length === 0) return before;
        await this.audit.record(tx, { actor, action: 'coupon.update', entity: 'coupon', entityId: id, before: Object.fromEntries(changes.map((c) => [c.path, c.before])), after: Object.fromEntries(changes.map((c) => [c.path, c.after])) });
        return after;
      }),
    );
  }

  /** Ends the coupon now (its end date becomes now); one already ended is left as it is. */
  async expire(actor: AuditActor, id: number): Promise<AdminCoupon> {
    return this.db.transaction(async (tx) => {
      const now = this.clock();
      const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!row) throw notFound('coupon');
      if (row.endsAt && row.endsAt <= now) return toAdmin(row, now);
      const [updated] = await tx.update(coupons).set({ endsAt: now }).where(eq(coupons.id, id)).returning();
      await this.audit.record(tx, { actor, action: 'coupon.expire', entity: 'coupon', entityId: id, before: { endsAt: row.endsAt?.toISOString() ?? null }, after: { endsAt: now.toISOString() } });
      return toAdmin(updated!, now);
    });
  }
}
