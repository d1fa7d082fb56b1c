/**
 * The static site's rebuilds (docs/site-builds.md): what changed since the live pages were
 * rendered, the builds made, and which instance may build now.
 */
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at } from '../../db/columns.ts';

/**
 * Written by triggers (migration 0009) in the transaction of every catalogue write that a page
 * shows, whoever makes it: `product` and `team` name one row by `key`, `all` means every page.
 * `page` (a content page published in the back office, key its slug) is written by the pages module.
 */
export const siteChanges = pgTable(
  'site_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    scope: text('scope', { enum: ['product', 'team', 'page', 'all'] }).notNull(),
    key: text('key'),
  },
  (t) => [check('site_changes_scope_ck', sql`${t.scope} in ('product', 'team', 'page', 'all')`)],
);

export const siteBuilds = pgTable(
  'site_builds',
  {
    id: serial('id').primaryKey(),
    /** `full`: every page; `pages`: the pages of the changed products and every listing page, or only the published content pages when nothing else changed. */
    kind: text('kind', { enum: ['full', 'pages'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    /** Which instance builds (host and process), so a stuck build can be told apart. */
    builder: text('builder').notNull(),
    /** The newest site_changes row this build covers; older ones are removed once it succeeds. */
    uptoChange: bigint('upto_change', { mode: 'number' }).notNull(),
    /** What the build was for: counts of changed products and teams, and whether all changed. */
    reason: jsonb('reason').$type<{ products: number; teams: number; pages?: number; all: boolean; first?: boolean }>().notNull(),
    pagesTotal: integer('pages_total'),
    pagesDone: integer('pages_done').notNull().default(0),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    error: text('error'),
    /** The deploy hook's outcome: null when none is configured. */
    deploy: text('deploy'),
  },
  (t) => [index('site_builds_started_idx').on(t.startedAt)],
);
