/** The demo coupons (docs/checkout-and-payments.md "Amounts" lists them). */
import type { Db } from '../client.ts';
import { coupons } from '../schema.ts';

type NewCoupon = typeof coupons.$inferInsert;

export const DEMO_COUPONS: NewCoupon[] = [
  // 10% off, once per customer.
  { code: 'WELCOME10', kind: 'percent', percent: 10, perCustomerLimit: 1 },
  // 5 EUR off (converted) from 30 EUR of items after the tier discount.
  { code: 'SAVE5', kind: 'fixed', amountEur: 500, minSpendEur: 3000 },
  // 15% off for the first order that uses it, whoever places it.
  { code: 'ONCE', kind: 'percent', percent: 15, usageLimit: 1 },
  // Ended on 1 January 2024: always refused as expired.
  { code: 'EXPIRED', kind: 'percent', percent: 20, endsAt: new Date('2024-01-01T00:00:00Z') },
];

export async function seedCoupons(db: Db): Promise<number> {
  const rows = await db.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing({ target: coupons.code }).returning({ id: coupons.id });
  return rows.length;
}
