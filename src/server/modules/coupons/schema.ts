/** Coupons (their redemptions by orders are in redemptions-schema.ts, which needs the orders table). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { active, at, createdAt, keyedTable } from '../../db/columns.ts';
import { trigramIndex } from '../../db/like.ts';

export const coupons = keyedTable(
  'coupons',
  {
    /** Upper case; shoppers' input is upper-cased before lookup. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percent: smallint('percent'),
    /** EUR minor units off, for fixed coupons (converted like prices). */
    amountEur: integer('amount_eur'),
    /** Fixed coupons made in the back office: the amount in each currency's minor units (amountEur is its EUR one). */
    amounts: jsonb('amounts').$type<Partial<Record<CurrencyCode, number>>>(),
    /** False: personalised (printed) lines are left out of the coupon's base and minimum. */
    includesPersonalised: boolean('includes_personalised').notNull().default(true),
    /** EUR minor units the items must reach after the tier discount. */
    minSpendEur: integer('min_spend_eur').notNull().default(0),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    /** Uses across all customers; null for unlimited. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Counted atomically when an order is placed, given back when an order is cancelled (unpaid or paid). */
    usedCount: integer('used_count').notNull().default(0),
    active: active(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    // The global search (backoffice/search.ts): any part of a code.
    trigramIndex('coupons_code_trgm_idx', sql`${t.code}`),
    check('coupons_kind_ck', sql`(${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amountEur} is null) or (${t.kind} = 'fixed' and ${t.amountEur} > 0 and ${t.percent} is null)`),
    check('coupons_used_ck', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
    check('coupons_min_spend_ck', sql`${t.minSpendEur} >= 0`),
  ],
);
