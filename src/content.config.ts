/**
 * Content collections: the shop's policy and help pages, one markdown file per page and locale
 * (`src/content/pages/<locale>/<slug>.md`) and the pages published in the back office, merged by
 * the rule of src/content/README.md "Which text wins" (build/content-pages-loader.ts). The schema
 * fails the build, naming the page, when one lacks its title or description.
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { contentPagesLoader } from './build/content-pages-loader.ts';
import { CONTENT_DESCRIPTION_MAX, CONTENT_TITLE_MAX } from './domain/content-pages.ts';

const pages = defineCollection({
  loader: contentPagesLoader(),
  schema: z.object({
    /** The page's heading and the first part of the browser tab's title. */
    title: z.string().min(1).max(CONTENT_TITLE_MAX),
    /** One or two sentences for search engines and link previews. */
    description: z.string().min(1).max(CONTENT_DESCRIPTION_MAX),
    /** When the text last changed in substance (YYYY-MM-DD); shown under the title. */
    updated: z.coerce.date().optional(),
    /** Listed in the footer's Information group (set in the back office). */
    inFooter: z.boolean().default(false),
    /** Where the text comes from: its repository file, or the back office's published version. */
    source: z.enum(['repository', 'backOffice']),
  }),
});

export const collections = { pages };
