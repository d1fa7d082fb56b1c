/**
 * Team rosters: what a client may send (roster.model.ts holds the value and its rules). The
 * schema takes only the shape; the rules (names, numbers, sizes against stock, duplicates) are
 * checkRoster's, which the server runs on the parsed roster and answers field by field.
 */
import { z } from 'zod';
import { idSchema } from './catalogue.schema.ts';
import { fieldMessage } from './field-messages.ts';
import { currencyCodeSchema } from './money.schema.ts';
import { LETTERING_PARTS, PREMIUM_OPTIONS, type LetteringField, type PremiumOption } from './personalisation.ts';
import { ROSTER_MAX_ROWS, TEAM_NAME_MAX } from './roster.model.ts';

/** Ids, ascending, without repeats (the order of a print's extras). */
const idSet = z
  .array(idSchema)
  .max(50)
  .default([])
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const rosterRowSchema = z.strictObject({
  // Texts as typed, bounded: checkRoster says what is wrong with them.
  name: z.string().max(100).default(''),
  number: z
    .union([z.string().max(10), z.number().int()])
    .default('')
    .transform((n) => String(n)),
  size: z.string().max(10),
  playerId: idSchema.nullable().default(null),
  quantity: z.number({ error: 'quantity must be a number' }),
});

export const rosterSchema = z.strictObject({
  productId: idSchema,
  teamName: z.string().max(200),
  patchIds: idSet,
  addonIds: idSet,
  ...(Object.fromEntries(LETTERING_PARTS.map(({ field }) => [field, z.enum(PREMIUM_OPTIONS).default('Standard')])) as Record<LetteringField, z.ZodDefault<z.ZodEnum<{ [O in PremiumOption]: O }>>>),
  sameName: z.string().max(100).nullable().default(null),
  rows: z.array(rosterRowSchema).max(ROSTER_MAX_ROWS, fieldMessage('rosterTooManyRows', { max: ROSTER_MAX_ROWS })),
  duplicatesConfirmed: z.boolean().default(false),
});

export const rosterQuoteRequestSchema = z.strictObject({ roster: rosterSchema, currency: currencyCodeSchema.default('EUR') });

/** Adds a roster to the cart as one group; with `groupId`, replaces that group of the caller's cart as a whole. */
export const rosterToCartRequestSchema = z.strictObject({ roster: rosterSchema, groupId: z.uuid().optional() });

/** A group of the caller's cart. */
export const rosterCartGroupRequestSchema = z.strictObject({ groupId: z.uuid() });

const teamNameSchema = z
  .string()
  .trim()
  .min(1, fieldMessage('teamNameRequired'))
  .max(TEAM_NAME_MAX, fieldMessage('tooLong', { max: TEAM_NAME_MAX }));

/** Saves a roster under its team name; with `id`, overwrites that saved roster. */
export const savedRosterSaveRequestSchema = z.strictObject({ id: idSchema.optional(), roster: rosterSchema });
export const savedRosterRenameRequestSchema = z.strictObject({ id: idSchema, name: teamNameSchema });
/** Copies a saved roster under a new team name (next season's squad from last season's). */
export const savedRosterCopyRequestSchema = z.strictObject({ id: idSchema, name: teamNameSchema });
export const savedRosterIdRequestSchema = z.strictObject({ id: idSchema });

export type RosterRequest = z.output<typeof rosterSchema>;
