/**
 * The demo staff accounts behind the back office login page's quick picks (super admin, admin,
 * user). Seeded with the demo data on a shop that has no staff yet, never in production; their
 * passwords are public by design, so they exist only while the shop is a demo.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLES } from '../../../domain/account.model.ts';
import type { DemoAccount } from '../../../domain/back-office/login.model.ts';
import { STAFF_ROLES } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import { PasswordHasher, users } from '../accounts/index.ts';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: ROLES.SUPER, labelKey: 'login.demo.super', email: 'super@demo.jersey-shop.example', password: 'Super-Jersey-1' },
  { role: ROLES.ADMIN, labelKey: 'login.demo.admin', email: 'admin@demo.jersey-shop.example', password: 'Admin-Jersey-1' },
  { role: ROLES.CUSTOMER, labelKey: 'login.demo.user', email: 'user@demo.jersey-shop.example', password: 'User-Jersey-1' },
];

const NAMES: Record<string, [string, string]> = {
  [ROLES.SUPER]: ['Sam', 'Super'],
  [ROLES.ADMIN]: ['Alex', 'Admin'],
  [ROLES.CUSTOMER]: ['Uma', 'User'],
};

/**
 * Creates the demo accounts when no account holds a staff role yet; answers how many it made.
 * Callers pass `production` so the rule "never in production" sits here, once; the hasher is made
 * only when there is something to hash (making one costs a hash).
 */
export async function seedDemoStaff(db: Db, options: { production: boolean; hashCost: number }): Promise<number> {
  if (options.production) return 0;
  const staffRoles = sql.raw(`array[${STAFF_ROLES.map((role) => `'${role}'`).join(', ')}]::text[]`);
  const [anyStaff] = await db.select({ id: users.id }).from(users).where(sql`${users.roles} && ${staffRoles}`).limit(1);
  if (anyStaff) return 0;
  const hasher = new PasswordHasher(options.hashCost);
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      email: account.email,
      passwordHash: await hasher.hash(account.password),
      firstName: NAMES[account.role]![0],
      lastName: NAMES[account.role]![1],
      roles: [account.role],
    })),
  );
  const made = await db.insert(users).values(rows).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
  return made.length;
}

/**
 * The quick picks the login page may show: none in production, else the demo accounts that are
 * still there, active and holding their role (an owner who disabled or demoted one hides it).
 */
export async function demoAccountsShown(db: Db, options: { production: boolean }): Promise<DemoAccount[]> {
  if (options.production) return [];
  const rows = await db
    .select({ email: users.email, roles: users.roles })
    .from(users)
    .where(and(inArray(users.email, DEMO_ACCOUNTS.map((account) => account.email)), eq(users.status, 'active')));
  return DEMO_ACCOUNTS.filter((account) => rows.some((row) => row.email === account.email && row.roles.includes(account.role)));
}
