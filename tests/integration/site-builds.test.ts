/**
 * The site builder's record (docs/site-builds.md): the triggers that say what a page shows
 * changed, the scheduler's quiet wait, lease and retries, and the staff calls. The renderer here
 * records the jobs it is given; real builds are run by `npm start` and the end-to-end suite.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteApi } from '../../src/domain/api/admin/site.ts';
import { PAGE_SETTING_SECTIONS, SETTING_SECTIONS } from '../../src/domain/settings.model.ts';
import { jobLeases, navItems, productSizes, products, settings as settingsTable, siteBuilds, siteChanges, squadPlayers } from '../../src/server/db/schema.ts';
import { CatalogueService } from '../../src/server/modules/catalogue/index.ts';
import { SITE_BUILDER_LEASE, SiteBuildScheduler, SiteBuilds, type BuildJob } from '../../src/server/modules/site/index.ts';
import { auditRows, callEntry, staffAccount } from './admin-support.ts';
import { createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ siteBuilder: true, siteDir: '/nonexistent-site' });
});
afterAll(async () => shop?.close());
beforeEach(async () => {
  await shop.database.db.delete(siteChanges);
  await shop.database.db.update(jobLeases).set({ holder: null, until: null }).where(eq(jobLeases.name, SITE_BUILDER_LEASE));
});

const db = () => shop.database.db;
const changes = async () => (await db().select({ scope: siteChanges.scope, key: siteChanges.key }).from(siteChanges)).map((c) => `${c.scope}:${c.key ?? '*'}`).sort();

async function productWithTeam(): Promise<{ id: number; teamId: number }> {
  const [row] = await db().select({ id: products.id, teamId: products.teamId }).from(products).where(sql`${products.teamId} is not null`).limit(1);
  return { id: row!.id, teamId: row!.teamId! };
}

describe('what the triggers record', () => {
  it('a product edit names the product, once', async () => {
    const { id } = await productWithTeam();
    await db().update(products).set({ price: sql`${products.price} + 100` }).where(eq(products.id, id));
    expect(await changes()).toEqual([`product:${id}`]);
  });

  it('a sale that leaves a size in stock changes no page; selling its last one does', async () => {
    const { id } = await productWithTeam();
    const [size] = await db().select().from(productSizes).where(eq(productSizes.productId, id)).limit(1);
    const where = and(eq(productSizes.productId, id), eq(productSizes.size, size!.size));
    await db().update(productSizes).set({ stock: 5 }).where(where);
    await db().delete(siteChanges);
    await db().update(productSizes).set({ stock: 4 }).where(where);
    expect(await changes()).toEqual([]);
    await db().update(productSizes).set({ stock: 0 }).where(where);
    expect(await changes()).toEqual([`product:${id}`]);
  });

  it("a squad player's edit names the team; the navigation names every page", async () => {
    const { teamId } = await productWithTeam();
    await db().update(squadPlayers).set({ name: sql`${squadPlayers.name}` }).where(eq(squadPlayers.teamId, teamId));
    expect(await changes()).toEqual([`team:${teamId}`]);
    await db().delete(siteChanges);
    await db().update(navItems).set({ sort: sql`${navItems.sort}` }).where(eq(navItems.id, sql`(select min(id) from nav_items)`));
    expect(await changes()).toEqual(['all:*']);
  });

  it('a settings section the pages show rebuilds them all; the merchant, taxes and seller sections change no page', async () => {
    for (const section of SETTING_SECTIONS) {
      await db().delete(siteChanges);
      await db().insert(settingsTable).values({ section, value: {} }).onConflictDoUpdate({ target: settingsTable.section, set: { updatedAt: sql`now()` } });
      expect(await changes(), section).toEqual(PAGE_SETTING_SECTIONS.includes(section) ? ['all:*'] : []);
      await db().delete(siteChanges);
      await db().delete(settingsTable).where(eq(settingsTable.section, section));
      expect(await changes(), section).toEqual(PAGE_SETTING_SECTIONS.includes(section) ? ['all:*'] : []);
    }
  });
});

describe('the scheduler', () => {
  /** A record whose first progress write is slow, as a busy pool makes it: the final count must still win. */
  class SlowFirstProgress extends SiteBuilds {
    /** Every progress write asked for, to wait for them all before reading the record. */
    writes: Promise<void>[] = [];
    override progress(id: number, done: number, total: number | null): Promise<void> {
      const slow = this.writes.length === 0;
      const write = (async () => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 200));
        await super.progress(id, done, total);
      })();
      this.writes.push(write);
      return write;
    }
  }

  function scheduler(options: { now: () => number; holder?: string; fail?: boolean; fullAbove?: number; shownAmong?: (ids: number[]) => Promise<number[]> }) {
    const jobs: BuildJob[] = [];
    const builds = new SlowFirstProgress(db());
    const s = new SiteBuildScheduler({
      builds,
      render: async (job, progress) => {
        jobs.push(job);
        // The second page comes within the second that holds back progress writes.
        progress(1, 2);
        progress(2, 2);
        if (options.fail) throw new Error('astro build failed with exit code 1');
        return { deploy: null };
      },
      productsOfTeams: (ids) => new CatalogueService(db()).productIdsOfTeams(ids),
      quietMs: 5_000,
      maxWaitMs: 60_000,
      fullAbove: options.fullAbove ?? 2_000,
      now: options.now,
      ...(options.shownAmong ? { shownAmong: options.shownAmong } : {}),
    });
    if (options.holder) Object.defineProperty(s, 'holder', { value: options.holder });
    return { s, jobs, builds };
  }

  it('waits for the changes to be quiet, then renders the changed products and consumes them', async () => {
    const { id, teamId } = await productWithTeam();
    await db().update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, id));
    await db().update(squadPlayers).set({ name: sql`${squadPlayers.name}` }).where(eq(squadPlayers.teamId, teamId));
    const soon = scheduler({ now: () => Date.now() });
    await soon.s.tick();
    expect(soon.jobs).toEqual([]);

    const later = scheduler({ now: () => Date.now() + 6_000 });
    await later.s.tick();
    expect(later.jobs).toHaveLength(1);
    expect(later.jobs[0]!.kind).toBe('pages');
    const teamProducts = await new CatalogueService(db()).productIdsOfTeams([teamId]);
    expect(new Set(later.jobs[0]!.productIds)).toEqual(new Set([id, ...teamProducts]));
    expect(await changes()).toEqual([]);
    await Promise.all(later.builds.writes);
    const [build] = await db().select().from(siteBuilds).orderBy(sql`${siteBuilds.id} desc`).limit(1);
    expect(build).toMatchObject({ kind: 'pages', status: 'done', error: null, reason: { products: 1, teams: 1, all: false }, pagesDone: 2, pagesTotal: 2 });
  });

  it('builds every page when everything changed or too many products did', async () => {
    const { id } = await productWithTeam();
    await db().update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, id));
    const many = scheduler({ now: () => Date.now() + 6_000, fullAbove: 0 });
    await many.s.tick();
    expect(many.jobs.map((j) => j.kind)).toEqual(['full']);
  });

  it('a failed build keeps the changes, is recorded, and is retried only after a while', async () => {
    const { id } = await productWithTeam();
    await db().update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, id));
    let clock = Date.now() + 6_000;
    const failing = scheduler({ now: () => clock, fail: true });
    await failing.s.tick();
    expect(await changes()).toEqual([`product:${id}`]);
    const [build] = await db().select().from(siteBuilds).orderBy(sql`${siteBuilds.id} desc`).limit(1);
    expect(build).toMatchObject({ status: 'failed', error: 'astro build failed with exit code 1' });
    await failing.s.tick();
    expect(failing.jobs).toHaveLength(1);
    clock += 61_000;
    await failing.s.tick();
    expect(failing.jobs).toHaveLength(2);
  });

  it("consumes a draft's changes without a build, and builds them with a shown product's", async () => {
    const [shown, draft] = await db().select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(products.id).limit(2);
    await db().update(products).set({ active: false }).where(eq(products.id, draft!.id));
    try {
      // As if the unpublishing was built: the draft has no page now (here no live site: published is shown).
      await db().delete(siteChanges);
      const builtBefore = await db().$count(siteBuilds);
      const shownAmong = (ids: number[]) => new CatalogueService(db()).publishedAmong(ids);
      expect(await shownAmong([shown!.id, draft!.id])).toEqual([shown!.id]);
      await db().update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, draft!.id));
      const drafts = scheduler({ now: () => Date.now() + 6_000, shownAmong });
      await drafts.s.tick();
      expect(drafts.jobs).toEqual([]);
      expect(await changes()).toEqual([]);
      expect(await db().$count(siteBuilds)).toBe(builtBefore);

      await db().update(products).set({ price: sql`${products.price} + 1` }).where(inArray(products.id, [shown!.id, draft!.id]));
      await drafts.s.tick();
      expect(drafts.jobs).toHaveLength(1);
      expect(new Set(drafts.jobs[0]!.productIds)).toEqual(new Set([shown!.id, draft!.id]));
      expect(await changes()).toEqual([]);
    } finally {
      await db().update(products).set({ active: true }).where(eq(products.id, draft!.id));
    }
  });

  it('one instance builds at a time: another waits while the lease is held', async () => {
    const { id } = await productWithTeam();
    await db().update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, id));
    const builds = new SiteBuilds(db());
    expect(await builds.takeLease('other-host:1', 60_000)).toBe(true);
    const here = scheduler({ now: () => Date.now() + 6_000, holder: 'this-host:2' });
    await here.s.tick();
    expect(here.jobs).toEqual([]);
    await builds.releaseLease('other-host:1');
    await here.s.tick();
    expect(here.jobs).toHaveLength(1);
  });
});

