/**
 * Cart lines: how a line's identity is made, and what the API answers. What a client may send is
 * in cart.schema.ts.
 */
import type { CurrencyCode } from './money.model.ts';
import { CUSTOM_TYPES, isPrinted, type CustomType, type PremiumOption } from './personalisation.ts';
import type { CartTotals } from './pricing.ts';
import type { Size } from './catalogue.schema.ts';
import type { NewCartLine } from './cart.schema.ts';

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
