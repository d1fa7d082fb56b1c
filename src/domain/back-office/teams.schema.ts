/**
 * What the back office's team calls take (docs/back-office.md); the answers are in teams.model.ts.
 * Every request is strict. A squad player's name and number go through the configurator's own
 * schemas (personalisation.ts), so the back office can never store a name a shopper could not print.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { customNameSchema, customNumberSchema } from '../personalisation.ts';
import { querySchema } from './common.schema.ts';

export const teamListRequestSchema = z.strictObject({
  ...pageRequestShape,
  query: querySchema,
  sport: z.string().max(60).optional(),
  league: z.string().max(60).optional(),
});

export const teamRequestSchema = z.strictObject({ teamId: idSchema });

export const squadPlayerSaveRequestSchema = z.strictObject({
  teamId: idSchema,
  /** Absent: a new player. */
  id: idSchema.optional(),
  name: customNameSchema,
  number: customNumberSchema,
});

export const squadPlayerRemoveRequestSchema = z.strictObject({ teamId: idSchema, id: idSchema });

export const teamPatchesRequestSchema = z.strictObject({
  teamId: idSchema,
  /** The patches the team's own tag should list; patches its league lists stay regardless. */
  patchIds: z.array(idSchema).max(200),
});
