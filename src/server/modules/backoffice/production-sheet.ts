/**
 * The production sheet (printable on A4) for one order or a batch: per shirt what the printer
 * needs (team, size, name and number with their premium options, patches) and the packing list of
 * each parcel, add-ons included. Orders come in the order asked for.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { sheetLetteringKey, teamSheets, type ProductionSheet, type SheetLetteringKey, type SheetOrder, type SheetShirt } from '../../../domain/back-office/production-sheet.model.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, type Localised } from '../../../domain/locale.ts';
import type { OrderStatus } from '../../../domain/orders.model.ts';
import { CUSTOM_TYPES, LETTERING_PARTS, printRow, printRows, type CustomType, type PremiumOption } from '../../../domain/personalisation.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../messages/localise.ts';
import { products, teams } from '../catalogue/index.ts';
import { OrderNotes, orderItems, orders } from '../orders/index.ts';
import { returnRequests } from '../returns/index.ts';

type ItemRow = typeof orderItems.$inferSelect;

const SHEET_KINDS: Partial<Record<CustomType, NonNullable<SheetShirt['print']>['kind']>> = {
  [CUSTOM_TYPES.CHOOSE_PLAYER]: 'player',
  [CUSTOM_TYPES.ADD_YOURS]: 'custom',
  [CUSTOM_TYPES.STANDARD]: 'blank',
};

/** What the printer reads of a line: its print rows (domain/personalisation.ts, printRows) as the sheet's print and patches. */
function sheetPrint(item: ItemRow, locale: Locale): Pick<SheetShirt, 'print' | 'patches'> {
  const rows = printRows({
    ...item,
    patches: item.patches.map((patch) => ({ patchName: pick(patch.name, locale), patchPrice: patch.price })),
    addonItems: item.addons.map((addon) => ({ name: pick(addon.name, locale), price: addon.price })),
  });
  const kind = SHEET_KINDS[printRow(rows, 'type')!.customType];
  const print = printRow(rows, 'print');
  const lettering = printRow(rows, 'lettering');
  const premium = Object.fromEntries(LETTERING_PARTS.map(({ part }) => [sheetLetteringKey(part), lettering?.[part] ?? 'Standard'])) as Record<SheetLetteringKey, PremiumOption>;
  return {
    // A blank shirt (type 1) has nothing to print.
    print: kind ? { kind, name: print?.name ?? null, number: print?.number ?? null, ...premium } : null,
    patches: printRow(rows, 'patches')?.items.map((patch) => patch.patchName) ?? [],
  };
}

/** A line as the sheet's shirt, its words in `locale`. */
function sheetShirt(item: ItemRow, team: Localised | null, locale: Locale): SheetShirt {
  return {
    orderItemId: item.id,
    team: team ? pick(team, locale) : '',
    product: pick(item.title, locale),
    size: item.size,
    quantity: item.quantity,
    ...sheetPrint(item, locale),
    group: item.groupId === null ? null : { id: item.groupId, name: item.groupName! },
  };
}

export async function productionSheet(db: Db, orderNos: readonly string[], locale: Locale, now: Date): Promise<ProductionSheet> {
  const wanted = [...new Set(orderNos)];
  const rows = await db.select().from(orders).where(inArray(orders.orderNo, wanted));
  const missing = wanted.find((no) => !rows.some((row) => row.orderNo === no));
  if (missing) throw notFound('order');
  const ids = rows.map((row) => row.id);
  const [items, notes] = await Promise.all([
    db
      .select({ item: orderItems, team: teams.name })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(teams, eq(teams.id, products.teamId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
    OrderNotes.of(db, ids),
  ]);
  // Replacements name what they replace: the original order and the claim that asked for them.
  const originalIds = rows.map((row) => row.replacesOrderId).filter((id): id is number => id !== null);
  const [originals, claims] = originalIds.length
    ? await Promise.all([
        db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, originalIds)),
        db.select({ returnNo: returnRequests.returnNo, replacementOrderId: returnRequests.replacementOrderId }).from(returnRequests).where(inArray(returnRequests.replacementOrderId, ids)),
      ])
    : [[], []];
  const sheetOrders = wanted.map((orderNo): SheetOrder => {
    const row = rows.find((r) => r.orderNo === orderNo)!;
    const lines = items.filter((i) => i.item.orderId === row.id);
    const shirts = lines.map(({ item, team }) => sheetShirt(item, team, locale));
    // A team's pages are printed in the order's language, whoever prints them.
    const orderLocale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
    const teams = teamSheets(lines.filter(({ item }) => item.groupId !== null).map(({ item, team }) => sheetShirt(item, team, orderLocale)));
    // Each shirt of a line comes with that line's add-ons.
    const packing = lines.flatMap(({ item }) => [
      { title: pick(item.title, locale), size: item.size as string | null, quantity: item.quantity },
      ...item.addons.map((addon) => ({ title: pick(addon.name, locale), size: null, quantity: item.quantity })),
    ]);
    const a = row.shippingAddress;
    return {
      orderNo: row.orderNo,
      locale: orderLocale,
      createdAt: row.createdAt.toISOString(),
      status: row.status as OrderStatus,
      shipTo: { name: `${a.firstName} ${a.lastName}`.trim(), city: a.city, country: a.country },
      shippingMethod: row.shippingMethod,
      shirts,
      teams,
      packing,
      notes: (notes.get(row.id) ?? []).map((note) => note.text),
      replacementOf: row.replacesOrderId === null ? null : { orderNo: originals.find((o) => o.id === row.replacesOrderId)?.orderNo ?? '', returnNo: claims.find((c) => c.replacementOrderId === row.id)?.returnNo ?? null },
    };
  });
  return { generatedAt: now.toISOString(), orders: sheetOrders };
}
