/**
 * Cart lines: what a client may send, how a line's identity is made, and what the API answers.
 */
import { z } from 'zod';
import { PRINT_MESSAGES } from './field-messages.ts';
import type { CurrencyCode } from './money.model.ts';
import { currencyCodeSchema } from './money.schema.ts';
import {
  CUSTOM_TYPES,
  CUSTOM_TYPE_VALUES,
  PREMIUM_OPTIONS,
  customNameSchema,
  customNumberSchema,
  isPrinted,
  type CustomType,
  type PremiumOption,
} from './personalisation.ts';
import { MAX_LINE_QUANTITY, type CartTotals } from './pricing.ts';
import { SIZES, idSchema, pageRequestShape, type Size } from './catalogue.schema.ts';

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

/** The personalisation a line keeps, normalised so that equal choices give equal identities. */
export interface LineConfig {
  productId: number;
  size: Size;
  patchIds: number[];
  addonIds: number[];
  customType: CustomType;
  playerId: number | null;
  customName: string | null;
  customNumber: string | null;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
}

/**
 * Drops what the chosen type does not print (a name sent with "Blank" is not kept), and takes
 * name and number from the player for Choose A Player (filled in by the server from the squad).
 */
export function normaliseLine(line: NewCartLine): LineConfig {
  const printed = isPrinted(line.customType);
  const player = line.customType === CUSTOM_TYPES.CHOOSE_PLAYER;
  const own = line.customType === CUSTOM_TYPES.ADD_YOURS;
  return {
    productId: line.productId,
    size: line.size,
    patchIds: line.patch,
    addonIds: line.addons,
    customType: line.customType,
    playerId: player ? (line.squadList ?? null) : null,
    customName: own ? (line.customName ?? null) : null,
    customNumber: own ? (line.customNumber ?? null) : null,
    premiumNameOption: printed ? line.premiumNameOption : 'Standard',
    premiumNumberOption: printed ? line.premiumNumberOption : 'Standard',
  };
}

/** Two lines are the same line exactly when their identity keys are equal (docs/money-and-personalisation.md). */
export function lineKey(config: LineConfig): string {
  return [
    config.productId,
    config.size,
    config.patchIds.join('.'),
    config.addonIds.join('.'),
    config.customType,
    config.playerId ?? '',
    config.customName ?? '',
    config.customNumber ?? '',
    config.premiumNameOption,
    config.premiumNumberOption,
  ].join('|');
}

export interface CartLineRecord {
  id: number;
  productId: number;
  name: string;
  image: string;
  /** Unit price in the cart's currency. */
  price: number;
  lineTotal: number;
  size: Size;
  patch: string;
  patches: { id: number; patchName: string; patchPrice: number }[];
  addons: string;
  addonItems: { id: number; name: string; price: number }[];
  customType: CustomType;
  squadList: number | null;
  player: { id: number; name: string; number: string } | null;
  customName: string | null;
  customNumber: string | null;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
  quantity: number;
  personalised: boolean;
  /** Units left in this size, so the drawer can stop the plus button. */
  stock: number;
}

export interface CartPage {
  records: CartLineRecord[];
  total: number;
  current: number;
  size: number;
  currency: CurrencyCode;
  summary: CartTotals;
}
