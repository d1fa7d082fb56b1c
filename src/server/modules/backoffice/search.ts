/**
 * The back office's global search (Ctrl/Cmd+K, docs/back-office.md "Header"): orders by number,
 * accounts by email or name, products by title or handle, teams by name or tag, coupons by code.
 * Only the kinds the caller's codes open are searched, each in its own query, all at once. Every
 * query reads an indexed expression: from SEARCH_PART_MIN characters any part (the trigram indexes
 * of migrations 0027 and 0029), below it the start only, so one or two characters never scan.
 * Teams are the exception: the shop has tens of them.
 */
import { asc, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale.ts';
import { SEARCH_KINDS, SEARCH_KIND_CODES, SEARCH_LIMIT_PER_KIND, SEARCH_PART_MIN, type SearchKind, type SearchResult } from '../../../domain/back-office/search.model.ts';
import { hasPermission, type CodesHeld } from '../../../domain/back-office/staff.model.ts';
import type { Db } from '../../db/client.ts';
import type { Guards } from '../../http/auth.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { adminSearchApi } from '../../../domain/api/admin/search.ts';
import { globalSearchRequestSchema } from '../../../domain/back-office/search.schema.ts';
import { containsPattern, prefixPattern } from '../../db/like.ts';
import { users } from '../accounts/index.ts';
import { productTitleIn, products, teams } from '../catalogue/index.ts';
import { coupons } from '../coupons/index.ts';
import { orders } from '../orders/index.ts';
import { orderNumberCondition } from './order-filter.ts';

/** What one kind's query is given: the text as typed (trimmed), lower-cased, and its like pattern. */
interface Needle {
  text: string;
  lower: string;
  /** `x%` under SEARCH_PART_MIN characters, `%x%` from it. */
  pattern: string;
}

type KindSearch = (db: Db, needle: Needle, locale: Locale) => Promise<SearchResult[]>;

const userNameSql = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

const SEARCHES: Record<SearchKind, KindSearch> = {
  order: async (db, needle) => {
    const condition = orderNumberCondition(needle.text);
    if (!condition) return [];
    const rows = await db.select({ orderNo: orders.orderNo, email: orders.email }).from(orders).where(condition).limit(SEARCH_LIMIT_PER_KIND);
    return rows.map((row) => ({ kind: 'order', key: row.orderNo, title: row.orderNo, subtitle: row.email, path: `/orders/${row.orderNo}` }));
  },
  customer: async (db, needle) => {
    // Under three characters a name is matched by its start as users_name_prefix_idx and users_last_name_prefix_idx hold it.
    const byEmail = sql`lower(${users.email}) like ${needle.pattern}`;
    const byName = needle.lower.length < SEARCH_PART_MIN ? [sql`lower(${userNameSql}) like ${needle.pattern}`, sql`lower(${users.lastName}) like ${needle.pattern}`] : [sql`lower(${userNameSql}) like ${needle.pattern}`];
    const condition = needle.lower.includes('@') ? byEmail : or(byEmail, ...byName)!;
    const rows = await db.select({ id: users.id, email: users.email, name: userNameSql }).from(users).where(condition).limit(SEARCH_LIMIT_PER_KIND);
    return rows.map((row) => ({ kind: 'customer', key: String(row.id), title: row.name.trim() || row.email, subtitle: row.email, path: `/customers/${row.id}` }));
  },
  product: async (db, needle, locale) => {
    const condition = or(sql`lower(${products.title}) like ${needle.pattern}`, sql`${products.handle} like ${needle.pattern}`)!;
    const rows = await db.select({ id: products.id, title: productTitleIn(locale), handle: products.handle }).from(products).where(condition).orderBy(asc(products.id)).limit(SEARCH_LIMIT_PER_KIND);
    return rows.map((row) => ({ kind: 'product', key: String(row.id), title: row.title, subtitle: row.handle, path: `/products/${row.id}` }));
  },
  team: async (db, needle, locale) => {
    const name = sql<string>`${teams.name} ->> ${locale}`;
    const condition = or(sql`lower(${teams.name} ->> 'en-US') like ${needle.pattern}`, sql`lower(${teams.name} ->> 'zh-CN') like ${needle.pattern}`, sql`lower(${teams.tag}) like ${needle.pattern}`)!;
    const rows = await db.select({ id: teams.id, name, tag: teams.tag }).from(teams).where(condition).orderBy(asc(name)).limit(SEARCH_LIMIT_PER_KIND);
    // The teams screen lists every team on a page or two: the result opens it filtered by the tag.
    return rows.map((row) => ({ kind: 'team', key: String(row.id), title: row.name, subtitle: row.tag, path: `/teams?query=${encodeURIComponent(row.tag)}` }));
  },
  coupon: async (db, needle) => {
    // Codes are kept upper case (coupons/schema.ts), so the upper-cased text reads coupons_code_trgm_idx directly.
    const pattern = needle.lower.length < SEARCH_PART_MIN ? prefixPattern(needle.text.toUpperCase()) : containsPattern(needle.text.toUpperCase());
    const rows = await db.select({ code: coupons.code }).from(coupons).where(sql`${coupons.code} like ${pattern}`).orderBy(asc(coupons.code)).limit(SEARCH_LIMIT_PER_KIND);
    return rows.map((row) => ({ kind: 'coupon', key: row.code, title: row.code, subtitle: '', path: `/coupons?query=${encodeURIComponent(row.code)}` }));
  },
};

/** The kinds the caller's codes open, in the palette's order. */
export function searchableKinds(held: CodesHeld): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => hasPermission(held, SEARCH_KIND_CODES[kind]));
}

export async function globalSearch(db: Db, held: CodesHeld, query: string, locale: Locale): Promise<SearchResult[]> {
  const lower = query.toLowerCase();
  const needle: Needle = { text: query, lower, pattern: lower.length < SEARCH_PART_MIN ? prefixPattern(lower) : containsPattern(lower) };
  const found = await Promise.all(searchableKinds(held).map((kind) => SEARCHES[kind](db, needle, locale)));
  return found.flat();
}

/** The search call: any staff member holding one of the kinds' codes; each finds only what theirs open. */
export function searchRoutes(deps: { db: Db }, guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    staffCalls(route, guards.requireAnyPermission(...Object.values(SEARCH_KIND_CODES)))(
      adminSearchApi.search,
      'Orders by number, accounts by email or name, products by title or handle, teams, coupons by code: up to 5 of each kind the caller\'s codes open',
      globalSearchRequestSchema,
      ({ body, staff, locale }) => globalSearch(deps.db, staff, body.query, locale),
    );
  });
}
