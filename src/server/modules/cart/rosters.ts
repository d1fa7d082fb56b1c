/**
 * Team rosters in the cart (docs/storefront.md "Team orders"): a roster is checked by the domain's
 * rules (roster.model.ts: the configurator's per row, the whole roster's demand per size against
 * the stock) on the catalogue facts read in one round trip, priced by priceConfigs (the code that
 * prices every cart line) with the tiers on its total quantity, and added to the cart as one group
 * of lines, all rows or none. A group is replaced as a whole.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import type { RosterQuote } from '../../../domain/api/rosters.ts';
import { lineKey } from '../../../domain/cart.model.ts';
import type { Size } from '../../../domain/catalogue.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { CurrencyCode } from '../../../domain/money.model.ts';
import { CUSTOM_NAME_MAX, CUSTOM_NUMBER_MAX, CUSTOM_TYPES } from '../../../domain/personalisation.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/pricing.ts';
import {
  CART_LINES_MAX,
  checkRoster,
  priceRoster,
  rosterIsValid,
  rosterLines,
  type RosterCheck,
  type RosterFacts,
  type RosterInput,
  type RosterProblem,
  type RosterRowProblem,
} from '../../../domain/roster.model.ts';
import type { PricingTerms } from '../../../domain/shipping.ts';
import type { Db, Tx } from '../../db/client.ts';
import { fail, failWith, invalidFields, notFound, type FieldProblem } from '../../errors.ts';
import type { CartOwner } from '../../http/caller.ts';
import { msg, type Message } from '../../messages/index.ts';
import { productSizes, products, squadPlayers } from '../catalogue/index.ts';
import { ownedBy, type CartService } from './cart.ts';
import { cartItems } from './schema.ts';
import { fittingPatches, offeredAddons } from './statements.ts';

/** Ids as one array parameter ('{3,7}'), which drizzle would otherwise spread into a list of parameters. */
function intArray(ids: readonly number[]) {
  return sql`${`{${ids.join(',')}}`}`;
}

/** What a roster is checked against, read in one statement: the product, its sizes' stock, its squad, and how many of the chosen extras it takes. */
async function rosterFacts(db: Db | Tx, roster: RosterInput): Promise<RosterFacts> {
  const [row] = await db
    .select({
      printable: products.printable,
      sizes: sql<{ size: Size; stock: number }[]>`coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock)) from ${productSizes} s where s.product_id = ${products.id}), '[]')`,
      squad: sql<{ id: number; number: string }[]>`coalesce((select json_agg(json_build_object('id', sp.id, 'number', sp.number)) from ${squadPlayers} sp where sp.team_id = ${products.teamId}), '[]')`,
      fittingPatches: fittingPatches(intArray(roster.patchIds)),
      offeredAddons: offeredAddons(intArray(roster.addonIds)),
    })
    .from(products)
    .where(and(eq(products.id, roster.productId), eq(products.active, true)));
  if (!row) throw notFound('product');
  if (row.fittingPatches !== roster.patchIds.length) throw fail(CODES.INVALID_INPUT, 'cart.patchNotFitting');
  if (row.offeredAddons !== roster.addonIds.length) throw fail(CODES.INVALID_INPUT, 'cart.addonNotOffered');
  return { printable: row.printable, sizes: row.sizes, squad: row.squad };
}

/** A row's problem in the words the configurator's rule and the cart use. */
function rowMessage(problem: RosterRowProblem, size: string): Message {
  switch (problem) {
    case 'nameRequired':
      return msg('field.customNameRequired');
    case 'nameInvalid':
      return msg('field.customNameInvalid', { max: CUSTOM_NAME_MAX });
    case 'numberRequired':
      return msg('field.customNumberRequired');
    case 'numberInvalid':
      return msg('field.customNumberInvalid', { max: CUSTOM_NUMBER_MAX });
    case 'sizeRequired':
      return msg('roster.sizeRequired');
    case 'sizeNotOffered':
      return msg('cart.sizeNotOffered', { size });
    case 'sizeShort':
      return msg('roster.sizeShortRow', { size });
    case 'playerNotInSquad':
      return msg('cart.playerNotInSquad');
    case 'quantityInvalid':
      return msg('roster.quantityInvalid', { max: MAX_LINE_QUANTITY });
  }
}

function rosterMessage(problem: RosterProblem): FieldProblem {
  switch (problem.key) {
    case 'teamNameRequired':
      return { path: 'body.roster.teamName', problem: msg('field.teamNameRequired') };
    case 'teamNameTooLong':
      return { path: 'body.roster.teamName', problem: msg('field.tooLong', { max: problem.max }) };
    case 'rowsRequired':
      return { path: 'body.roster.rows', problem: msg('roster.rowsRequired') };
    case 'tooManyRows':
      return { path: 'body.roster.rows', problem: msg('field.rosterTooManyRows', { max: problem.max }) };
    case 'notPrintable':
      return { path: 'body.roster.productId', problem: msg('cart.notPrintable') };
    case 'sameNameInvalid':
      return { path: 'body.roster.sameName', problem: msg('field.customNameInvalid', { max: CUSTOM_NAME_MAX }) };
    case 'duplicateNumbers':
      return { path: 'body.roster.duplicatesConfirmed', problem: msg('roster.duplicateNumbers', { count: problem.numbers.length, numbers: problem.numbers.join(', ') }) };
  }
}

/**
 * Refuses a roster with problems, all or nothing: a size the whole roster asks more of than the
 * stock first (1410, naming the size, as the cart does), else every bad cell by its row (1001,
 * `body.roster.rows.<i>.<field>`, "Row 3: ...") and every problem of the whole.
 */
