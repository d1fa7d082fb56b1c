/**
 * The back office's teams (squad players, patches: `team:edit`) and navigation tree
 * (`nav:edit`): roles refused, bad input answered in the envelope with nothing changed, the
 * configurator's name and number rules, audit rows, the catalogue stamp (site rebuild) and the
 * storefront's cached answers following at once.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNavigationApi } from '../../src/domain/api/admin/navigation.ts';
import { adminTeamsApi } from '../../src/domain/api/admin/teams.ts';
import type { AdminNavNode } from '../../src/domain/back-office/navigation.model.ts';
import type { AdminTeamDetail } from '../../src/domain/back-office/teams.model.ts';
import { navItems, patches, products, squadPlayers, teams } from '../../src/server/db/schema.ts';
import { auditCount, auditRows, callEntry, siteChangeMark, type Staff, staffTrio } from './admin-support.ts';
import { call, createTestShop, type TestShop } from './harness.ts';
import { eventually } from '../support/eventually.ts';

let shop: TestShop;
let admin: Staff, customer: Staff;
let team: { id: number; tag: string; leagueTag: string };
let productId: number;

beforeAll(async () => {
  shop = await createTestShop();
  ({ admin, customer } = await staffTrio(shop));
  const [row] = await shop.database.db
    .select({ id: teams.id, tag: teams.tag, leagueTag: teams.leagueTag, productId: products.id })
    .from(teams)
    .innerJoin(products, and(eq(products.teamId, teams.id), eq(products.active, true), eq(products.printable, true)))
    .limit(1);
  team = row!;
  productId = row!.productId;
});
afterAll(async () => shop?.close());


const squadOf = async (teamId: number) => shop.database.db.select().from(squadPlayers).where(eq(squadPlayers.teamId, teamId)).orderBy(squadPlayers.id);
/** Moves when a write queues a rebuild of the pages that show it. */
const version = () => siteChangeMark(shop);
const productSquad = async () => (await call<{ squad: { name: string; number: string }[] }>(shop.app, '/demo/ironProduct/queryProductDetail', { id: productId })).data.squad;

/** A number no player of the team wears yet. */
async function freeNumber(): Promise<string> {
  const taken = new Set((await squadOf(team.id)).map((player) => player.number));
  for (let n = 0; n <= 99; n++) if (!taken.has(String(n))) return String(n);
  throw new Error('squad full');
}

