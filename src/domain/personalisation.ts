/**
 * A shirt's print, the one value every layer passes whole (docs/money-and-personalisation.md):
 * its type, the zod shape of its request fields, its rules, its price, its short text and the rows
 * people read. Shared by the configurator in the browser and the API, which is the authority.
 * Schemas here are built from `z` alone (no method of another module's schema at module level),
 * so browser code may import this module without keeping zod (tests/unit/tooling/browser-imports.test.ts).
 */
import { z } from 'zod';
import { PRINT_MESSAGES, fieldMessage } from './field-messages.ts';
import { assertMinor } from './money.model.ts';

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

/**
 * Custom types a product offers, in the specification's order (the configurator, and the back
 * office's change of a line). Printing needs a printable product; choosing a player a squad list.
 */
export function offeredTypes(product: { printable: boolean; squad: readonly unknown[] }): CustomType[] {
  if (!product.printable) return [CUSTOM_TYPES.BLANK, CUSTOM_TYPES.STANDARD];
  return product.squad.length > 0
    ? [CUSTOM_TYPES.BLANK, CUSTOM_TYPES.CHOOSE_PLAYER, CUSTOM_TYPES.ADD_YOURS, CUSTOM_TYPES.STANDARD]
    : [CUSTOM_TYPES.BLANK, CUSTOM_TYPES.ADD_YOURS, CUSTOM_TYPES.STANDARD];
}

export const PREMIUM_OPTIONS = ['Standard', 'Gold', 'Silver'] as const;
export type PremiumOption = (typeof PREMIUM_OPTIONS)[number];
/** Each premium option that is not Standard adds 5 EUR (docs/storefront.md "Constants"). */
export const PREMIUM_OPTION_FEE_EUR = 500;

/**
 * The print's premium lettering choices, in reading order: each part of the print has its own
 * field of `Print` (and column, and request field of that name) and its own fee. The rules, the
 * rows, the configurator's controls and each reader's words walk this list, so a further lettering
 * choice (the sleeve's, say) is a row here and its words in print.json.
 */
export const LETTERING_PARTS = [
  { part: 'name', field: 'premiumNameOption' },
  { part: 'number', field: 'premiumNumberOption' },
] as const;
export type LetteringPart = (typeof LETTERING_PARTS)[number]['part'];
export type LetteringField = (typeof LETTERING_PARTS)[number]['field'];
/** Every lettering choice of a print, by its field: `premiumNameOption`, `premiumNumberOption`... */
export type Lettering = Record<LetteringField, PremiumOption>;

/** A print's lettering, each field's choice given by `choose`. */
export function letteringFrom(choose: (field: LetteringField) => PremiumOption): Lettering {
  return Object.fromEntries(LETTERING_PARTS.map(({ field }) => [field, choose(field)])) as Lettering;
}

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

/**
 * Upper-cases the letters a-z only, as a name field shows what is typed. Upper-casing everything
 * would turn "ß" into "SS" and "ﬀ" into "FF", which would then pass as letters A-Z: the rule above
 * refuses such input instead, so it must reach the check unchanged.
 */
