/**
 * The configurator's state and rules, free of React so they can be tested on their own: which
 * custom types a product offers, what is wrong with a choice, what the shirt costs (display only:
 * the server prices the cart), and the cart line a valid choice becomes.
 */
import type { Addon, Patch, ProductDetail, Size } from '../../domain/catalogue.schema.ts';
import {
  CUSTOM_TYPES,
  STANDARD_LETTERING,
  letteringFrom,
  nameProblem,
  normaliseCustomName,
  numberProblem,
  normaliseCustomNumber,
  printToRequest,
  upperAscii,
  type CustomType,
  type Lettering,
  type LineField,
  type LineProblem,
  type Print,
} from '../../domain/personalisation.ts';
import { MAX_LINE_QUANTITY, unitPriceEur } from '../../domain/pricing.ts';
import type { NewCartLineInput } from '../../stores/cart.ts';

/** The product facts the configurator works from (the build's copy until the live one arrives). */
export type ConfigurableProduct = Pick<ProductDetail, 'id' | 'price' | 'customisationFee' | 'sizes' | 'squad' | 'printable'>;

/** What the shopper chose, each premium lettering choice (domain LETTERING_PARTS) among it under its field's name. */
export interface Configuration extends Lettering {
  size: Size | null;
  customType: CustomType;
  /** The chosen squad player's id, for Choose A Player: `playerId` everywhere in the browser code. */
  playerId: number | null;
  /** The name field as shown (ASCII letters upper-cased as typed; anything else kept, to be refused). */
  name: string;
  number: string;
  patchIds: readonly number[];
  addonIds: readonly number[];
  quantity: number;
}

export type Field = LineField;
export type Problem = LineProblem | 'sizeSoldOut' | 'playerRequired' | 'notEnoughStock';
export type Problems = Partial<Record<Field, Problem>>;

/** Sizes with this many units or fewer say how many are left. */
export const LOW_STOCK = 5;

export function initialConfiguration(): Configuration {
  return {
    size: null,
    customType: CUSTOM_TYPES.BLANK,
    playerId: null,
    name: '',
    number: '',
    ...STANDARD_LETTERING,
    patchIds: [],
    addonIds: [],
    quantity: 1,
  };
}

export function stockOf(product: Pick<ConfigurableProduct, 'sizes'>, size: Size | null): number {
  if (size === null) return 0;
  return product.sizes.find((s) => s.size === size)?.stock ?? 0;
}

/** The most the quantity control allows: the line limit, or the chosen size's stock if lower. */
export function maxQuantity(product: Pick<ConfigurableProduct, 'sizes'>, size: Size | null): number {
  if (size === null) return MAX_LINE_QUANTITY;
  return Math.max(1, Math.min(MAX_LINE_QUANTITY, stockOf(product, size)));
}

/** What stops this choice from going in the cart, per field; empty when it can be added. */
export function findProblems(config: Configuration, product: ConfigurableProduct): Problems {
  const problems: Problems = {};
  if (config.size === null) problems.size = 'sizeRequired';
  else if (stockOf(product, config.size) <= 0) problems.size = 'sizeSoldOut';
  else if (config.quantity > stockOf(product, config.size)) problems.quantity = 'notEnoughStock';

  if (!Number.isInteger(config.quantity) || config.quantity < 1 || config.quantity > MAX_LINE_QUANTITY) problems.quantity = 'quantityInvalid';

  if (config.customType === CUSTOM_TYPES.CHOOSE_PLAYER && !product.squad.some((p) => p.id === config.playerId)) {
    problems.player = 'playerRequired';
  }
  if (config.customType === CUSTOM_TYPES.ADD_YOURS) {
    const name = nameProblem(config.name);
    const number = numberProblem(config.number);
    if (name) problems.name = name;
    if (number) problems.number = number;
  }
  return problems;
}

export function hasProblems(problems: Problems): boolean {
  return Object.keys(problems).length > 0;
}

/** The name and number printed on the back, for the preview; null when nothing is printed. */
export function printedText(config: Configuration, product: Pick<ConfigurableProduct, 'squad'>): { name: string; number: string } | null {
  if (config.customType === CUSTOM_TYPES.CHOOSE_PLAYER) {
    const player = product.squad.find((p) => p.id === config.playerId);
    return player ? { name: player.name, number: player.number } : { name: '', number: '' };
  }
  if (config.customType === CUSTOM_TYPES.ADD_YOURS) {
    // Shows what was typed even before it is valid, so the shopper sees what they are writing.
    return { name: upperAscii(config.name), number: config.number };
  }
  return null;
}

/** The unit price in EUR minor units, from the product and the patches and add-ons chosen. */
export function unitPriceOf(config: Configuration, product: ConfigurableProduct, patches: readonly Patch[], addons: readonly Addon[]): number {
  return unitPriceEur({
    productPriceEur: product.price,
    customisationFeeEur: product.customisationFee,
    patchPricesEur: patches.filter((p) => config.patchIds.includes(p.id)).map((p) => p.patchPrice),
    addonPricesEur: addons.filter((a) => config.addonIds.includes(a.id)).map((a) => a.price),
    ...config,
  });
}

/**
 * The print a choice makes (domain/personalisation.ts): the typed name and number normalised, and
 * only patches and add-ons the product offers, ascending.
 */
export function printOfConfiguration(config: Configuration, offered: { patches: readonly Patch[]; addons: readonly Addon[] }): Print {
  const ids = (chosen: readonly number[], known: readonly { id: number }[]) =>
    known
      .map((item) => item.id)
      .filter((id) => chosen.includes(id))
      .sort((a, b) => a - b);
  return {
    customType: config.customType,
    playerId: config.playerId,
    customName: normaliseCustomName(config.name),
    customNumber: normaliseCustomNumber(config.number),
    ...letteringFrom((field) => config[field]),
    patchIds: ids(config.patchIds, offered.patches),
    addonIds: ids(config.addonIds, offered.addons),
  };
}

/**
 * The cart line a choice becomes. Only what the chosen type prints is sent (a name typed before
 * switching to Blank stays out: printToRequest), and only patches and add-ons the product offers.
 * Call it after {@link findProblems} came back empty.
 */
export function toCartLine(
  config: Configuration,
  product: ConfigurableProduct,
  offered: { patches: readonly Patch[]; addons: readonly Addon[] },
): NewCartLineInput {
  if (config.size === null) throw new Error('toCartLine needs a size');
  return { productId: product.id, size: config.size, ...printToRequest(printOfConfiguration(config, offered)), quantity: config.quantity };
}

/** The build's product with the live price, fee, stock and squad laid over it, once they are known. */
export function withLiveFacts<T extends ConfigurableProduct>(built: T, live: ConfigurableProduct | null): T {
  if (!live) return built;
  return { ...built, price: live.price, customisationFee: live.customisationFee, sizes: live.sizes, squad: live.squad, printable: live.printable };
}

