/**
 * Content collections: the shop's policy and help pages, one markdown file per page and locale
 * (`src/content/pages/<locale>/<slug>.md`), edited by content editors (src/content/README.md).
 * The schema fails the build, naming the file, when a page lacks its title or description.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  // Ids keep the file's own path ("en-US/faq"): the default would lower-case the locale.
  loader: glob({ pattern: '*/*.md', base: './src/content/pages', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  schema: z.object({
    /** The page's heading and the first part of the browser tab's title. */
    title: z.string().min(1).max(80),
    /** One or two sentences for search engines and link previews. */
    description: z.string().min(1).max(200),
    /** When the text last changed in substance (YYYY-MM-DD); shown under the title. */
    updated: z.coerce.date().optional(),
  }),
});

export const collections = { pages };