export function upperAscii(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** Digits only, 0-99, no sign, exponent, fraction or leading zero beyond a single "0". */
export function normaliseCustomNumber(input: string | number): string | null {
  const text = typeof input === 'number' ? (Number.isInteger(input) ? String(input) : '') : input;
  if (!/^(0|[1-9][0-9]?)$/.test(text)) return null;
  return text;
}

/** What is wrong with a typed name or number to print, by the configurator's rule: the same words for every form that takes one (the configurator, a team roster's rows). */
export type PrintTextProblem = 'nameRequired' | 'nameInvalid' | 'numberRequired' | 'numberInvalid';

/** The cells of a printed line a shopper fills in: the configurator's form and each row of a team roster. */
export type LineField = 'size' | 'player' | 'name' | 'number' | 'quantity';
/** What both forms say of those cells by the same rules; each adds what only it checks (stock, the squad). */
export type LineProblem = PrintTextProblem | 'sizeRequired' | 'quantityInvalid';

/** The name's problem as typed (empty: required; not 1-15 letters A-Z: invalid), or null. */
export function nameProblem(typed: string): 'nameRequired' | 'nameInvalid' | null {
  if (typed === '') return 'nameRequired';
  return normaliseCustomName(typed) === null ? 'nameInvalid' : null;
}

/** The number's problem as typed (empty: required; not 0-99: invalid), or null. */
export function numberProblem(typed: string): 'numberRequired' | 'numberInvalid' | null {
  if (typed === '') return 'numberRequired';
  return normaliseCustomNumber(typed) === null ? 'numberInvalid' : null;
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

/** Every lettering choice standard: what a print starts as. */
export const STANDARD_LETTERING: Readonly<Lettering> = letteringFrom(() => 'Standard');

// ---------- the one value ----------

/**
 * What is printed on one shirt and what comes with it. Cart lines keep it (cart_items' columns
 * carry these names), a line's identity is made of it, and orders keep it with the printed name
 * and number (a chosen player's) and their extras frozen (order_items). A new print option is a
 * field here first.
 */
export interface Print extends Lettering {
  customType: CustomType;
  /** The squad player's id, for Choose A Player (`squadList` on the wire). */
  playerId: number | null;
  /** What is printed: the shopper's own for Add Yours (an order also keeps a chosen player's). */
  customName: string | null;
  customNumber: string | null;
  /** Patch and add-on ids, ascending, without repeats. */
  patchIds: number[];
  addonIds: number[];
}

/** The print without its extras: what an order line keeps in columns of these names (its extras are frozen with their names and prices). */
export type PrintLettering = Omit<Print, 'patchIds' | 'addonIds'>;

/** A patch and an add-on as lines show them, in the line's currency and the reader's language. */
export interface PatchItem {
  id: number;
  patchName: string;
  patchPrice: number;
}
export interface AddonItem {
  id: number;
  name: string;
  price: number;
}

/** A print as the API answers it on a cart or order line: the specification's flat names, extras resolved. */
export interface PrintRecord extends Lettering {
  customType: CustomType;
  squadList: number | null;
  customName: string | null;
  customNumber: string | null;
  patches: PatchItem[];
  addonItems: AddonItem[];
  personalised: boolean;
}

/**
 * Drops what the chosen type does not print (a name sent with "Blank" is not kept, nor a player
 * with "Add Yours"), so that equal choices are equal values.
 */
export function normalisePrint(print: Print): Print {
  const printed = isPrinted(print.customType);
  const own = print.customType === CUSTOM_TYPES.ADD_YOURS;
  return {
    customType: print.customType,
    playerId: print.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? print.playerId : null,
    customName: own ? print.customName : null,
    customNumber: own ? print.customNumber : null,
    ...letteringFrom((field) => (printed ? print[field] : 'Standard')),
    patchIds: print.patchIds,
    addonIds: print.addonIds,
  };
}

/** The print's part of a line's identity key, in the order cart_items.line_key has always had. */
export function printKeyParts(print: Print): (string | number)[] {
  return [
    print.patchIds.join('.'),
    print.addonIds.join('.'),
    print.customType,
    print.playerId ?? '',
    print.customName ?? '',
    print.customNumber ?? '',
    ...LETTERING_PARTS.map(({ field }) => print[field]),
  ];
}

/** The print of a stored row (a cart line, a line's config): its print fields and nothing else. */
export function printOf(row: Print): Print {
  return { ...letteringOf(row), patchIds: row.patchIds, addonIds: row.addonIds };
}

/** The lettering of a stored row or a print, for an order line's columns. */
export function letteringOf(row: PrintLettering): PrintLettering {
  return {
    customType: row.customType,
    playerId: row.playerId,
    customName: row.customName,
    customNumber: row.customNumber,
    ...letteringFrom((field) => row[field]),
  };
}

/**
 * What is printed: for Choose A Player the player's own name and number (the squad list's, read
 * when the line is priced), the print's otherwise.
 */
export function withPlayer(print: PrintLettering, player: { name: string; number: string } | null | undefined): PrintLettering {
  if (print.customType !== CUSTOM_TYPES.CHOOSE_PLAYER) return print;
  return { ...print, customName: player?.name ?? null, customNumber: player?.number ?? null };
}

/** The print as the API answers it, with its extras as the reader sees them. */
export function printRecord(print: PrintLettering, extras: { patches: PatchItem[]; addonItems: AddonItem[] }): PrintRecord {
  const { playerId, ...lettering } = letteringOf(print);
  return {
    ...lettering,
    squadList: playerId,
    patches: extras.patches,
    addonItems: extras.addonItems,
    personalised: isPrinted(print.customType),
  };
}

/** The lettering an answered line holds (what checkout freezes on the order line). */
export function letteringOfRecord(record: PrintRecord): PrintLettering {
  return letteringOf({ ...record, playerId: record.squadList });
}

// ---------- the request ----------

/** "3,7,12": comma-separated ids as the specification's cart item carries them; ascending, without repeats. */
function idListText(what: string) {
  return z
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
}

/**
 * The print's fields of a cart line as a client sends them (the specification's names), for
 * cart.schema.ts to spread into its line. `id` is the catalogue's id schema; it is passed in, and
 * the shape built on call, so that this module stays free of zod-keeping imports.
 */
export function printRequestShape<Id extends z.ZodType<number>>(id: Id) {
  return {
    // prefault, not default: zod 4's default skips the transform and would leave the string ''.
    patch: idListText('patch').prefault(''),
    addons: idListText('addons').prefault(''),
    customType: z
      .number()
      .refine((v): v is CustomType => (CUSTOM_TYPE_VALUES as readonly number[]).includes(v), 'customType must be 1, 2, 3 or 4'),
    squadList: z.nullish(id),
    customName: z.nullish(customNameSchema),
    customNumber: z.nullish(customNumberSchema),
    ...(Object.fromEntries(LETTERING_PARTS.map(({ field }) => [field, z.enum(PREMIUM_OPTIONS).default('Standard')])) as Record<LetteringField, z.ZodDefault<z.ZodEnum<{ [O in PremiumOption]: O }>>>),
  };
}

/** The print's fields of a parsed request. */
export interface PrintRequest extends Lettering {
  patch: number[];
  addons: number[];
  customType: CustomType;
  squadList?: number | null | undefined;
  customName?: string | null | undefined;
  customNumber?: string | null | undefined;
}

/** What the chosen type needs: a name and number for Add Yours, a player for Choose A Player. */
export function checkPrintRequest(line: PrintRequest, ctx: z.RefinementCtx): void {
  if (line.customType === CUSTOM_TYPES.ADD_YOURS) {
    if (!line.customName) ctx.addIssue({ code: 'custom', path: ['customName'], message: PRINT_MESSAGES.customNameRequired });
    if (line.customNumber == null) ctx.addIssue({ code: 'custom', path: ['customNumber'], message: PRINT_MESSAGES.customNumberRequired });
  }
  if (line.customType === CUSTOM_TYPES.CHOOSE_PLAYER && line.squadList == null) {
    ctx.addIssue({ code: 'custom', path: ['squadList'], message: PRINT_MESSAGES.playerRequired });
  }
}

/** The print a parsed request asks for, normalised. */
export function printOfRequest(line: PrintRequest): Print {
  return normalisePrint({
    customType: line.customType,
    playerId: line.squadList ?? null,
    customName: line.customName ?? null,
    customNumber: line.customNumber ?? null,
    ...letteringFrom((field) => line[field]),
    patchIds: line.patch,
    addonIds: line.addons,
  });
}

/** The request fields a print is sent as: only what its type prints (the configurator's cart line). */
export function printToRequest(print: Print): Lettering & { patch: string; addons: string; customType: CustomType; squadList?: number | null; customName?: string | null; customNumber?: string | null } {
  const normal = normalisePrint(print);
  return {
    patch: normal.patchIds.join(','),
    addons: normal.addonIds.join(','),
    customType: normal.customType,
    ...letteringFrom((field) => normal[field]),
    ...(normal.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? { squadList: normal.playerId } : {}),
    ...(normal.customType === CUSTOM_TYPES.ADD_YOURS ? { customName: normal.customName, customNumber: normal.customNumber } : {}),
  };
}

// ---------- price ----------

/** The fields of a print its price depends on, besides its extras' prices. */
export type PricedPrint = Pick<Print, 'customType' | LetteringField>;

/** Premium options only mean something when a name and number are printed. */
export function premiumFeeEur(choice: PricedPrint): number {
  if (!isPrinted(choice.customType)) return 0;
  return LETTERING_PARTS.filter(({ field }) => choice[field] !== 'Standard').length * PREMIUM_OPTION_FEE_EUR;
}

/** The catalogue's prices a print is priced from, all in EUR minor units. */
export interface PrintPrices {
  /** The product's fee for printing a name and number. */
  customisationFeeEur: number;
  patchPricesEur: readonly number[];
  addonPricesEur: readonly number[];
}

/** What a print adds to the shirt's price, in EUR minor units: the fee when printed, the premium lettering, patches and add-ons. */
export function printPriceEur(print: PricedPrint, prices: PrintPrices): number {
  const parts = [isPrinted(print.customType) ? prices.customisationFeeEur : 0, premiumFeeEur(print), ...prices.patchPricesEur, ...prices.addonPricesEur];
  let total = 0;
  for (const part of parts) {
    assertMinor(part);
    if (part < 0) throw new RangeError('catalogue prices cannot be negative');
    total += part;
  }
  return total;
}

// ---------- what people read ----------

/** The printed name and number in one: "SMITH 7" (empty when nothing is printed). */
export function printShortText(print: Pick<Print, 'customName' | 'customNumber'>): string {
  return [print.customName, print.customNumber].filter(Boolean).join(' ');
}

/** A print as a line shows it: an answered record, and on cart lines the chosen player. */
export interface ShownPrint extends Lettering {
  customType: CustomType;
  customName: string | null;
  customNumber: string | null;
  patches: readonly Pick<PatchItem, 'patchName' | 'patchPrice'>[];
  addonItems: readonly Pick<AddonItem, 'name' | 'price'>[];
  /** The chosen player (cart and checkout lines; an order line keeps the printed name and number instead). */
  player?: { name: string; number: string } | null;
}

/**
 * One row of what a line's print says, before it is worded: each reader (the storefront's line
 * details, the mail, the back office's order lines, the production sheet) words the rows in its
 * own catalogue and leaves out what it does not show.
 */
export type PrintRow =
  | { key: 'type'; customType: CustomType }
  | { key: 'player'; name: string; number: string }
  | { key: 'print'; name: string | null; number: string | null; text: string }
  | ({ key: 'lettering' } & Record<LetteringPart, PremiumOption>)
  | { key: 'patches'; items: ShownPrint['patches'] }
  | { key: 'addons'; items: ShownPrint['addonItems'] };

/**
 * The rows of a line's print, those it has, in reading order: its type; the chosen player, or the
 * printed name and number; the lettering of a printed shirt; patches; add-ons.
 */
export function printRows(line: ShownPrint): PrintRow[] {
  const rows: PrintRow[] = [{ key: 'type', customType: line.customType }];
  const player = line.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? line.player : null;
  if (player) rows.push({ key: 'player', name: player.name, number: player.number });
  else if (line.customName || line.customNumber !== null) rows.push({ key: 'print', name: line.customName || null, number: line.customNumber, text: printShortText(line) });
  if (isPrinted(line.customType)) rows.push({ key: 'lettering', ...(Object.fromEntries(LETTERING_PARTS.map(({ part, field }) => [part, line[field]])) as Record<LetteringPart, PremiumOption>) });
  if (line.patches.length > 0) rows.push({ key: 'patches', items: line.patches });
  if (line.addonItems.length > 0) rows.push({ key: 'addons', items: line.addonItems });
  return rows;
}

/** The row of `key` among `rows`, typed. */
export function printRow<K extends PrintRow['key']>(rows: readonly PrintRow[], key: K): Extract<PrintRow, { key: K }> | undefined {
  return rows.find((row): row is Extract<PrintRow, { key: K }> => row.key === key);
}
