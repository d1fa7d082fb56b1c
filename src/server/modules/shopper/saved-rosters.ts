/**
 * Team rosters a signed-in shopper keeps under a team name to order again next season
 * (docs/storefront.md "Team orders"): save, list, rename, copy, delete. A saved roster is kept as
 * the editor sent it, not checked against today's stock or squad: the editor checks it when it is
 * opened, and the cart when it is added.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Locale } from '../../../domain/locale.ts';
import { TEAM_NAME_MAX, type RosterInput, type SavedRoster, type SavedRosterEntry } from '../../../domain/roster.model.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { productTitleIn, products } from '../catalogue/index.ts';
import { teamRosters } from './schema.ts';

/** Saved rosters one shopper may keep. */
export const SAVED_ROSTERS_MAX = 50;

type Row = typeof teamRosters.$inferSelect;

function toSaved(row: Row): SavedRoster {
  return {
    id: row.id,
    name: row.name,
    productId: row.productId,
    roster: { ...row.roster, productId: row.productId, teamName: row.name },
    rows: row.roster.rows.length,
    shirts: row.roster.rows.reduce((sum, r) => sum + r.quantity, 0),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The team name a roster is saved under: trimmed, 1-40 characters. */
function teamNameOf(text: string, path: string): string {
  const name = text.trim();
  if (name === '') throw invalidFields({ path, problem: msg('field.teamNameRequired') });
  if (name.length > TEAM_NAME_MAX) throw invalidFields({ path, problem: msg('field.tooLong', { max: TEAM_NAME_MAX }) });
  return name;
}

export class SavedRosters {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The shopper's rosters, most recently changed first, each with its product's title in `locale` (null once the product is gone). */
  async list(userId: number, locale: Locale): Promise<SavedRosterEntry[]> {
    const rows = await this.db
      .select({ roster: teamRosters, productName: productTitleIn(locale) })
      .from(teamRosters)
      .leftJoin(products, eq(products.id, teamRosters.productId))
      .where(eq(teamRosters.userId, userId))
      .orderBy(desc(teamRosters.updatedAt), desc(teamRosters.id));
    return rows.map(({ roster, productName }) => ({ ...toSaved(roster), productName }));
  }

  /** Saves a roster under its team name: a new one, or over the shopper's roster `id`. */
  async save(userId: number, roster: RosterInput, id?: number): Promise<SavedRoster> {
    const name = teamNameOf(roster.teamName, 'body.roster.teamName');
    const { productId, teamName: _teamName, ...value } = roster;
    if (id !== undefined) return this.update(userId, id, { name, productId, roster: value });
    return this.insert(userId, { name, productId, roster: value });
  }

  async rename(userId: number, id: number, name: string): Promise<SavedRoster> {
    return this.update(userId, id, { name: teamNameOf(name, 'body.name') });
  }

  /** A copy under a new team name (next season's squad from last season's). */
  async copy(userId: number, id: number, name: string): Promise<SavedRoster> {
    const [from] = await this.db.select().from(teamRosters).where(and(eq(teamRosters.id, id), eq(teamRosters.userId, userId)));
    if (!from) throw notFound('roster');
    return this.insert(userId, { name: teamNameOf(name, 'body.name'), productId: from.productId, roster: from.roster });
  }

  async remove(userId: number, id: number): Promise<{ deleted: number }> {
    const deleted = await this.db.delete(teamRosters).where(and(eq(teamRosters.id, id), eq(teamRosters.userId, userId))).returning({ id: teamRosters.id });
    if (deleted.length === 0) throw notFound('roster');
    return { deleted: 1 };
  }

  private async insert(userId: number, values: Pick<Row, 'name' | 'productId' | 'roster'>): Promise<SavedRoster> {
    // A bound on what one account stores, not a rule: two saves at once may pass it by one.
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(teamRosters).where(eq(teamRosters.userId, userId));
    if (count!.n >= SAVED_ROSTERS_MAX) throw fail(CODES.CONFLICT, msg('roster.savedMax', { max: SAVED_ROSTERS_MAX }));
    return this.named(values.name, async () => {
      const [row] = await this.db
        .insert(teamRosters)
        .values({ userId, ...values })
        .returning();
      return toSaved(row!);
    });
  }

  private async update(userId: number, id: number, values: Partial<Pick<Row, 'name' | 'productId' | 'roster'>> & { name: string }): Promise<SavedRoster> {
    return this.named(values.name, async () => {
      const [row] = await this.db
        .update(teamRosters)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(teamRosters.id, id), eq(teamRosters.userId, userId)))
        .returning();
      if (!row) throw notFound('roster');
      return toSaved(row);
    });
  }

  /** Runs a write that names a roster; the shopper's other roster of that name (any case: the table's unique index) refuses it. */
  private async named(name: string, write: () => Promise<SavedRoster>): Promise<SavedRoster> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, msg('roster.nameTaken', { name }));
      throw error;
    }
  }
}
