/**
 * Content pages in the back office (docs/back-office.md "Pages"): page:edit saves versions (who,
 * when, the text) and restores one, page:publish puts the saved text live and queues the rebuild
 * of that page alone (site_changes `page:<slug>`), or of every page when the footer changes; the
 * build reads the published pages from GET /api/content/published-pages. Bad input changes nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPagesApi } from '../../src/domain/api/admin/pages.ts';
import { contentApi } from '../../src/domain/api/content.ts';
import type { Endpoint } from '../../src/domain/api/endpoint.ts';
import type { PageDetail, PagePublishResult, PageSummary, PageVersion, PageVersionSummary, PublishedContentPage } from '../../src/domain/back-office/pages.model.ts';
import { contentPageVersions, contentPages, siteChanges } from '../../src/server/db/schema.ts';
import { AuditLog } from '../../src/server/modules/audit/index.ts';
import { PageDesk } from '../../src/server/modules/pages/index.ts';
import { SiteBuildScheduler, SiteBuilds, type BuildJob } from '../../src/server/modules/site/index.ts';
import { auditRows, callEntry, type Staff, staffTrio } from './admin-support.ts';
import { createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
let owner: Staff, admin: Staff, customer: Staff;
beforeAll(async () => {
  shop = await createTestShop();
  ({ owner, admin, customer } = await staffTrio(shop));
});
afterAll(async () => shop?.close());
beforeEach(async () => {
  await shop.database.db.delete(siteChanges);
});

const db = () => shop.database.db;
async function ok<T>(entry: Endpoint, body: unknown, who: Staff = admin): Promise<T> {
  const answer = await callEntry<T>(shop, entry, body, who);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}
const changes = async () => (await db().select({ scope: siteChanges.scope, key: siteChanges.key }).from(siteChanges)).map((c) => `${c.scope}:${c.key ?? '*'}`);
const versionCount = async () => (await db().select().from(contentPageVersions)).length;

function saveBody(overrides: Record<string, unknown> = {}) {
  return { slug: 'return-policy', locale: 'zh-CN', title: '退货政策', description: '30 天内退货。', updated: '2026-11-28', body: '## 退货\n\n新的文字。\n', inFooter: false, ...overrides };
}

describe('who may edit and publish pages', () => {
  it('refuses a signed-out caller and a customer; R_ADMIN and R_SUPER pass', async () => {
    const calls: [Endpoint, unknown][] = [
      [adminPagesApi.pageList, {}],
      [adminPagesApi.page, { slug: 'faq' }],
      [adminPagesApi.savePage, saveBody()],
      [adminPagesApi.pageVersions, { slug: 'faq', locale: 'en-US' }],
      [adminPagesApi.publishPage, { slug: 'faq' }],
    ];
    for (const [entry, body] of calls) {
      expect((await callEntry(shop, entry, body, null)).code, entry.path).not.toBe('0000');
      expect((await callEntry(shop, entry, body, customer)).code, entry.path).toBe('1403');
    }
    expect(await versionCount()).toBe(0);
    const list = await ok<PageSummary[]>(adminPagesApi.pageList, {}, owner);
    expect(list.map((page) => page.slug)).toEqual(expect.arrayContaining(['about-us', 'faq', 'return-policy', 'terms-of-service']));
    expect(list.find((page) => page.slug === 'faq')!.locales['zh-CN'].source).toBe('repository');
  });
});

describe('saving, versions and restore', () => {
  it('opens a page never edited here with its repository file', async () => {
    const page = await ok<PageDetail>(adminPagesApi.page, { slug: 'return-policy' });
    expect(page.locales['en-US'].source).toBe('repository');
    expect(page.locales['en-US'].text!.title).toBe('Return policy');
    expect(page.locales['zh-CN'].text!.body.length).toBeGreaterThan(100);
    expect((await callEntry(shop, adminPagesApi.page, { slug: 'no-such-page' }, admin)).code).toBe('1404');
  });

  it('refuses front matter the build would refuse, naming the field, and keeps nothing', async () => {
    const before = await versionCount();
    const long = await callEntry(shop, adminPagesApi.savePage, saveBody({ title: 'x'.repeat(81) }), admin);
    expect(long.code).toBe('1001');
    expect(JSON.stringify(long)).toContain('body.title');
    const date = await callEntry(shop, adminPagesApi.savePage, saveBody({ updated: '2026-13-01', description: '' }), admin);
    expect(date.code).toBe('1001');
    expect(JSON.stringify(date)).toContain('body.updated');
    expect(JSON.stringify(date)).toContain('body.description');
    expect(await versionCount()).toBe(before);
  });

  it('keeps every save as a version with who and when; the same text twice keeps one; restore saves the old text again', async () => {
    const first = await ok<PageDetail>(adminPagesApi.savePage, saveBody({ body: '第一版。\n' }));
    expect(first.locales['zh-CN']).toMatchObject({ source: 'backOffice', unpublished: true, savedBy: admin.email, repositoryChanged: false });
    expect(first.locales['en-US'].source).toBe('repository');
    await ok(adminPagesApi.savePage, saveBody({ body: '第一版。\n' }));
    const second = await ok<PageDetail>(adminPagesApi.savePage, saveBody({ body: '第二版。\n' }), owner);
    expect(second.locales['zh-CN'].text!.body).toBe('第二版。\n');
    const versions = await ok<PageVersionSummary[]>(adminPagesApi.pageVersions, { slug: 'return-policy', locale: 'zh-CN' });
    expect(versions.map((v) => v.savedBy)).toEqual([owner.email, admin.email]);
    const oldest = await ok<PageVersion>(adminPagesApi.pageVersion, { id: versions[1]!.id });
    expect(oldest.text.body).toBe('第一版。\n');

    const restored = await ok<PageDetail>(adminPagesApi.restorePage, { id: oldest.id });
    expect(restored.locales['zh-CN'].text!.body).toBe('第一版。\n');
    const after = await ok<PageVersionSummary[]>(adminPagesApi.pageVersions, { slug: 'return-policy', locale: 'zh-CN' });
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ kind: 'restore', restoredFrom: oldest.id });
    const actions = (await auditRows(shop)).filter((row) => row.entity === 'page').map((row) => row.action);
    expect(actions.slice(0, 3)).toEqual(['page.restore', 'page.save', 'page.create']);
  });
});

describe('publishing', () => {
  it('puts the saved text live for the build and queues the rebuild of that page only', async () => {
    await ok(adminPagesApi.savePage, saveBody({ body: '发布的文字。\n' }));
    const before = await callEntry<PublishedContentPage[]>(shop, contentApi.publishedPages, undefined, null);
    expect(before.data.find((p) => p.slug === 'return-policy' && p.locale === 'zh-CN')?.body).not.toBe('发布的文字。\n');
    expect((await callEntry(shop, adminPagesApi.publishPage, { slug: 'return-policy' }, customer)).code).toBe('1403');

    const result = await ok<PagePublishResult>(adminPagesApi.publishPage, { slug: 'return-policy' });
    expect(result).toEqual({ slug: 'return-policy', locales: ['zh-CN'], rebuild: 'page' });
    expect(await changes()).toEqual(['page:return-policy']);
    const published = await callEntry<PublishedContentPage[]>(shop, contentApi.publishedPages, undefined, null);
    const live = published.data.find((p) => p.slug === 'return-policy' && p.locale === 'zh-CN')!;
    expect(live).toMatchObject({ title: '退货政策', body: '发布的文字。\n', inFooter: false });
    expect(live.sourceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(published.data.some((p) => p.slug === 'return-policy' && p.locale === 'en-US')).toBe(false);

    // Nothing new saved: nothing to publish, nothing queued.
    await db().delete(siteChanges);
    expect((await callEntry(shop, adminPagesApi.publishPage, { slug: 'return-policy' }, admin)).code).toBe('1001');
    expect(await changes()).toEqual([]);
    const [row] = await db().select().from(contentPages).where(eq(contentPages.slug, 'return-policy'));
    expect(row!.publishedVersionId).toBe(row!.savedVersionId);
  });

  it("the site builder renders only the published page's slug, with no product", async () => {
    await ok(adminPagesApi.savePage, saveBody({ body: '再次发布。\n' }));
    await ok(adminPagesApi.publishPage, { slug: 'return-policy' });
    const jobs: BuildJob[] = [];
    const scheduler = new SiteBuildScheduler({
      builds: new SiteBuilds(db()),
      render: async (job) => {
        jobs.push(job);
        return { deploy: null };
      },
      productsOfTeams: async () => [],
      quietMs: 0,
      maxWaitMs: 0,
      fullAbove: 2_000,
    });
    await scheduler.tick();
    expect(jobs).toEqual([{ kind: 'pages', productIds: [], pageSlugs: ['return-policy'] }]);
    expect(await changes()).toEqual([]);
  });

  it('a new page takes a free slug; showing it in the footer rebuilds every page', async () => {
    const reserved = await callEntry(shop, adminPagesApi.savePage, saveBody({ slug: 'cart', create: true }), admin);
    expect(reserved.code).toBe('1001');
    const taken = await callEntry(shop, adminPagesApi.savePage, saveBody({ slug: 'faq', create: true }), admin);
    expect(taken.code).toBe('1001');
    const badSlug = await callEntry(shop, adminPagesApi.savePage, saveBody({ slug: 'Size Guide', create: true }), admin);
    expect(badSlug.code).toBe('1001');
    expect(await db().select().from(contentPages).where(eq(contentPages.slug, 'cart'))).toEqual([]);

    const made = await ok<PageDetail>(adminPagesApi.savePage, saveBody({ slug: 'size-guide', locale: 'en-US', title: 'Size guide', description: 'How our shirts fit.', body: 'See the [FAQ](../faq/).\n', inFooter: true, create: true }));
    expect(made.locales['en-US'].source).toBe('backOffice');
    expect(made.locales['zh-CN'].text).toBeNull();
    const result = await ok<PagePublishResult>(adminPagesApi.publishPage, { slug: 'size-guide' }, owner);
    expect(result.rebuild).toBe('all');
    expect(await changes()).toEqual(['all:*']);
    const list = await ok<PageSummary[]>(adminPagesApi.pageList, {});
    expect(list.find((page) => page.slug === 'size-guide')).toMatchObject({ inFooter: true, locales: { 'zh-CN': { title: null } } });
  });
});

describe('which text wins', () => {
  it('flags a repository file changed after the back-office save', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'content-'));
    try {
      await mkdir(path.join(dir, 'en-US'));
      const file = path.join(dir, 'en-US', 'care.md');
      await writeFile(file, '---\ntitle: Care\ndescription: Washing.\n---\n\nCold wash.\n');
      const desk = new PageDesk({ db: db(), audit: new AuditLog(db()), contentDir: dir });
      const actor = { id: admin.userId, email: admin.email };
      const saved = await desk.save(actor, { slug: 'care', locale: 'en-US', title: 'Care', description: 'Washing.', updated: null, body: 'Cold wash, inside out.\n', inFooter: false });
      expect(saved.locales['en-US'].repositoryChanged).toBe(false);
      await writeFile(file, '---\ntitle: Care\ndescription: Washing.\n---\n\nCold wash at 30.\n');
      const after = await desk.get('care');
      expect(after.locales['en-US']).toMatchObject({ repositoryChanged: true, text: { body: 'Cold wash, inside out.\n' }, repository: { body: 'Cold wash at 30.\n' } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
