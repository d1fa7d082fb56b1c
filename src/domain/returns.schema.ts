/**
 * What the returns calls take (returns.model.ts has the rules and answers): the shopper's request
 * and photos from the order page, and the Returns screen's moves.
 */
import { z } from 'zod';
import { idSchema, pageRequestShape } from './catalogue.schema.ts';
import { orderNoSchema, orderTokenSchema } from './orders.schema.ts';
import { RETURN_DESCRIPTION_MAX, RETURN_KINDS, RETURN_NO_PATTERN, RETURN_PHOTO_MAX_BYTES, RETURN_STATUSES } from './returns.model.ts';

export const returnNoSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(RETURN_NO_PATTERN, 'not a return number'));

const lineSchema = z.strictObject({ orderItemId: idSchema, quantity: z.int('quantity must be a whole number').min(1, 'at least 1').max(99, 'at most 99') });

/** The shopper's words: why it goes back, or what is wrong with it. */
export const returnDescriptionSchema = z.string().trim().min(1, 'say what is wrong or why it goes back').max(RETURN_DESCRIPTION_MAX, `at most ${RETURN_DESCRIPTION_MAX} characters`);

export const returnCreateRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  token: orderTokenSchema.optional(),
  kind: z.enum(RETURN_KINDS),
  description: returnDescriptionSchema,
  lines: z.array(lineSchema).min(1, 'choose at least one line').max(50, 'too many lines'),
});

/** A photo's bytes as base64, at most RETURN_PHOTO_MAX_BYTES decoded. */
export const returnPhotoDataSchema = z
  .string()
  .max(Math.ceil((RETURN_PHOTO_MAX_BYTES * 4) / 3) + 4, 'the photo is larger than 5 MB')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'data must be base64');

export const returnPhotoRequestSchema = z.strictObject({
  orderNo: orderNoSchema,
  token: orderTokenSchema.optional(),
  returnNo: returnNoSchema,
  data: returnPhotoDataSchema,
});

/** A photo's address: the order, the request and the photo (path); the guest's token (query). */
export const returnPhotoParamsSchema = z.strictObject({ orderNo: orderNoSchema, returnNo: returnNoSchema, photo: z.string().regex(/^\d{1,10}\.webp$/) });
export const returnPhotoQuerySchema = z.strictObject({ token: orderTokenSchema.optional() });
export const adminReturnPhotoParamsSchema = z.strictObject({ returnNo: returnNoSchema, photo: z.string().regex(/^\d{1,10}\.webp$/) });

// ---------- the Returns screen ----------

export const adminReturnListRequestSchema = z.strictObject({
  status: z.enum(RETURN_STATUSES).optional(),
  /** A return or order number, whole or its start. */
  query: z.string().trim().max(40).optional(),
  ...pageRequestShape,
});

export const adminReturnRequestSchema = z.strictObject({ returnNo: returnNoSchema });

const noteSchema = (what: string) => z.string().trim().min(1, `${what} is required`).max(RETURN_DESCRIPTION_MAX, `at most ${RETURN_DESCRIPTION_MAX} characters`);

export const adminReturnApproveRequestSchema = z.strictObject({ returnNo: returnNoSchema, instructions: noteSchema('the return instructions') });
export const adminReturnDeclineRequestSchema = z.strictObject({ returnNo: returnNoSchema, reason: noteSchema('a reason') });
export const adminReturnReceiveRequestSchema = z.strictObject({
  returnNo: returnNoSchema,
  /** Per line of the request: back into stock or not (a printed line never). Lines left out are not restocked. */
  restock: z.array(z.strictObject({ orderItemId: idSchema, restock: z.boolean() })).max(50),
});
export const adminReturnResolveRequestSchema = z.strictObject({
  returnNo: returnNoSchema,
  by: z.enum(['refund', 'replacement']),
  /** A note kept with the resolution (the refund's reason, the replacement's timeline). */
  note: z.string().trim().max(500).optional(),
});
