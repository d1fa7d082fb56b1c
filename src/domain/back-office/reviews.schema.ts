/**
 * What the back office's review calls take (docs/back-office.md); the answers are in
 * reviews.model.ts. Every request is strict; hiding a review takes a reason.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { reasonSchema } from './common.schema.ts';
import { REVIEW_STATES } from './reviews.model.ts';

export const reviewListRequestSchema = z.strictObject({
  ...pageRequestShape,
  state: z.enum(REVIEW_STATES).optional(),
  productId: idSchema.optional(),
});

export const reviewModerateRequestSchema = z.discriminatedUnion('state', [
  z.strictObject({ id: idSchema, state: z.literal('hidden'), reason: reasonSchema }),
  z.strictObject({ id: idSchema, state: z.literal('visible'), reason: reasonSchema.optional() }),
]);
