/**
 * Shirt personalisation rules (docs/money-and-personalisation.md).
 * Shared by the configurator in the browser and the API, which is the authority.
 */
import { z } from 'zod';
import { fieldMessage } from './field-messages.ts';

export const CUSTOM_TYPES = {
  BLANK: 1,
  CHOOSE_PLAYER: 2,
  ADD_YOURS: 3,
  STANDARD: 4,
} as const;
export type CustomType = (typeof CUSTOM_TYPES)[keyof typeof CUSTOM_TYPES];
export const CUSTOM_TYPE_VALUES = [1, 2, 3, 4] as const;

/** Types that print a name and number on the back: these make an item personalised. */
export function isPrinted(customType: CustomType): boolean {
  return customType === CUSTOM_TYPES.CHOOSE_PLAYER || customType === CUSTOM_TYPES.ADD_YOURS;
}

export const PREMIUM_OPTIONS = ['Standard', 'Gold', 'Silver'] as const;
export type PremiumOption = (typeof PREMIUM_OPTIONS)[number];
/** Each premium option that is not Standard adds 5 EUR (docs/storefront.md "Constants"). */
export const PREMIUM_OPTION_FEE_EUR = 500;

export const CUSTOM_NAME_MAX = 15;
export const CUSTOM_NUMBER_MAX = 99;

export const NAME_MESSAGE = fieldMessage('customNameInvalid', { max: CUSTOM_NAME_MAX });
export const NUMBER_MESSAGE = fieldMessage('customNumberInvalid', { max: CUSTOM_NUMBER_MAX });

/**
 * Upper-cases what the shopper typed and keeps it only if it is 1-15 ASCII letters. Anything else
 * (accents, look-alike Cyrillic, zero-width characters, spaces, markup) makes it invalid rather
 * than being silently stripped, so the print is exactly what was typed.
 */
export function normaliseCustomName(input: string): string | null {
  // Check before upper-casing: "ß", "ſ", "ı" and ligatures like "ﬀ" upper-case to ASCII letters.
  return /^[A-Za-z]{1,15}$/.test(input) ? input.toUpperCase() : null;
}

/** Digits only, 0-99, no sign, exponent, fraction or leading zero beyond a single "0". */
export function normaliseCustomNumber(input: string | number): string | null {
  const text = typeof input === 'number' ? (Number.isInteger(input) ? String(input) : '') : input;
  if (!/^(0|[1-9][0-9]?)$/.test(text)) return null;
  return text;
}

/** A normaliser's answer as a schema's value, or `message` as its issue when there is none. */
function normalisedOr(normalised: string | null, message: string, ctx: z.RefinementCtx): string {
  if (normalised !== null) return normalised;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

export const customNameSchema = z.string({ error: NAME_MESSAGE }).transform((value, ctx) => normalisedOr(normaliseCustomName(value), NAME_MESSAGE, ctx));

export const customNumberSchema = z
  .union([z.string(), z.number()], { error: NUMBER_MESSAGE })
  .transform((value, ctx) => normalisedOr(normaliseCustomNumber(value), NUMBER_MESSAGE, ctx));

/** What a shopper chooses for one shirt, before it is checked against the catalogue. */
export interface PersonalisationChoice {
  customType: CustomType;
  /** Player id from the team's squad list, for Choose A Player. */
  squadList: number | null;
  name: string | null;
  number: string | null;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
}

/** Premium options only mean something when a name and number are printed. */
export function premiumFeeEur(choice: Pick<PersonalisationChoice, 'customType' | 'premiumNameOption' | 'premiumNumberOption'>): number {
  if (!isPrinted(choice.customType)) return 0;
  let fee = 0;
  if (choice.premiumNameOption !== 'Standard') fee += PREMIUM_OPTION_FEE_EUR;
  if (choice.premiumNumberOption !== 'Standard') fee += PREMIUM_OPTION_FEE_EUR;
  return fee;
}
