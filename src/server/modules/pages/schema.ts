/**
 * The content pages edited in the back office (src/content/README.md, docs/back-office.md
 * "Pages"): one row per page and locale with the text being edited and the version the storefront
 * shows, and every version ever saved, so no editor's text is lost and any one can be restored.
 * A page without a row here follows its repository file (src/content/pages/<locale>/<slug>.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { at, staffAuthor } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';

export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    /** The last saved version (what the editor opens); it is live once published. */
    savedVersionId: integer('saved_version_id').notNull(),
    /** The version the storefront shows; null until the page is first published. */
    publishedVersionId: integer('published_version_id'),
    /**
     * The sha-256 of the repository file when this page was last saved here (null: no file).
     * A build finding another file reports that the repository changed after the back office's edit.
     */
    sourceHash: text('source_hash'),
    publishedAt: at('published_at'),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] }), check('content_pages_locale_ck', sql`${t.locale} in ('en-US', 'zh-CN')`)],
);

export const contentPageVersions = pgTable(
  'content_page_versions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** YYYY-MM-DD shown as "last updated", or null. */
    updated: text('updated'),
    body: text('body').notNull(),
    /** Whether the footer's Information group lists the page. */
    inFooter: boolean('in_footer').notNull().default(false),
    /** `save`, or `restore` of an older version (its id in restoredFrom). */
    kind: text('kind', { enum: ['save', 'restore'] }).notNull().default('save'),
    restoredFrom: integer('restored_from'),
    ...staffAuthor('savedBy', () => users.id),
    savedAt: at('saved_at').notNull().defaultNow(),
  },
  (t) => [index('content_page_versions_page_idx').on(t.slug, t.locale, t.id), check('content_page_versions_kind_ck', sql`${t.kind} in ('save', 'restore')`)],
);
