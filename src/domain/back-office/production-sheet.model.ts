/**
 * The production sheet staff print for chosen orders (docs/back-office.md "The order screens"): what
 * to print on each shirt and what goes in each parcel. Its request is in production-sheet.schema.ts.
 */
import type { OrderStatus } from '../orders.model.ts';
import type { LetteringPart, PremiumOption } from '../personalisation.ts';

/** The sheet's name of a lettering part's premium option: `premiumName` for the name. */
export type SheetLetteringKey = `premium${Capitalize<LetteringPart>}`;
export function sheetLetteringKey(part: LetteringPart): SheetLetteringKey {
  return `premium${part.charAt(0).toUpperCase()}${part.slice(1)}` as SheetLetteringKey;
}

export interface SheetShirt {
  orderItemId: number;
  team: string;
  product: string;
  size: string;
  quantity: number;
  /** What to print: a player, or the shopper's name and number, with the premium option of each lettering part (`premiumName`, `premiumNumber`...: sheetLetteringKey). */
  print: ({ kind: 'blank' | 'player' | 'custom'; name: string | null; number: string | null } & Record<SheetLetteringKey, PremiumOption>) | null;
  patches: string[];
}

export interface SheetOrder {
  orderNo: string;
  createdAt: string;
  status: OrderStatus;
  shipTo: { name: string; city: string; country: string };
  shippingMethod: string;
  shirts: SheetShirt[];
  /** Everything that goes in the parcel, add-ons included. */
  packing: { title: string; size: string | null; quantity: number }[];
  notes: string[];
  /** A free replacement (returns' claims): the original order's number and the claim's. */
  replacementOf?: { orderNo: string; returnNo: string | null } | null;
}

export interface ProductionSheet {
  generatedAt: string;
  orders: SheetOrder[];
}
