/**
 * The back office's navigation tree (nav_items): three levels, titles in both languages; add,
 * rename, remove (refused while entries or products sit under it), reorder and move (refused
 * past the third level, or into itself). Writes run one at a time under one lock, each with its
 * audit row and the catalogue stamp; the nav_items trigger drops the navigation caches on every
 * instance. Every write answers the whole tree as it now is.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { levelUnder, navMoveProblem, placeAmong, type AdminNavNode } from '../../../domain/back-office/navigation.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { navItems, products } from './schema.ts';
import { productsUnder } from './team-desk.ts';

type NavRow = typeof navItems.$inferSelect;

/** Products per navigation tag, in one pass over the products' tags. */
async function productCounts(db: Db | Tx): Promise<Map<string, number>> {
  const tagged = db.select({ tag: sql<string>`unnest(${products.tags})`.as('tag') }).from(products).as('tagged');
  const rows = await db.select({ tag: tagged.tag, n: count() }).from(tagged).groupBy(tagged.tag);
  return new Map(rows.map((row) => [row.tag, row.n]));
}

export function buildNavTree(rows: readonly NavRow[], counts: ReadonlyMap<string, number>): AdminNavNode[] {
  const nodes = new Map<number, AdminNavNode>(
    rows.map((row) => [row.id, { id: row.id, tag: row.tag, title: row.tagName, parentId: row.parentId, level: row.level, sort: row.sort, products: counts.get(row.tag) ?? 0, children: [] }]),
  );
  const roots: AdminNavNode[] = [];
  for (const node of [...nodes.values()].sort((a, b) => a.sort - b.sort || a.id - b.id)) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export class NavDesk extends AuditedDesk {
  async tree(db: Db | Tx = this.db): Promise<AdminNavNode[]> {
    const [rows, counts] = await Promise.all([db.select().from(navItems).orderBy(asc(navItems.sort), asc(navItems.id)), productCounts(db)]);
    return buildNavTree(rows, counts);
  }

  async add(actor: AuditActor, input: { parentId: number | null; tag: string; titleEn: string; titleZh: string }): Promise<AdminNavNode[]> {
    try {
      return await this.write(async (tx, rows) => {
        if (input.parentId !== null && !rows.some((row) => row.id === input.parentId)) throw notFound('navItem');
        const level = levelUnder(rows, input.parentId);
        if (level > 3) throw fail(CODES.CONFLICT, 'nav.tooDeep');
        const sort = Math.max(-1, ...rows.filter((row) => row.parentId === input.parentId).map((row) => row.sort)) + 1;
        const [row] = await tx.insert(navItems).values({ tag: input.tag, tagName: { 'en-US': input.titleEn, 'zh-CN': input.titleZh }, parentId: input.parentId, level, sort }).returning();
        await this.audit.record(tx, { actor, action: 'nav.add', entity: 'nav_item', entityId: row!.id, before: null, after: { tag: row!.tag, title: row!.tagName, parentId: row!.parentId, level } });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, msg('nav.tagTaken', { tag: input.tag }));
      throw error;
    }
  }

  async rename(actor: AuditActor, input: { id: number; titleEn: string; titleZh: string }): Promise<AdminNavNode[]> {
    return this.write(async (tx, rows) => {
      const row = rows.find((candidate) => candidate.id === input.id);
      if (!row) throw notFound('navItem');
      const title = { 'en-US': input.titleEn, 'zh-CN': input.titleZh };
      if (row.tagName['en-US'] === title['en-US'] && row.tagName['zh-CN'] === title['zh-CN']) return;
      await tx.update(navItems).set({ tagName: title }).where(eq(navItems.id, row.id));
      await this.audit.record(tx, { actor, action: 'nav.rename', entity: 'nav_item', entityId: row.id, before: { title: row.tagName }, after: { title } });
    });
  }

  async remove(actor: AuditActor, id: number): Promise<AdminNavNode[]> {
    return this.write(async (tx, rows) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw notFound('navItem');
      const children = rows.filter((candidate) => candidate.parentId === id).length;
      if (children > 0) throw fail(CODES.CONFLICT, msg('nav.hasChildren', { count: children }));
      const inUse = await productsUnder(tx, [row.tag]);
      if (inUse > 0) throw fail(CODES.CONFLICT, msg('nav.hasProducts', { count: inUse }));
      await tx.delete(navItems).where(eq(navItems.id, id));
      await this.audit.record(tx, { actor, action: 'nav.remove', entity: 'nav_item', entityId: id, before: { tag: row.tag, title: row.tagName, parentId: row.parentId }, after: null });
    });
  }

  /**
   * Moves `id` to `index` among the children of `parentId` (the same parent: a reorder). A node
   * with products under it keeps its parent: the products' tags name its ancestors, which a move
   * would make untrue (the products screen re-tags them).
   */
  async move(actor: AuditActor, input: { id: number; parentId: number | null; index: number }): Promise<AdminNavNode[]> {
    return this.write(async (tx, rows) => {
      const row = rows.find((candidate) => candidate.id === input.id);
      if (!row) throw notFound('navItem');
      if (input.parentId !== null && !rows.some((candidate) => candidate.id === input.parentId)) throw notFound('navItem');
      const problem = navMoveProblem(rows, input.id, input.parentId);
      if (problem) throw fail(CODES.CONFLICT, problem === 'cycle' ? 'nav.cycle' : 'nav.tooDeep');
      const reparent = row.parentId !== input.parentId;
      if (reparent) {
        const subtree = this.subtree(rows, row.id);
        const inUse = await productsUnder(tx, subtree.map((node) => node.tag));
        if (inUse > 0) throw fail(CODES.CONFLICT, msg('nav.movesProducts', { count: inUse }));
      }
      const siblings = rows.filter((candidate) => candidate.parentId === input.parentId).sort((a, b) => a.sort - b.sort || a.id - b.id);
      const order = placeAmong(
        siblings.map((sibling) => sibling.id),
        row.id,
        input.index,
      );
      const before = { parentId: row.parentId, level: row.level, siblings: siblings.map((sibling) => sibling.id) };
      if (!reparent && order.every((id, at) => siblings[at]?.id === id)) return;
      for (const [at, id] of order.entries()) await tx.update(navItems).set({ sort: at, ...(id === row.id ? { parentId: input.parentId } : {}) }).where(eq(navItems.id, id));
      const shift = levelUnder(rows, input.parentId) - row.level;
      if (shift !== 0) for (const node of this.subtree(rows, row.id)) await tx.update(navItems).set({ level: node.level + shift }).where(eq(navItems.id, node.id));
      await this.audit.record(tx, { actor, action: 'nav.move', entity: 'nav_item', entityId: row.id, before, after: { parentId: input.parentId, level: row.level + shift, siblings: order } });
    });
  }

  /** The node and everything under it. */
  private subtree(rows: readonly NavRow[], id: number): NavRow[] {
    const out = rows.filter((row) => row.id === id);
    for (let i = 0; i < out.length; i++) out.push(...rows.filter((row) => row.parentId === out[i]!.id));
    return out;
  }

  /**
   * One write under the navigation's lock, with the rows as they are; `change` answers false
   * when nothing changed (no stamp, no audit row). Answers the tree after it.
   */
  private async write(change: (tx: Tx, rows: NavRow[]) => Promise<void>): Promise<AdminNavNode[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('nav-tree', 0))`);
      const rows = await tx.select().from(navItems);
      await change(tx, rows);
      return this.tree(tx);
    });
  }
}