function refuseUnlessValid(roster: RosterInput, check: RosterCheck): void {
  if (rosterIsValid(check)) return;
  const [short] = check.shortages;
  if (short) {
    const said = short.stock <= 0 ? msg('roster.sizeSoldOut', { size: short.size, demand: short.demand }) : msg('roster.sizeShort', { size: short.size, demand: short.demand, stock: short.stock });
    throw failWith(CODES.OUT_OF_STOCK, said, { productId: roster.productId, size: short.size, available: short.stock, demand: short.demand, shortages: check.shortages });
  }
  const issues: FieldProblem[] = check.rows.flatMap((problems, index) =>
    Object.entries(problems).map(([field, problem]) => ({
      path: `body.roster.rows.${index}.${field}`,
      problem: msg('roster.row', { row: index + 1, problem: rowMessage(problem, roster.rows[index]!.size) }),
    })),
  );
  throw invalidFields(...issues, ...check.roster.map(rosterMessage));
}

export interface CartRostersDeps {
  db: Db;
  cart: CartService;
  /** The shop's settings of the moment (exchange rates, quantity tiers). */
  terms: () => Promise<PricingTerms>;
}

export class CartRosters {
  private readonly d: CartRostersDeps;

  constructor(deps: CartRostersDeps) {
    this.d = deps;
  }

  /** Checks and prices a roster in one call: its product's facts in one statement, its rows priced together as cart lines are. */
  async quote(roster: RosterInput, currency: CurrencyCode, locale: Locale): Promise<RosterQuote> {
    const { db } = this.d;
    const check = checkRoster(roster, await rosterFacts(db, roster));
    refuseUnlessValid(roster, check);
    const { rates, tiers } = await this.d.terms();
    const lines = rosterLines(roster);
    const priced = await this.d.cart.priceConfigs(
      db,
      lines.map((line) => ({ id: 0, ...line })),
      currency,
      locale,
      rates,
    );
    // The product was read active a moment ago; gone now, nothing is priced.
    if (priced.length !== lines.length) throw notFound('product');
    const { rows, totals } = priceRoster(
      priced.map((line) => ({ unitPriceEur: line.unitPriceEur, quantity: line.record.quantity })),
      currency,
      rates,
      tiers,
    );
    return { rows, totals, demand: check.demand, duplicates: check.duplicates };
  }

  /**
   * Adds a roster to the owner's cart as one group, each row a line of its own (its key carries
   * the group and the row, so rows never merge with each other or with other lines), in one
   * transaction. With `groupId` the owner's group of that id is replaced whole, keeping its id.
   * The stock is checked against the whole roster's demand now; the order takes it at checkout
   * (stockTaking), which never oversells.
   */
  async addToCart(owner: CartOwner, roster: RosterInput, groupId: string | undefined): Promise<{ groupId: string; ids: number[] }> {
    return this.d.db.transaction(async (tx) => {
      const check = checkRoster(roster, await rosterFacts(tx, roster));
      refuseUnlessValid(roster, check);
      const owned = ownedBy(owner);
      if (groupId !== undefined) {
        const replaced = await tx.delete(cartItems).where(and(owned, eq(cartItems.groupId, groupId))).returning({ id: cartItems.id });
        if (replaced.length === 0) throw notFound('rosterGroup');
      }
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(owned);
      if (count!.n + roster.rows.length > CART_LINES_MAX) throw fail(CODES.CONFLICT, msg('cart.full', { max: CART_LINES_MAX }));
      const group = groupId ?? randomUUID();
      const name = roster.teamName.trim();
      const rows = rosterLines(roster).map(({ config, quantity }, row) => ({
        userId: owner.userId ?? null,
        visitorId: owner.userId === undefined ? owner.visitorId : null,
        ...config,
        quantity,
        groupId: group,
        groupName: name,
        groupRow: row,
        lineKey: `${lineKey(config)}|${group}|${row}`,
      }));
      const saved = await tx.insert(cartItems).values(rows).returning({ id: cartItems.id, row: cartItems.groupRow });
      return { groupId: group, ids: saved.sort((a, b) => a.row! - b.row!).map((line) => line.id) };
    });
  }

  /** The owner's group as a roster again (to reopen it in the editor): its rows in order, its team-wide choices from its first row. */
  async cartGroup(owner: CartOwner, groupId: string): Promise<RosterInput> {
    const lines = await this.d.db
      .select()
      .from(cartItems)
      .where(and(ownedBy(owner), eq(cartItems.groupId, groupId)))
      .orderBy(asc(cartItems.groupRow));
    const first = lines[0];
    if (!first) throw notFound('rosterGroup');
    return {
      productId: first.productId,
      teamName: first.groupName!,
      patchIds: first.patchIds,
      addonIds: first.addonIds,
      premiumNameOption: first.premiumNameOption,
      premiumNumberOption: first.premiumNumberOption,
      // Each row keeps its own name: a roster with one name for all comes back with it on every row.
      sameName: null,
      rows: lines.map((line) => ({
        name: line.customType === CUSTOM_TYPES.ADD_YOURS ? (line.customName ?? '') : '',
        number: line.customType === CUSTOM_TYPES.ADD_YOURS ? (line.customNumber ?? '') : '',
        size: line.size,
        playerId: line.playerId,
        quantity: line.quantity,
      })),
      // The shopper confirmed them when the group was added.
      duplicatesConfirmed: true,
    };
  }
}