describe('stopping the process', () => {
  it('ends the build in progress as failed, keeps its changes and gives up the lease', async () => {
    const { id } = await productWithTeam();
    await db().update(products).set({ price: sql`${products.price} + 1` }).where(eq(products.id, id));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const s = new SiteBuildScheduler({
      builds: new SiteBuilds(db()),
      // As astro does when killed: the build ends with an error once the signal aborts.
      render: (_job, _progress, signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('The operation was aborted')));
        }),
      productsOfTeams: async () => [],
      quietMs: 0,
      maxWaitMs: 0,
      fullAbove: 2_000,
    });
    const ticking = s.tick();
    await running;
    await s.stop();
    await ticking;
    const [build] = await db().select().from(siteBuilds).orderBy(sql`${siteBuilds.id} desc`).limit(1);
    expect(build).toMatchObject({ status: 'failed', error: 'stopped: the server was shutting down' });
    expect(await changes()).toEqual([`product:${id}`]);
    const [lease] = await db().select().from(jobLeases).where(eq(jobLeases.name, SITE_BUILDER_LEASE));
    expect(lease!.holder).toBeNull();
    await s.tick();
    const [still] = await db().select().from(siteBuilds).orderBy(sql`${siteBuilds.id} desc`).limit(1);
    expect(still!.id).toBe(build!.id);
  });
});

