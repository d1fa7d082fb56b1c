/**
 * What the Pages screen's calls take (answers: pages.model.ts). The shapes only: the content rules
 * (title, description, date, slug) are domain/content-pages.ts's, applied by the server with a
 * message per field, as the build applies them.
 */
import { z } from 'zod';
import { idSchema } from '../catalogue.schema.ts';
import { CONTENT_BODY_MAX } from '../content-pages.ts';
import { LOCALES } from '../locale.ts';

const slugSchema = z.string().trim().min(1).max(100);
const localeSchema = z.enum(LOCALES);

export const pageRequestSchema = z.strictObject({ slug: slugSchema });

export const pageSaveRequestSchema = z.strictObject({
  slug: slugSchema,
  locale: localeSchema,
  title: z.string().max(1_000),
  description: z.string().max(2_000),
  updated: z.string().max(20).nullable(),
  body: z.string().max(CONTENT_BODY_MAX + 1),
  inFooter: z.boolean(),
  /** A new page: refused when the slug is taken (by a page or one of the shop's routes). */
  create: z.boolean().optional(),
});

export const pageVersionsRequestSchema = z.strictObject({ slug: slugSchema, locale: localeSchema });

export const pageVersionRequestSchema = z.strictObject({ id: idSchema });
