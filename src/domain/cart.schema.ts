/**
 * Cart lines: what a client may send (the zod schemas of the cart endpoints). The line's identity
 * and the answers' shapes are in cart.model.ts.
 */
import { z } from 'zod';
import { currencyCodeSchema } from './money.schema.ts';
import { checkPrintRequest, printRequestShape } from './personalisation.ts';
import { MAX_LINE_QUANTITY } from './pricing.ts';
import { SIZES, idSchema, pageRequestShape } from './catalogue.schema.ts';

export const quantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`);
/**
 * Fields a client may echo back from a cart record; the server never trusts them (it prices
 * every line itself), so they are accepted and dropped rather than refused.
 */
const dropped = z.unknown().optional().transform((): undefined => undefined);
const ignoredEchoFields = {
  name: dropped,
  image: dropped,
  price: dropped,
};

export const newCartLineSchema = z
  .strictObject({
    productId: idSchema,
    size: z.enum(SIZES, { error: `size must be one of ${SIZES.join(', ')}` }),
    ...printRequestShape(idSchema),
    quantity: quantitySchema,
    ...ignoredEchoFields,
  })
  .superRefine(checkPrintRequest);
export const cartLineUpdateSchema = z.strictObject({
  id: idSchema,
  quantity: quantitySchema,
  ...ignoredEchoFields,
});
export const saveCartRequestSchema = z
  .array(z.union([cartLineUpdateSchema, newCartLineSchema]), { error: 'expected an array of cart items' })
  .min(1, 'give at least one cart item')
  .max(50, 'at most 50 cart items at once');
export const deleteCartRequestSchema = z.array(idSchema, { error: 'expected an array of ids' }).min(1).max(100);
export const cartListRequestSchema = z.strictObject({
  ...pageRequestShape,
  size: pageRequestShape.size.default(100),
  currency: currencyCodeSchema.default('EUR'),
});
export type NewCartLine = z.output<typeof newCartLineSchema>;
export type CartLineUpdate = z.output<typeof cartLineUpdateSchema>;