describe('the staff calls', () => {
  it('show the last build to staff, and refuse shoppers', async () => {
    const shopper = await staffAccount(shop);
    expect((await callEntry(shop, siteApi.buildStatus, undefined, shopper)).code).not.toBe('0000');
    const admin = await staffAccount(shop, 'R_ADMIN');
    const answer = await callEntry(shop, siteApi.buildStatus, undefined, admin);
    expect(answer.code).toBe('0000');
    expect(answer.data).toMatchObject({ builder: true, running: null, pending: { changes: 0 } });
    expect(answer.data.last).toMatchObject({ status: expect.stringMatching(/done|failed/) });
  });

  it('let R_SUPER alone queue a build of every page, audited', async () => {
    const admin = await staffAccount(shop, 'R_ADMIN');
    const refused = await callEntry(shop, siteApi.rebuild, undefined, admin);
    expect(refused.code).not.toBe('0000');
    expect(await changes()).toEqual([]);
    const owner = await staffAccount(shop, 'R_SUPER');
    const answer = await callEntry(shop, siteApi.rebuild, undefined, owner);
    expect(answer.code).toBe('0000');
    expect(answer.data.pending.changes).toBe(1);
    expect(await changes()).toEqual(['all:*']);
    expect((await auditRows(shop))[0]).toMatchObject({ action: 'site.rebuild', actorId: owner.userId });
  });
});
