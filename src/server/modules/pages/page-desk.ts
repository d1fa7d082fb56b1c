/**
 * The content pages in the back office (docs/back-office.md "Pages", src/content/README.md): the
 * repository's markdown files are where every page starts; a save here keeps a new version (who,
 * when, the text), and the back office's version wins from then on; publishing puts the saved
 * version live and asks the site builder for that page alone (site_changes `page:<slug>`), or for
 * every page when the footer's list of pages changes. Every write is audited in its transaction.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONTENT_SLUG_PATTERN, frontMatterProblems, parsePageFile, slugProblem, type ContentPageText, type ContentProblem } from '../../../domain/content-pages.ts';
import { unsavedLocaleState, type PageDetail, type PageLocaleState, type PagePublishResult, type PageSummary, type PageVersion, type PageVersionSummary, type PublishedContentPage } from '../../../domain/back-office/pages.model.ts';
import { LOCALES, type Locale } from '../../../domain/locale.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalidFields, notFound, type FieldProblem } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { siteChanges } from '../site/index.ts';
import { contentPages, contentPageVersions } from './schema.ts';

/** The repository's page files (src/content/pages/<locale>/<slug>.md). */
export const CONTENT_DIR = fileURLToPath(new URL('../../../content/pages/', import.meta.url));

type VersionRow = typeof contentPageVersions.$inferSelect;
type PageRow = typeof contentPages.$inferSelect;

export interface PageSave extends ContentPageText {
  slug: string;
  locale: Locale;
  inFooter: boolean;
  create?: boolean | undefined;
}

interface RepositoryFile {
  text: ContentPageText | null;
  hash: string;
}

export function fileHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

function textOf(row: VersionRow): ContentPageText {
  return { title: row.title, description: row.description, updated: row.updated, body: row.body };
}

/** The API's page messages are named as the problems are (`page.tooLong`), like the back office's (adminPages.errors). */
function problemMessage({ problem, max }: ContentProblem) {
  return problem === 'tooLong' ? msg('page.tooLong', { max: max ?? 0 }) : msg(`page.${problem}`);
}

const fieldProblems = (problems: ContentProblem[]): FieldProblem[] => problems.map((p) => ({ path: `body.${p.field}`, problem: problemMessage(p) }));

export class PageDesk {
  private readonly db: Db;
  private readonly audit: AuditLog;
  private readonly contentDir: string;

  constructor(deps: { db: Db; audit: AuditLog; contentDir?: string }) {
    this.db = deps.db;
    this.audit = deps.audit;
    this.contentDir = deps.contentDir ?? CONTENT_DIR;
  }

  /** The repository's file of a page, or null when there is none. */
  async repositoryFile(slug: string, locale: Locale): Promise<RepositoryFile | null> {
    if (!CONTENT_SLUG_PATTERN.test(slug)) return null;
    const source = await readFile(path.join(this.contentDir, locale, `${slug}.md`), 'utf8').catch(() => null);
    return source === null ? null : { text: parsePageFile(source), hash: fileHash(source) };
  }

  private async repositorySlugs(): Promise<Set<string>> {
    const slugs = new Set<string>();
    for (const locale of LOCALES) {
      const names = await readdir(path.join(this.contentDir, locale)).catch(() => [] as string[]);
      for (const name of names) if (name.endsWith('.md')) slugs.add(name.slice(0, -3));
    }
    return slugs;
  }

  private async rowsOf(slugs?: string[]): Promise<{ page: PageRow; saved: VersionRow }[]> {
    const rows = await this.db
      .select({ page: contentPages, saved: contentPageVersions })
      .from(contentPages)
      .innerJoin(contentPageVersions, eq(contentPageVersions.id, contentPages.savedVersionId))
      .where(slugs ? inArray(contentPages.slug, slugs) : undefined);
    return rows;
  }

  private async stateOf(slug: string, locale: Locale, row: { page: PageRow; saved: VersionRow } | undefined): Promise<PageLocaleState> {
    const file = await this.repositoryFile(slug, locale);
    if (!row) return unsavedLocaleState('repository', file?.text ?? null);
    return {
      source: 'backOffice',
      text: textOf(row.saved),
      inFooter: row.saved.inFooter,
      savedVersionId: row.page.savedVersionId,
      publishedVersionId: row.page.publishedVersionId,
      savedAt: row.saved.savedAt.toISOString(),
      savedBy: row.saved.savedByEmail,
      publishedAt: row.page.publishedAt?.toISOString() ?? null,
      unpublished: row.page.publishedVersionId !== row.page.savedVersionId,
      repositoryChanged: (file?.hash ?? null) !== row.page.sourceHash,
      repository: file?.text ?? null,
    };
  }

