/**
 * What the back office's teams, navigation, customers, reviews and newsletter calls take
 * (docs/back-office.md); the answers are in people.model.ts. Every request is strict. A squad
 * player's name and number go through the configurator's own schemas (personalisation.ts), so
 * the back office can never store a name a shopper could not print.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { customNameSchema, customNumberSchema } from '../personalisation.ts';
import { CUSTOMER_KINDS } from './people.model.ts';

const querySchema = z.string().trim().max(100).optional();
const titleSchema = z.string().trim().min(1, 'give a title').max(80, 'at most 80 characters');
const reasonSchema = z.string().trim().min(1, 'give a reason').max(500);

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

export const customerListRequestSchema = z.strictObject({
  ...pageRequestShape,
  /** The start of an email, of a name ("first last") or of a last name. */
  query: querySchema,
  /** Accounts only; guests have no status, so a status leaves them out. */
  status: z.enum(['active', 'disabled']).optional(),
  /** Accounts or guests; both when absent. */
  kind: z.enum(CUSTOMER_KINDS).optional(),
});

export const customerRequestSchema = z.strictObject({ userId: idSchema });

export const guestCustomerRequestSchema = z.strictObject({ email: z.string().trim().min(3).max(320) });

export const customerStatusRequestSchema = z.strictObject({ userId: idSchema, status: z.enum(['active', 'disabled']) });

export const customerEraseRequestSchema = z.strictObject({
  userId: idSchema,
  /** The account's email typed again: the confirmation that this is the account meant. */
  confirmEmail: z.string().trim().min(1, 'type the email to confirm').max(254),
});

export const reviewListRequestSchema = z.strictObject({
  ...pageRequestShape,
  state: z.enum(['visible', 'hidden']).optional(),
  productId: idSchema.optional(),
});

export const reviewModerateRequestSchema = z.discriminatedUnion('state', [
  z.strictObject({ id: idSchema, state: z.literal('hidden'), reason: reasonSchema }),
  z.strictObject({ id: idSchema, state: z.literal('visible'), reason: reasonSchema.optional() }),
]);

export const subscriberListRequestSchema = z.strictObject({ ...pageRequestShape, query: querySchema });

export const subscriberExportRequestSchema = z.strictObject({ query: querySchema });

export const unsubscribeRequestSchema = z.strictObject({ id: idSchema });
