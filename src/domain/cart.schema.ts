/**
 * Cart lines: what a client may send (the zod schemas of the cart endpoints). The line's identity
 * and the answers' shapes are in cart.model.ts.
 */
import { z } from 'zod';
import { PRINT_MESSAGES } from './field-messages.ts';
import { currencyCodeSchema } from './money.schema.ts';
import { CUSTOM_TYPES, CUSTOM_TYPE_VALUES, PREMIUM_OPTIONS, customNameSchema, customNumberSchema, type CustomType } from './personalisation.ts';
import { MAX_LINE_QUANTITY } from './pricing.ts';
import { SIZES, idSchema, pageRequestShape } from './catalogue.schema.ts';

export const quantitySchema = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`);
/** "3,7,12": comma-separated ids as the specification's cart item carries them. */
const idListText = (what: string) =>
  z
    .string({ error: `${what} must be comma-separated ids` })
    .max(200)
    .transform((value, ctx) => {
      if (value.trim() === '') return [] as number[];
      const parts = value.split(',').map((part) => part.trim());
      const ids: number[] = [];
      for (const part of parts) {
        if (!/^[1-9][0-9]{0,9}$/.test(part) || Number(part) > 2_147_483_647) {
          ctx.addIssue({ code: 'custom', message: `${what} must be comma-separated ids` });
          return z.NEVER;
        }
        ids.push(Number(part));
      }
      return [...new Set(ids)].sort((a, b) => a - b);
    });
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
    // prefault, not default: zod 4's default skips the transform and would leave the string ''.
    patch: idListText('patch').prefault(''),
    addons: idListText('addons').prefault(''),
    customType: z
      .number()
      .refine((v): v is CustomType => (CUSTOM_TYPE_VALUES as readonly number[]).includes(v), 'customType must be 1, 2, 3 or 4'),
    squadList: idSchema.nullish(),
    customName: customNameSchema.nullish(),
    customNumber: customNumberSchema.nullish(),
    premiumNameOption: z.enum(PREMIUM_OPTIONS).default('Standard'),
    premiumNumberOption: z.enum(PREMIUM_OPTIONS).default('Standard'),
    quantity: quantitySchema,
    ...ignoredEchoFields,
  })
  .superRefine((line, ctx) => {
    if (line.customType === CUSTOM_TYPES.ADD_YOURS) {
      if (!line.customName) ctx.addIssue({ code: 'custom', path: ['customName'], message: PRINT_MESSAGES.customNameRequired });
      if (line.customNumber == null) ctx.addIssue({ code: 'custom', path: ['customNumber'], message: PRINT_MESSAGES.customNumberRequired });
    }
    if (line.customType === CUSTOM_TYPES.CHOOSE_PLAYER && line.squadList == null) {
      ctx.addIssue({ code: 'custom', path: ['squadList'], message: PRINT_MESSAGES.playerRequired });
    }
  });
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