  async list(): Promise<PageSummary[]> {
    const [files, rows] = await Promise.all([this.repositorySlugs(), this.rowsOf()]);
    const slugs = [...new Set([...files, ...rows.map((r) => r.page.slug)])].sort();
    return Promise.all(
      slugs.map(async (slug) => {
        const detail = await this.detailFrom(slug, rows);
        const locales = Object.fromEntries(
          LOCALES.map((locale) => {
            const state = detail.locales[locale];
            return [locale, { title: state.text?.title ?? null, source: state.source, unpublished: state.unpublished, repositoryChanged: state.repositoryChanged, savedAt: state.savedAt }];
          }),
        ) as PageSummary['locales'];
        return { slug, locales, inFooter: LOCALES.some((locale) => detail.locales[locale].inFooter) };
      }),
    );
  }

  private async detailFrom(slug: string, rows: { page: PageRow; saved: VersionRow }[]): Promise<PageDetail> {
    const entries = await Promise.all(LOCALES.map(async (locale) => [locale, await this.stateOf(slug, locale, rows.find((r) => r.page.slug === slug && r.page.locale === locale))] as const));
    return { slug, locales: Object.fromEntries(entries) as Record<Locale, PageLocaleState> };
  }

  async get(slug: string): Promise<PageDetail> {
    const detail = await this.detailFrom(slug, await this.rowsOf([slug]));
    if (LOCALES.every((locale) => detail.locales[locale].text === null)) throw notFound('page');
    return detail;
  }

  /**
   * Keeps the editor's text as a new version of the page in that locale (a save identical to the
   * last one keeps nothing). A page's first save here starts from its repository file, whose hash
   * is kept so that a later change to the file is reported (docs: "Which text wins").
   */
  async save(actor: AuditActor, edit: PageSave): Promise<PageDetail> {
    const text: ContentPageText = { title: edit.title.trim(), description: edit.description.trim(), updated: edit.updated?.trim() || null, body: edit.body };
    const problems = frontMatterProblems(text);
    const existing = await this.get(edit.slug).catch(() => null);
    if (edit.create || !existing) {
      const slug = slugProblem(edit.slug);
      if (slug) problems.unshift(slug);
      else if (existing) throw invalidFields({ path: 'body.slug', problem: msg('page.slugTaken') });
    }
    if (problems.length) throw invalidFields(...fieldProblems(problems));
    const file = await this.repositoryFile(edit.slug, edit.locale);
    await this.db.transaction(async (tx) => {
      const [page] = await tx.select().from(contentPages).where(and(eq(contentPages.slug, edit.slug), eq(contentPages.locale, edit.locale))).for('update');
      if (page) {
        const [saved] = await tx.select().from(contentPageVersions).where(eq(contentPageVersions.id, page.savedVersionId));
        if (saved && saved.inFooter === edit.inFooter && JSON.stringify(textOf(saved)) === JSON.stringify(text)) return;
      }
      const [version] = await tx
        .insert(contentPageVersions)
        .values({ slug: edit.slug, locale: edit.locale, ...text, inFooter: edit.inFooter, savedById: actor.id, savedByEmail: actor.email })
        .returning();
      await this.pointAt(tx, edit.slug, edit.locale, version!.id, file?.hash ?? null);
      await this.audit.record(tx, {
        actor,
        action: page ? 'page.save' : 'page.create',
        entity: 'page',
        entityId: `${edit.slug}/${edit.locale}`,
        before: page ? { version: page.savedVersionId } : null,
        after: { version: version!.id, title: text.title, inFooter: edit.inFooter },
      });
    });
    return this.get(edit.slug);
  }

  private async pointAt(tx: Tx, slug: string, locale: Locale, versionId: number, sourceHash: string | null): Promise<void> {
    await tx
      .insert(contentPages)
      .values({ slug, locale, savedVersionId: versionId, sourceHash })
      .onConflictDoUpdate({ target: [contentPages.slug, contentPages.locale], set: { savedVersionId: versionId, sourceHash } });
  }

