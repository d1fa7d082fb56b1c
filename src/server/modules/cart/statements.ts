/**
 * The prepared statements of adding a line: the checks' read (product, size, stock, patches,
 * add-ons, player and the line already there, in one round trip) and the upsert.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LineConfig } from '../../../domain/cart.model.ts';
import { LETTERING_PARTS, type LetteringField } from '../../../domain/personalisation.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CartOwner } from '../../http/caller.ts';
import { addons, patches, productSizes, products, squadPlayers } from '../catalogue/index.ts';
import { cartItems } from './schema.ts';

export type OwnerKind = 'user' | 'visitor';

/** What adding a line is checked against, read in one round trip by lineQuery. */
export interface LineContext {
  printable: boolean;
  /** Null when the size is not offered. */
  stock: number | null;
  playerInTeam: boolean;
  fittingPatches: number;
  offeredAddons: number;
  /** The owner's line with the same identity, if any. */
  existingQuantity: number | null;
  /** Lines in the owner's cart. */
  lines: number;
}

const p = {
  productId: sql.placeholder('productId'),
  size: sql.placeholder('size'),
  playerId: sql.placeholder('playerId'),
  patchIds: sql.placeholder('patchIds'),
  addonIds: sql.placeholder('addonIds'),
  owner: sql.placeholder('owner'),
  lineKey: sql.placeholder('lineKey'),
};

function ownerColumn(kind: OwnerKind) {
  return kind === 'user' ? cartItems.userId : cartItems.visitorId;
}

/**
 * What a configuration is checked against, read beside its product (`extras` false leaves the
 * player, patches and add-ons out, for a line that has none): placeholders productId, size,
 * playerId, patchIds, addonIds; the query joins product_sizes on the size.
 */
export function configChecks(extras: boolean) {
  return {
    printable: products.printable,
    stock: productSizes.stock,
    playerInTeam: extras
      ? sql<boolean>`(${p.playerId}::int is null or exists (select 1 from ${squadPlayers} where ${squadPlayers.id} = ${p.playerId}::int and ${squadPlayers.teamId} = ${products.teamId}))`
      : sql<boolean>`true`,
    fittingPatches: extras ? fittingPatches(p.patchIds) : sql<number>`0`,
    offeredAddons: extras ? offeredAddons(p.addonIds) : sql<number>`0`,
  };
}

/** How many of the patch ids (an int[] value or placeholder) are active and fit the product read beside: all of them, or the choice is refused. */
export function fittingPatches(ids: SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>) {
  return sql<number>`(select count(*)::int from ${patches} where ${patches.id} = any(${ids}::int[]) and ${patches.active} and ${patches.fitsTags} && ${products.tags})`;
}

/** How many of the add-on ids are active and offered with the product read beside (its team's). */
export function offeredAddons(ids: SQL | SQL.Aliased | ReturnType<typeof sql.placeholder>) {
  return sql<number>`(select count(*)::int from ${addons} where ${addons.id} = any(${ids}::int[]) and ${addons.active} and ${addons.teamId} = ${products.teamId})`;
}

/**
 * The product and size of a configuration with everything a cart line is checked against (player, patches,
 * add-ons; `extras` false leaves those out, for a line that has none), and the owner's matching
 * line and line count: one statement with placeholders.
 */
export function lineQuery(db: Db | Tx, kind: OwnerKind, extras: boolean) {
  const owner = sql`${ownerColumn(kind)} = ${p.owner}`;
  return db
    .select({
      ...configChecks(extras),
      existingQuantity: sql<number | null>`(select ${cartItems.quantity} from ${cartItems} where ${owner} and ${cartItems.lineKey} = ${p.lineKey})`,
      // Lines of their own: a team roster's rows do not count against the drawer's limit (CART_LINES_MAX bounds them).
      lines: sql<number>`(select count(*)::int from ${cartItems} where ${owner} and ${cartItems.groupId} is null)`,
    })
    .from(products)
    .leftJoin(productSizes, and(eq(productSizes.productId, products.id), eq(productSizes.size, sql`${p.size}`)))
    .where(and(eq(products.id, sql`${p.productId}::int`), eq(products.active, true)));
}

/**
 * Adds a line, or adds to the owner's identical line, as long as the sum stays within `limit`
 * (checked against what lineQuery read, and again here against a parallel add to the same line).
 * The print's placeholders are named as its fields (domain/personalisation.ts, Print), so a line's
 * config is passed whole.
 */
export function upsertStatement(db: Db | Tx, kind: OwnerKind) {
  const column = ownerColumn(kind);
  return db
    .insert(cartItems)
    .values({
      userId: kind === 'user' ? sql`${p.owner}::int` : null,
      visitorId: kind === 'visitor' ? sql`${p.owner}` : null,
      productId: sql`${p.productId}::int`,
      size: sql`${p.size}`,
      patchIds: sql`${p.patchIds}::int[]`,
      addonIds: sql`${p.addonIds}::int[]`,
      customType: sql`${sql.placeholder('customType')}::smallint`,
      playerId: sql`${p.playerId}::int`,
      customName: sql`${sql.placeholder('customName')}`,
      customNumber: sql`${sql.placeholder('customNumber')}`,
      ...(Object.fromEntries(LETTERING_PARTS.map(({ field }) => [field, sql`${sql.placeholder(field)}`])) as Record<LetteringField, SQL>),
      quantity: sql`${sql.placeholder('quantity')}::int`,
      lineKey: sql`${p.lineKey}`,
    })
    .onConflictDoUpdate({
      target: [column, cartItems.lineKey],
      targetWhere: sql`${column} is not null`,
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${sql.placeholder('limit')}::int`,
    })
    .returning({ id: cartItems.id });
}

/** The placeholders' values of lineQuery for a configuration and an owner. */
export function checkValues(config: LineConfig, owner: CartOwner | { visitorId: string }, key = '') {
  return {
    productId: config.productId,
    size: config.size,
    playerId: config.playerId,
    patchIds: config.patchIds,
    addonIds: config.addonIds,
    owner: 'userId' in owner && owner.userId !== undefined ? owner.userId : owner.visitorId!,
    lineKey: key,
  };
}
