/**
 * The production sheet staff print for chosen orders (docs/back-office.md "The order screens"): what
 * to print on each shirt and what goes in each parcel. Its request is in production-sheet.schema.ts.
 */
import { SIZES } from '../catalogue.model.ts';
import type { Locale } from '../locale.ts';
import type { OrderStatus } from '../orders.model.ts';
import { LETTERING_PARTS, type LetteringPart, type PremiumOption } from '../personalisation.ts';

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
  /** The team roster the line was ordered in (docs/storefront.md "Team orders"), or null. */
  group: { id: string; name: string } | null;
}

/**
 * A team roster of an order as the printer reads it (issue 31): how many shirts per size and per
 * lettering option, then one row per shirt (a line of 3 is 3 rows, each with its own tick box),
 * sorted by size, then number, then name.
 */
export interface TeamSheet {
  id: string;
  name: string;
  sizes: { size: string; count: number }[];
  lettering: { key: SheetLetteringKey; option: PremiumOption; count: number }[];
  rows: SheetShirt[];
}

function sizeRank(size: string): number {
  const at = (SIZES as readonly string[]).indexOf(size);
  return at < 0 ? SIZES.length : at;
}

/** The team rosters among an order's shirts, in the order their first shirt comes. */
export function teamSheets(shirts: readonly SheetShirt[]): TeamSheet[] {
  const teams = new Map<string, TeamSheet>();
  for (const shirt of shirts) {
    if (!shirt.group) continue;
    let team = teams.get(shirt.group.id);
    if (!team) {
      team = { id: shirt.group.id, name: shirt.group.name, sizes: [], lettering: [], rows: [] };
      teams.set(shirt.group.id, team);
    }
    for (let i = 0; i < shirt.quantity; i++) team.rows.push({ ...shirt, quantity: 1 });
  }
  const numberOf = (shirt: SheetShirt) => (shirt.print?.number ? Number(shirt.print.number) : Number.POSITIVE_INFINITY);
  for (const team of teams.values()) {
    team.rows.sort((a, b) => sizeRank(a.size) - sizeRank(b.size) || numberOf(a) - numberOf(b) || (a.print?.name ?? '').localeCompare(b.print?.name ?? ''));
    const sizes = new Map<string, number>();
    const lettering = new Map<string, TeamSheet['lettering'][number]>();
    for (const row of team.rows) {
      sizes.set(row.size, (sizes.get(row.size) ?? 0) + 1);
      if (!row.print || row.print.kind === 'blank') continue;
      for (const { part } of LETTERING_PARTS) {
        const key = sheetLetteringKey(part);
        const option = row.print[key];
        const counted = lettering.get(`${key}|${option}`) ?? { key, option, count: 0 };
        counted.count++;
        lettering.set(`${key}|${option}`, counted);
      }
    }
    team.sizes = [...sizes].map(([size, count]) => ({ size, count }));
    team.lettering = [...lettering.values()];
  }
  return [...teams.values()];
}

export interface SheetOrder {
  orderNo: string;
  /** The order's language: its team sheets are printed in it, for the team's own printer or captain. */
  locale: Locale;
  createdAt: string;
  status: OrderStatus;
  shipTo: { name: string; city: string; country: string };
  shippingMethod: string;
  /** Every shirt, a roster's included (in the staff member's language). */
  shirts: SheetShirt[];
  /** The order's team rosters (teamSheets), their products and patches in the order's language. */
  teams: TeamSheet[];
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