  async versions(slug: string, locale: Locale): Promise<PageVersionSummary[]> {
    const [page] = await this.db.select().from(contentPages).where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)));
    const rows = await this.db
      .select()
      .from(contentPageVersions)
      .where(and(eq(contentPageVersions.slug, slug), eq(contentPageVersions.locale, locale)))
      .orderBy(desc(contentPageVersions.id))
      .limit(200);
    return rows.map((row) => summaryOf(row, page?.publishedVersionId ?? null));
  }

  async version(id: number): Promise<PageVersion> {
    const [row] = await this.db.select().from(contentPageVersions).where(eq(contentPageVersions.id, id));
    if (!row) throw notFound('pageVersion');
    const [page] = await this.db.select().from(contentPages).where(and(eq(contentPages.slug, row.slug), eq(contentPages.locale, row.locale)));
    return { ...summaryOf(row, page?.publishedVersionId ?? null), text: textOf(row), inFooter: row.inFooter };
  }

  /** Saves an older version's text again as the newest (nothing is overwritten: the versions after it stay in the history). */
  async restore(actor: AuditActor, id: number): Promise<PageDetail> {
    const old = await this.version(id);
    const file = await this.repositoryFile(old.slug, old.locale);
    await this.db.transaction(async (tx) => {
      const [page] = await tx.select().from(contentPages).where(and(eq(contentPages.slug, old.slug), eq(contentPages.locale, old.locale))).for('update');
      const [version] = await tx
        .insert(contentPageVersions)
        .values({ slug: old.slug, locale: old.locale, ...old.text, inFooter: old.inFooter, kind: 'restore', restoredFrom: id, savedById: actor.id, savedByEmail: actor.email })
        .returning();
      await this.pointAt(tx, old.slug, old.locale, version!.id, file?.hash ?? page?.sourceHash ?? null);
      await this.audit.record(tx, { actor, action: 'page.restore', entity: 'page', entityId: `${old.slug}/${old.locale}`, before: { version: page?.savedVersionId ?? null }, after: { version: version!.id, restoredFrom: id } });
    });
    return this.get(old.slug);
  }

  /**
   * Puts each locale's saved version live and queues the rebuild: that page alone (both locales
   * and the sitemap), or every page when the footer's list changes (the page joins or leaves it,
   * or a listed page's title changes).
   */
  async publish(actor: AuditActor, slug: string): Promise<PagePublishResult> {
    return this.db.transaction(async (tx) => {
      const pages = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for('update');
      const due = pages.filter((page) => page.publishedVersionId !== page.savedVersionId);
      if (pages.length === 0) throw notFound('page');
      if (due.length === 0) throw invalidFields({ path: 'body.slug', problem: msg('page.nothingToPublish') });
      const ids = due.flatMap((page) => [page.savedVersionId, ...(page.publishedVersionId ? [page.publishedVersionId] : [])]);
      const versions = new Map((await tx.select().from(contentPageVersions).where(inArray(contentPageVersions.id, ids))).map((v) => [v.id, v]));
      let footer = false;
      for (const page of due) {
        const next = versions.get(page.savedVersionId)!;
        const before = page.publishedVersionId ? versions.get(page.publishedVersionId) : undefined;
        if ((before?.inFooter ?? false) !== next.inFooter || (next.inFooter && before?.title !== next.title)) footer = true;
        await tx
          .update(contentPages)
          .set({ publishedVersionId: page.savedVersionId, publishedAt: sql`now()` })
          .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, page.locale)));
      }
      await tx.insert(siteChanges).values(footer ? { scope: 'all' } : { scope: 'page', key: slug });
      const locales = due.map((page) => page.locale as Locale);
      await this.audit.record(tx, {
        actor,
        action: 'page.publish',
        entity: 'page',
        entityId: slug,
        before: Object.fromEntries(due.map((page) => [page.locale, page.publishedVersionId])),
        after: Object.fromEntries(due.map((page) => [page.locale, page.savedVersionId])),
      });
      return { slug, locales, rebuild: footer ? 'all' : 'page' };
    });
  }

  /** Every published page, for the build (contentApi.publishedPages). */
  async published(): Promise<PublishedContentPage[]> {
    const rows = await this.db
      .select({ page: contentPages, version: contentPageVersions })
      .from(contentPages)
      .innerJoin(contentPageVersions, eq(contentPageVersions.id, contentPages.publishedVersionId))
      .orderBy(contentPages.slug, contentPages.locale);
    return rows.map(({ page, version }) => ({
      slug: page.slug,
      locale: page.locale as Locale,
      ...textOf(version),
      inFooter: version.inFooter,
      sourceHash: page.sourceHash,
      savedAt: version.savedAt.toISOString(),
    }));
  }
}

function summaryOf(row: VersionRow, publishedVersionId: number | null): PageVersionSummary {
  return {
    id: row.id,
    slug: row.slug,
    locale: row.locale as Locale,
    title: row.title,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedByEmail,
    kind: row.kind,
    restoredFrom: row.restoredFrom,
    live: row.id === publishedVersionId,
  };
}
