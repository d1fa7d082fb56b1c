/**
 * What the back office's navigation calls take (docs/back-office.md); the answers and the tree's
 * rules are in navigation.model.ts. Every request is strict.
 */
import { z } from 'zod';
import { idSchema } from '../catalogue.schema.ts';

const titleSchema = z.string().trim().min(1, 'give a title').max(80, 'at most 80 characters');

export const navAddRequestSchema = z.strictObject({
  parentId: idSchema.nullable(),
  tag: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'the tag is lower-case letters, digits and single hyphens')
    .max(60),
  titleEn: titleSchema,
  titleZh: titleSchema,
});

export const navRenameRequestSchema = z.strictObject({ id: idSchema, titleEn: titleSchema, titleZh: titleSchema });

export const navRemoveRequestSchema = z.strictObject({ id: idSchema });

export const navMoveRequestSchema = z.strictObject({
  id: idSchema,
  parentId: idSchema.nullable(),
  /** Its place among its new siblings, from 0. */
  index: z.number().int().min(0).max(10_000),
});