describe('teams and squads', () => {
  it('refuses shoppers and signed-out callers, whatever they ask', async () => {
    expect((await callEntry(shop, adminTeamsApi.teamList, {}, customer)).code).toBe('1403');
    expect((await callEntry(shop, adminTeamsApi.savePlayer, { teamId: team.id, name: 'SMITH', number: '7' }, customer)).code).toBe('1403');
    expect((await callEntry(shop, adminNavigationApi.navTree, undefined, customer)).code).toBe('1403');
    expect((await callEntry(shop, adminTeamsApi.teamList, {}, null)).status).toBe(401);
  });

  it('lists teams by search, sport and league', async () => {
    const all = await callEntry(shop, adminTeamsApi.teamList, { size: 100 }, admin);
    expect(all.code).toBe('0000');
    expect(all.data.total).toBeGreaterThan(0);
    const one = all.data.records.find((row: { id: number }) => row.id === team.id);
    expect(one.players).toBe((await squadOf(team.id)).length);
    expect(one.products).toBeGreaterThan(0);
    const searched = await callEntry(shop, adminTeamsApi.teamList, { query: one.name['en-US'].slice(0, 6).toLowerCase() }, admin);
    expect(searched.data.records.map((row: { id: number }) => row.id)).toContain(team.id);
    const league = await callEntry(shop, adminTeamsApi.teamList, { league: team.leagueTag, size: 100 }, admin);
    expect(league.data.records.every((row: { leagueTag: string }) => row.leagueTag === team.leagueTag)).toBe(true);
    const none = await callEntry(shop, adminTeamsApi.teamList, { sport: 'no-such-sport' }, admin);
    expect(none.data).toMatchObject({ total: 0, records: [] });
  });

  it('adds, edits and removes a player, upper-cased, audited, and the product page follows at once', async () => {
    const number = await freeNumber();
    await productSquad(); // cached now
    const stamp = await version();
    const before = await auditCount(shop);
    const added = await callEntry(shop, adminTeamsApi.savePlayer, { teamId: team.id, name: 'Okafor', number }, admin);
    expect(added).toMatchObject({ code: '0000', data: { name: 'OKAFOR', number } });
    expect(await version()).not.toBe(stamp);
    await eventually(async () => expect(await productSquad()).toContainEqual(expect.objectContaining({ name: 'OKAFOR', number })));
    const edited = await callEntry(shop, adminTeamsApi.savePlayer, { teamId: team.id, id: added.data.id, name: 'OKAFORJR', number }, admin);
    expect(edited.data).toMatchObject({ id: added.data.id, name: 'OKAFORJR' });
    expect((await auditRows(shop))[0]).toMatchObject({ actorId: admin.userId, action: 'team.player.edit', entity: 'team', entityId: String(team.id), before: { name: 'OKAFOR' }, after: { name: 'OKAFORJR' } });
    expect((await callEntry(shop, adminTeamsApi.removePlayer, { teamId: team.id, id: added.data.id }, admin)).data).toEqual({ removed: 1 });
    expect(await auditCount(shop)).toBe(before + 3);
    await eventually(async () => expect((await productSquad()).some((player) => player.name === 'OKAFORJR')).toBe(false));
  });

  it("refuses the configurator's bad names and numbers with its own words, and changes nothing", async () => {
    const squad = await squadOf(team.id);
    const before = await auditCount(shop);
    const bad = [
      { teamId: team.id, name: 'SIXTEENLETTERSXX', number: '7' },
      { teamId: team.id, name: 'MÜLLER', number: '7' },
      { teamId: team.id, name: 'VAN DIJK', number: '7' },
      { teamId: team.id, name: 'SMITH', number: '100' },
      { teamId: team.id, name: 'SMITH', number: '07' },
      { teamId: team.id, name: 'SMITH', number: -1 },
      { teamId: team.id, name: 'SMITH', number: '7', extra: true },
    ];
    for (const body of bad) expect((await callEntry(shop, adminTeamsApi.savePlayer, body, admin)).code, JSON.stringify(body)).toBe('1001');
    const named = await callEntry(shop, adminTeamsApi.savePlayer, bad[0], admin);
    expect(named.msg).toMatch(/15/);
    expect((await callEntry(shop, adminTeamsApi.savePlayer, bad[0], admin, { 'accept-language': 'zh-CN' })).msg).toMatch(/15/);
    expect(await squadOf(team.id)).toEqual(squad);
    expect(await auditCount(shop)).toBe(before);
  });

  it('refuses a number another player wears (1409), and an unknown team or player (1404)', async () => {
    const [player] = await squadOf(team.id);
    const taken = await callEntry(shop, adminTeamsApi.savePlayer, { teamId: team.id, name: 'COPY', number: player!.number }, admin);
    expect(taken).toMatchObject({ status: 409, code: '1409' });
    expect(taken.msg).toContain(player!.number);
    expect((await callEntry(shop, adminTeamsApi.savePlayer, { teamId: 999_999, name: 'NOBODY', number: '1' }, admin)).code).toBe('1404');
    expect((await callEntry(shop, adminTeamsApi.removePlayer, { teamId: team.id, id: 999_999 }, admin)).code).toBe('1404');
  });

  it('lets one of two staff adding the same number at once win; the other is told the number is taken', async () => {
    const number = await freeNumber();
    const before = await auditCount(shop);
    const answers = await Promise.all([
      callEntry(shop, adminTeamsApi.savePlayer, { teamId: team.id, name: 'FIRST', number }, admin),
      callEntry(shop, adminTeamsApi.savePlayer, { teamId: team.id, name: 'SECOND', number }, admin),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual(['0000', '1409']);
    expect((await squadOf(team.id)).filter((player) => player.number === number)).toHaveLength(1);
    expect(await auditCount(shop)).toBe(before + 1);
    const won = answers.find((answer) => answer.code === '0000')!;
    await callEntry(shop, adminTeamsApi.removePlayer, { teamId: team.id, id: won.data.id }, admin);
  });

  it("sets which patches the team's own tag lists, audited; league patches stay", async () => {
    const detail = (await callEntry<AdminTeamDetail>(shop, adminTeamsApi.team, { teamId: team.id }, admin)).data;
    expect(detail.squad.length).toBeGreaterThan(0);
    const candidate = detail.patches.find((patch) => patch.via === null)!;
    expect(candidate).toBeDefined();
    const own = detail.patches.filter((patch) => patch.via === 'team').map((patch) => patch.id);
    const after = await callEntry<AdminTeamDetail>(shop, adminTeamsApi.setTeamPatches, { teamId: team.id, patchIds: [...own, candidate.id] }, admin);
    expect(after.data.patches.find((patch) => patch.id === candidate.id)?.via).toBe('team');
    const [row] = await shop.database.db.select({ fitsTags: patches.fitsTags }).from(patches).where(eq(patches.id, candidate.id));
    expect(row!.fitsTags).toContain(team.tag);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'team.patches', after: { patchIds: [...own, candidate.id] } });
    // The product's patch list offers it now.
    const offered = await call<{ records: { id: number }[] }>(shop.app, '/demo/ironPatch/queryList', { productId, size: 100 });
    expect(offered.data.records.map((patch) => patch.id)).toContain(candidate.id);
    const back = await callEntry<AdminTeamDetail>(shop, adminTeamsApi.setTeamPatches, { teamId: team.id, patchIds: own }, admin);
    expect(back.data.patches.find((patch) => patch.id === candidate.id)?.via).toBe(null);
    expect((await callEntry(shop, adminTeamsApi.setTeamPatches, { teamId: team.id, patchIds: [999_999] }, admin)).code).toBe('1404');
  });
});

