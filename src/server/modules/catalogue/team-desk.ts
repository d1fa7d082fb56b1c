/**
 * The back office's teams: the list, a team's squad (players' printed names and numbers, by the
 * configurator's rules: the request schemas use personalisation.ts) and which patches apply to
 * it. Every write runs in one transaction with its audit row and the catalogue stamp; the
 * squad_players trigger drops the product caches on every instance.
 */
import { and, arrayOverlaps, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { CODES, type Page } from '../../../domain/api/envelope.ts';
import type { AdminSquadPlayer, AdminTeamDetail, AdminTeamPatch, AdminTeamRow } from '../../../domain/back-office/teams.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { fail, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { patches, products, squadPlayers, teams } from './schema.ts';

export interface TeamFilter {
  query?: string | undefined;
  sport?: string | undefined;
  league?: string | undefined;
}

/** `%text%` for ILIKE, with the pattern's own characters escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Qualified by hand: drizzle leaves a lone table's columns unqualified, which inside these
// subqueries would name the subquery's own id.
const teamId = sql.raw('"teams"."id"');
const playerCount = sql<number>`(select count(*)::int from ${squadPlayers} p where p.team_id = ${teamId})`;
const productCount = sql<number>`(select count(*)::int from ${products} p where p.team_id = ${teamId})`;

export class TeamDesk extends AuditedDesk {
  async list(filter: TeamFilter, page: PageRequest): Promise<Page<AdminTeamRow>> {
    const where: SQL[] = [];
    if (filter.query) {
      const like = containsPattern(filter.query);
      where.push(or(ilike(teams.tag, like), ilike(sql`${teams.name}->>'en-US'`, like), ilike(sql`${teams.name}->>'zh-CN'`, like))!);
    }
    if (filter.sport) where.push(eq(teams.sport, filter.sport));
    if (filter.league) where.push(eq(teams.leagueTag, filter.league));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      onePage(
        this.db
          .select({ id: teams.id, tag: teams.tag, name: teams.name, sport: teams.sport, leagueTag: teams.leagueTag, players: playerCount, products: productCount })
          .from(teams)
          .where(condition)
          .orderBy(asc(teams.sport), asc(teams.leagueTag), sql`${teams.name}->>'en-US'`, asc(teams.id))
          .$dynamic(),
        page,
      ),
      this.db.select({ n: count() }).from(teams).where(condition),
    ]);
    return pageOf(rows, total?.n ?? 0, page);
  }

  async detail(teamId: number, db: Db | Tx = this.db): Promise<AdminTeamDetail> {
    const [team] = await db
      .select({ id: teams.id, tag: teams.tag, name: teams.name, sport: teams.sport, leagueTag: teams.leagueTag, products: productCount })
      .from(teams)
      .where(eq(teams.id, teamId));
    if (!team) throw notFound('team');
    const [squad, patchRows] = await Promise.all([
      db.select({ id: squadPlayers.id, name: squadPlayers.name, number: squadPlayers.number }).from(squadPlayers).where(eq(squadPlayers.teamId, teamId)).orderBy(sql`${squadPlayers.number}::int`, asc(squadPlayers.id)),
      db.select().from(patches).where(eq(patches.active, true)).orderBy(asc(patches.id)),
    ]);
    const teamPatches: AdminTeamPatch[] = patchRows.map((patch) => ({
      id: patch.id,
      name: patch.patchName,
      price: patch.patchPrice,
      via: patch.fitsTags.includes(team.tag) ? 'team' : patch.fitsTags.includes(team.leagueTag) || patch.fitsTags.includes(team.sport) ? 'league' : null,
    }));
    return { ...team, squad, patches: teamPatches };
  }

  /** Adds a player, or edits one of this team's; a number another player wears is refused. */
  async savePlayer(actor: AuditActor, input: { teamId: number; id?: number | undefined; name: string; number: string }): Promise<AdminSquadPlayer> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.requireTeam(tx, input.teamId);
        let before: AdminSquadPlayer | null = null;
        let saved: AdminSquadPlayer | undefined;
        if (input.id === undefined) {
          [saved] = await tx.insert(squadPlayers).values({ teamId: input.teamId, name: input.name, number: input.number }).returning({ id: squadPlayers.id, name: squadPlayers.name, number: squadPlayers.number });
        } else {
          const [old] = await tx
            .select({ id: squadPlayers.id, name: squadPlayers.name, number: squadPlayers.number })
            .from(squadPlayers)
            .where(and(eq(squadPlayers.id, input.id), eq(squadPlayers.teamId, input.teamId)))
            .for('update');
          if (!old) throw notFound('player');
          before = old;
          if (old.name === input.name && old.number === input.number) return old;
          [saved] = await tx
            .update(squadPlayers)
            .set({ name: input.name, number: input.number })
            .where(eq(squadPlayers.id, input.id))
            .returning({ id: squadPlayers.id, name: squadPlayers.name, number: squadPlayers.number });
        }
        await this.audit.record(tx, { actor, action: before ? 'team.player.edit' : 'team.player.add', entity: 'team', entityId: input.teamId, before, after: saved });
        return saved!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(CODES.CONFLICT, msg('team.numberTaken', { number: input.number }));
      throw error;
    }
  }

  async removePlayer(actor: AuditActor, teamId: number, id: number): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(squadPlayers)
        .where(and(eq(squadPlayers.id, id), eq(squadPlayers.teamId, teamId)))
        .returning({ id: squadPlayers.id, name: squadPlayers.name, number: squadPlayers.number });
      if (!gone) throw notFound('player');
      await this.audit.record(tx, { actor, action: 'team.player.remove', entity: 'team', entityId: teamId, before: gone, after: null });
      return { removed: 1 };
    });
  }

  /**
   * Makes the team's own tag listed by exactly `patchIds` among the patches; patches that fit
   * the team through its league or sport stay (they are edited on the patch, for every team).
   */
  async setPatches(actor: AuditActor, teamId: number, patchIds: readonly number[]): Promise<AdminTeamDetail> {
    return this.db.transaction(async (tx) => {
      const team = await this.requireTeam(tx, teamId);
      const wanted = new Set(patchIds);
      const rows = await tx.select({ id: patches.id, fitsTags: patches.fitsTags }).from(patches).where(eq(patches.active, true)).for('update');
      const unknown = [...wanted].filter((id) => !rows.some((row) => row.id === id));
      if (unknown.length) throw notFound('patch');
      const before = rows.filter((row) => row.fitsTags.includes(team.tag)).map((row) => row.id);
      const changes = rows.filter((row) => wanted.has(row.id) !== row.fitsTags.includes(team.tag));
      if (changes.length === 0) return this.detail(teamId, tx);
      for (const row of changes) {
        const fitsTags = wanted.has(row.id) ? [...row.fitsTags, team.tag] : row.fitsTags.filter((tag) => tag !== team.tag);
        await tx.update(patches).set({ fitsTags }).where(eq(patches.id, row.id));
      }
      const after = rows.filter((row) => wanted.has(row.id)).map((row) => row.id);
      await this.audit.record(tx, { actor, action: 'team.patches', entity: 'team', entityId: teamId, before: { patchIds: before }, after: { patchIds: after } });
      return this.detail(teamId, tx);
    });
  }

  private async requireTeam(tx: Tx, teamId: number) {
    const [team] = await tx.select({ tag: teams.tag }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound('team');
    return team;
  }
}

/** Whether any product sits under one of `tags` (a navigation node still in use). */
export async function productsUnder(db: Db | Tx, tags: string[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(arrayOverlaps(products.tags, tags));
  return row?.n ?? 0;
}
