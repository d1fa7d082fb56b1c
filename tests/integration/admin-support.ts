/**
 * Shared steps of the back-office tests: staff accounts (a registered account given roles, as
 * the admin command would), calls by contract entry, and the audit rows a test's writes left.
 */
import { desc, eq, notLike, sql } from 'drizzle-orm';
import type { Endpoint } from '../../src/domain/api/endpoint.ts';
import type { Role } from '../../src/domain/account.model.ts';
import { auditLog, siteChanges, users } from '../../src/server/db/schema.ts';
import { call, signUp, type Answer, type TestAccount, type TestShop } from './harness.ts';

export interface Staff extends TestAccount {
  roles: Role[];
}

/** A signed-in account holding `roles` (read fresh from the row on each call). */
export async function staffAccount(shop: TestShop, ...roles: Role[]): Promise<Staff> {
  const account = await signUp(shop.app, { firstName: roles[0] ?? 'Shopper', lastName: 'Tester' });
  if (roles.length) await shop.database.db.update(users).set({ roles }).where(eq(users.id, account.userId));
  return { ...account, roles };
}

/** Calls a contract entry: a GET's request goes in the query string, a POST's in the body. */
export function callEntry<T = any>(shop: TestShop, entry: Endpoint, request?: unknown, caller?: { auth: { headers: Record<string, string> } } | null, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const auth = { ...(caller?.auth.headers ?? {}), ...headers };
  if (entry.method === 'GET') {
    const query = request ? `?${new URLSearchParams(request as Record<string, string>)}` : '';
    return call<T>(shop.app, `${entry.path}${query}`, undefined, { method: 'GET', headers: auth });
  }
  return call<T>(shop.app, entry.path, request ?? {}, { headers: auth });
}

/**
 * Audit rows of writes, newest first. The rows the guards and the sign-in add for refused calls
 * and failed sign-ins (`access.*`) record attempts, not writes: admin-accountability.test.ts
 * reads those.
 */
export async function auditRows(shop: TestShop) {
  return shop.database.db.select().from(auditLog).where(notLike(auditLog.action, 'access.%')).orderBy(desc(auditLog.id));
}

export async function auditCount(shop: TestShop): Promise<number> {
  return (await auditRows(shop)).length;
}

/** The newest `site_changes` row: a write the storefront's pages show queues one (docs/site-builds.md). */
export async function siteChangeMark(shop: TestShop): Promise<number> {
  const [row] = await shop.database.db.select({ id: sql<string>`coalesce(max(${siteChanges.id}), 0)` }).from(siteChanges);
  return Number(row!.id);
}

/** One signed-in account of each kind the back office tells apart: owner, operations, customer. */
export interface StaffTrio {
  owner: Staff;
  admin: Staff;
  customer: Staff;
}

export async function staffTrio(shop: TestShop): Promise<StaffTrio> {
  const [owner, admin, customer] = await Promise.all([staffAccount(shop, 'R_SUPER'), staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_CUSTOMER')]);
  return { owner: owner!, admin: admin!, customer: customer! };
}

/** A product as the back office's editor creates it (the products and frictions tests), with what a test changes. */
export function productDraft(overrides: Record<string, unknown> = {}) {
  return {
    title: { 'en-US': 'Zephyrton Rovers Training Top', 'zh-CN': '泽菲顿流浪者训练上衣' },
    description: { 'en-US': 'A **light** top.', 'zh-CN': '轻便上衣。' },
    price: 4999,
    compareAtPrice: null,
    sport: 'football',
    teamId: null,
    tags: [],
    printable: true,
    customisationFee: 0,
    sizes: [
      { size: 'M', stock: 10 },
      { size: 'L', stock: 3 },
    ],
    sizeGuide: [],
    faq: { 'en-US': [{ question: 'Washable?', answer: 'At 30 degrees.' }], 'zh-CN': [] },
    ...overrides,
  };
}