const flat = (nodes: AdminNavNode[]): AdminNavNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
const navRow = async (id: number) => (await shop.database.db.select().from(navItems).where(eq(navItems.id, id)))[0];
const storefrontNav = async () => (await call<{ records: { tag: string; tagName: string }[] }>(shop.app, '/demo/ironNavItems/queryList', {})).data.records;

describe('the navigation tree', () => {
  it('answers three levels with both titles and product counts', async () => {
    const tree = (await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navTree, undefined, admin)).data;
    expect(tree.length).toBeGreaterThan(0);
    expect(tree[0]!.title).toHaveProperty('zh-CN');
    expect(Math.max(...flat(tree).map((node) => node.level))).toBe(3);
    expect(flat(tree).some((node) => node.products > 0)).toBe(true);
  });

  it('adds, renames, reorders and removes an entry, each audited, the storefront following at once', async () => {
    const sport = (await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navTree, undefined, admin)).data[0]!;
    await storefrontNav();
    const added = await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navAdd, { parentId: sport.id, tag: 'test-cup', titleEn: 'Test Cup', titleZh: '测试杯' }, admin);
    expect(added.code).toBe('0000');
    const node = flat(added.data).find((candidate) => candidate.tag === 'test-cup')!;
    expect(node).toMatchObject({ level: 2, parentId: sport.id, title: { 'en-US': 'Test Cup', 'zh-CN': '测试杯' } });
    await eventually(async () => expect((await storefrontNav()).some((item) => item.tag === 'test-cup')).toBe(true));
    await callEntry(shop, adminNavigationApi.navRename, { id: node.id, titleEn: 'Trial Cup', titleZh: '试验杯' }, admin);
    expect((await navRow(node.id))!.tagName).toEqual({ 'en-US': 'Trial Cup', 'zh-CN': '试验杯' });
    const moved = await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navMove, { id: node.id, parentId: sport.id, index: 0 }, admin);
    expect(moved.data.find((root) => root.id === sport.id)!.children[0]!.id).toBe(node.id);
    const before = await auditCount(shop);
    expect((await callEntry(shop, adminNavigationApi.navRemove, { id: node.id }, admin)).code).toBe('0000');
    expect(await navRow(node.id)).toBeUndefined();
    const [removal] = await auditRows(shop);
    expect(await auditCount(shop)).toBe(before + 1);
    expect(removal).toMatchObject({ action: 'nav.remove', entityId: String(node.id), before: { tag: 'test-cup' }, after: null });
    const actions = (await auditRows(shop)).slice(0, 4).map((row) => row.action);
    expect(actions).toEqual(['nav.remove', 'nav.move', 'nav.rename', 'nav.add']);
  });

  it('refuses removing an entry with entries or products under it, clearly, changing nothing', async () => {
    const tree = (await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navTree, undefined, admin)).data;
    const before = await auditCount(shop);
    const withChildren = await callEntry(shop, adminNavigationApi.navRemove, { id: tree[0]!.id }, admin);
    expect(withChildren).toMatchObject({ status: 409, code: '1409' });
    expect(withChildren.msg).toMatch(/entries under it/);
    const leaf = flat(tree).find((node) => node.children.length === 0 && node.products > 0)!;
    const withProducts = await callEntry(shop, adminNavigationApi.navRemove, { id: leaf.id }, admin, { 'accept-language': 'zh-CN' });
    expect(withProducts).toMatchObject({ code: '1409' });
    expect(withProducts.msg).toContain(`${leaf.products} 件商品`);
    expect(await navRow(leaf.id)).toBeDefined();
    expect(await auditCount(shop)).toBe(before);
  });

  it('refuses a fourth level, a move into itself, a taken tag and bad input, changing nothing', async () => {
    const tree = (await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navTree, undefined, admin)).data;
    const team3 = flat(tree).find((node) => node.level === 3)!;
    const league = flat(tree).find((node) => node.level === 2 && node.children.length > 0)!;
    const stamp = await version();
    const before = await auditCount(shop);
    const deep = await callEntry(shop, adminNavigationApi.navAdd, { parentId: team3.id, tag: 'too-deep', titleEn: 'Deep', titleZh: '深' }, admin);
    expect(deep).toMatchObject({ code: '1409', msg: 'The navigation has at most three levels (sport, league, team)' });
    // A league (with teams under it) moved under another league would put its teams on a fourth level.
    const otherLeague = flat(tree).find((node) => node.level === 2 && node.id !== league.id)!;
    expect((await callEntry(shop, adminNavigationApi.navMove, { id: league.id, parentId: otherLeague.id, index: 0 }, admin)).code).toBe('1409');
    expect((await callEntry(shop, adminNavigationApi.navMove, { id: league.parentId!, parentId: league.id, index: 0 }, admin)).msg).toMatch(/under itself/);
    expect((await callEntry(shop, adminNavigationApi.navAdd, { parentId: null, tag: tree[0]!.tag, titleEn: 'Again', titleZh: '再' }, admin)).code).toBe('1409');
    for (const body of [
      { parentId: null, tag: 'Bad Tag', titleEn: 'x', titleZh: 'x' },
      { parentId: null, tag: 'ok-tag', titleEn: '', titleZh: 'x' },
      { parentId: null, tag: 'ok-tag', titleEn: 'x' },
      { parentId: 'one', tag: 'ok-tag', titleEn: 'x', titleZh: 'x' },
    ]) {
      expect((await callEntry(shop, adminNavigationApi.navAdd, body, admin)).code, JSON.stringify(body)).toBe('1001');
    }
    expect((await callEntry(shop, adminNavigationApi.navMove, { id: league.id, parentId: null, index: -1 }, admin)).code).toBe('1001');
    expect(await auditCount(shop)).toBe(before);
    expect(await version()).toBe(stamp);
    expect((await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(navItems).where(eq(navItems.tag, 'ok-tag')))[0]!.n).toBe(0);
  });

  it('moves an entry with no products to another parent, its level following', async () => {
    const tree = (await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navTree, undefined, admin)).data;
    const [first, second] = tree;
    const added = flat((await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navAdd, { parentId: first!.id, tag: 'wandering-cup', titleEn: 'Wandering Cup', titleZh: '流浪杯' }, admin)).data).find((node) => node.tag === 'wandering-cup')!;
    await callEntry(shop, adminNavigationApi.navAdd, { parentId: added.id, tag: 'wandering-fc', titleEn: 'Wandering FC', titleZh: '流浪队' }, admin);
    const moved = await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navMove, { id: added.id, parentId: second!.id, index: 1 }, admin);
    expect(moved.code).toBe('0000');
    const there = moved.data.find((root) => root.id === second!.id)!.children[1]!;
    expect(there).toMatchObject({ id: added.id, level: 2, parentId: second!.id });
    expect(there.children[0]).toMatchObject({ tag: 'wandering-fc', level: 3 });
    // To the top: its child would be on level 2.
    const top = await callEntry<AdminNavNode[]>(shop, adminNavigationApi.navMove, { id: added.id, parentId: null, index: 99 }, admin);
    expect(top.data.at(-1)).toMatchObject({ id: added.id, level: 1 });
    expect((await shop.database.db.select({ level: navItems.level }).from(navItems).where(eq(navItems.tag, 'wandering-fc')).orderBy(desc(navItems.id)))[0]!.level).toBe(2);
  });
});
