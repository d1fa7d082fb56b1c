/**
 * Coupons: lookup, the checks of domain/coupons.schema.ts against the database (uses so far, this
 * customer's uses), and the counting that must hold under concurrency. Owns the coupons and
 * coupon_redemptions tables.
 *
 * A use is counted inside the order's transaction by one conditional UPDATE
 * (`used_count < usage_limit`), which also locks the coupon's row until the order commits; the
 * customer's own uses are counted after that lock, so parallel checkouts of one customer cannot
 * both slip under a per-customer limit either.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { couponProblem, type CouponProblem, type CouponRule } from '../../../domain/coupons.model.ts';
import { couponCodeSchema } from '../../../domain/coupons.schema.ts';
import type { CurrencyCode, RateTable } from '../../../domain/money.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { couponRedemptions } from './redemptions-schema.ts';
import { coupons } from './schema.ts';
import { failWith } from '../../errors.ts';
import type { Message } from '../../messages/index.ts';

type CouponRow = typeof coupons.$inferSelect;

export interface CouponCustomer {
  userId: number | null;
  /** Guests are counted by email (normalised, lower case). */
  email: string | null;
}

export type CouponEvaluation = { ok: true; row: CouponRow; rule: CouponRule } | { ok: false; code: string; reason: CouponProblem };

/** What the shopper is told about a coupon refused for `reason`. */
export function couponMessage(reason: CouponProblem): Message {
  return { id: `coupon.${reason}` };
}

export function couponRefused(reason: CouponProblem) {
  return failWith(CODES.CONFLICT, couponMessage(reason), { reason });
}

function toRule(row: CouponRow): CouponRule {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountEur: row.amountEur,
    amounts: row.amounts ?? null,
    includesPersonalised: row.includesPersonalised,
    minSpendEur: row.minSpendEur,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    active: row.active,
  };
}

/** Stateless: every method works in the caller's database handle or transaction. */
export class CouponService {
  private async customerUses(db: Db | Tx, couponId: number, customer: CouponCustomer): Promise<number> {
    const who = [
      ...(customer.userId !== null ? [eq(couponRedemptions.userId, customer.userId)] : []),
      ...(customer.email ? [eq(couponRedemptions.email, customer.email)] : []),
    ];
    if (who.length === 0) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), or(...who)));
    return row?.n ?? 0;
  }

  /**
   * Whether `input` names a coupon this customer can use on `base` (items after the tier
   * discount, in `currency`; `baseWithoutPersonalised` for a coupon that leaves printed lines out) now. Never throws for a bad code: the answer says why.
   */
  async evaluate(db: Db | Tx, input: string, context: { now: Date; currency: CurrencyCode; base: number; baseWithoutPersonalised: number; rates: RateTable; customer: CouponCustomer }): Promise<CouponEvaluation> {
    const parsed = couponCodeSchema.safeParse(input);
    const code = parsed.success ? parsed.data : input.trim().toUpperCase().slice(0, 64);
    const refuse = (reason: CouponProblem): CouponEvaluation => ({ ok: false, code, reason });
    if (!parsed.success) return refuse('unknown');
    const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
    if (!row) return refuse('unknown');
    const rule = toRule(row);
    const problem = couponProblem(rule, { now: context.now, currency: context.currency, base: context.base, baseWithoutPersonalised: context.baseWithoutPersonalised, rates: context.rates, customerUses: await this.customerUses(db, row.id, context.customer) });
    return problem ? refuse(problem) : { ok: true, row, rule };
  }

  /**
   * Counts one use for an order inside its transaction, or throws 1409 with the reason: used up
   * by a parallel checkout, or this customer's limit reached meanwhile.
   */
  async redeem(tx: Tx, couponId: number, orderId: number, customer: CouponCustomer & { email: string }): Promise<void> {
    const [counted] = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, couponId), eq(coupons.active, true), sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`))
      .returning({ perCustomerLimit: coupons.perCustomerLimit });
    if (!counted) throw couponRefused('used-up');
    if (counted.perCustomerLimit !== null && (await this.customerUses(tx, couponId, customer)) >= counted.perCustomerLimit) throw couponRefused('customer-limit');
    await tx.insert(couponRedemptions).values({ couponId, orderId, userId: customer.userId, email: customer.email });
  }

  /** Whether a coupon reaches personalised lines (an order change spreads its frozen discount by it); true for a coupon gone. */
  async includesPersonalised(db: Db | Tx, couponId: number): Promise<boolean> {
    const [row] = await db.select({ includes: coupons.includesPersonalised }).from(coupons).where(eq(coupons.id, couponId));
    return row?.includes ?? true;
  }

  /** Gives a cancelled order's use back (unpaid, or paid and its money given back), in the transaction that cancels it. */
  async release(tx: Tx, orderId: number): Promise<void> {
    const [released] = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
    if (released) await tx.update(coupons).set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` }).where(eq(coupons.id, released.couponId));
  }
}
