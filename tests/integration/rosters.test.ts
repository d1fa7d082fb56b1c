/**
 * Team rosters (issue 31, docs/storefront.md "Team orders"): checked and priced in one call, all
 * rows or none; added to the cart as one group that checkout and the order keep; replaced whole;
 * saved by signed-in shoppers. Concurrent rosters for the last units never oversell.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterQuote } from '../../src/domain/api/rosters.ts';
import { cartPageCount, cartPagesAgree, cartSegments, mergeCartPages, type CartPage } from '../../src/domain/cart.model.ts';
import type { CheckoutQuote, PlacedOrder } from '../../src/domain/checkout.model.ts';
import type { SavedRoster, SavedRosterEntry, RosterInput, RosterRowInput } from '../../src/domain/roster.model.ts';
import { CART_LINES_MAX, ROSTER_MAX_ROWS } from '../../src/domain/roster.model.ts';
import { cartItems, mailOutbox, orderItems, orders, productSizes, products } from '../../src/server/db/schema.ts';
import { call, createTestShop, signUp, visitor, type TestAccount, type TestShop } from './harness.ts';
import { as, findStock, headersFor, pay, placeOrder, printedLine, setStock, squadPlayerOf, stockOf, ukAddress, type Stock } from './orders-support.ts';

let shop: TestShop;
let stock: Stock;
let player: { id: number; name: string; number: string };
/** A second size of the same product, for rosters of two sizes. */
let otherSize: string;

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  stock = await findStock(shop, 20);
  player = await squadPlayerOf(shop, stock.teamId!);
  const [other] = await shop.database.db
    .select({ size: productSizes.size })
    .from(productSizes)
    .where(and(eq(productSizes.productId, stock.productId), sql`${productSizes.size} <> ${stock.size}`))
    .limit(1);
  otherSize = other!.size;
});
afterAll(async () => shop?.close());

function row(overrides: Partial<RosterRowInput> = {}): RosterRowInput {
  return { name: 'SMITH', number: '4', size: stock.size, playerId: null, quantity: 1, ...overrides };
}
function roster(rows: RosterRowInput[], overrides: Partial<RosterInput> = {}): RosterInput {
  return {
    productId: stock.productId,
    teamName: 'Harbour City FC',
    patchIds: [],
    addonIds: [],
    premiumNameOption: 'Standard',
    premiumNumberOption: 'Standard',
    sameName: null,
    rows,
    duplicatesConfirmed: false,
    ...overrides,
  };
}
/** Rows with distinct numbers 0-99 (and names), `count` of them. */
function rows(count: number, size = stock.size): RosterRowInput[] {
  return Array.from({ length: count }, (_, i) => row({ name: `P${'ABCDEFGHIJ'[Math.floor(i / 10) % 10]}${'ABCDEFGHIJ'[i % 10]}`, number: String(i % 100), size }));
}

function quote(body: RosterInput, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call<RosterQuote>(shop.app, '/roster/quote', { roster: body, ...extra }, { headers });
}
function addToCart(visitorId: string, body: RosterInput, groupId?: string) {
  return call<{ groupId: string; ids: number[] }>(shop.app, '/roster/addToCart', { roster: body, ...(groupId ? { groupId } : {}) }, as(visitorId));
}
async function cartOf(visitorId: string, current = 1) {
  return (await call<CartPage>(shop.app, '/demo/ironCartItem/queryCartItemList', { current, currency: 'EUR' }, as(visitorId))).data;
}

describe('checking and pricing a roster in one call', () => {
  it("prices each row as a cart line and the whole with the tier of the roster's total quantity", async () => {
    await setStock(shop, stock, 100);
    const answer = await quote(roster([row({ quantity: 3 }), row({ number: '5', quantity: 2 }), row({ playerId: player.id, name: '', number: '' })]));
    expect(answer.code, answer.msg).toBe('0000');
    const unit = stock.price + stock.customisationFee;
    expect(answer.data.rows).toEqual([
      { unitPrice: unit, quantity: 3, lineTotal: unit * 3 },
      { unitPrice: unit, quantity: 2, lineTotal: unit * 2 },
      { unitPrice: unit, quantity: 1, lineTotal: unit },
    ]);
    // Six shirts: the 20% tier of 5 or more, on the roster's total.
    expect(answer.data.totals).toMatchObject({ itemCount: 6, subtotal: unit * 6, discountPercent: 20, total: unit * 6 - Math.round(unit * 6 * 0.2) });
    expect(answer.data.demand).toEqual([{ size: stock.size, demand: 6, stock: 100 }]);
  });

  it('refuses every bad row by name, in the request language, and prices nothing', async () => {
    const bad = roster([row(), row({ name: '张伟', number: '5' }), row({ number: '100' }), row({ size: '9XL', number: '6' })]);
    const answer = await quote(bad);
    expect(answer.code).toBe('1001');
    expect(answer.data).toEqual({
      issues: [
        { path: 'body.roster.rows.1.name', message: 'Row 2: Name must be 1-15 letters A-Z' },
        { path: 'body.roster.rows.2.number', message: 'Row 3: Number must be digits 0-99' },
        { path: 'body.roster.rows.3.size', message: 'Row 4: Size 9XL is not offered for this product' },
      ],
    });
    const zh = await quote(bad, {}, { 'accept-language': 'zh-CN' });
    expect((zh.data as unknown as { issues: { message: string }[] }).issues[0]!.message).toBe('第 2 行：名字必须是 1-15 个字母 A-Z');
  });

  it('refuses duplicate numbers until they are confirmed (goalkeepers share numbers)', async () => {
    const twice = [row({ number: '1' }), row({ name: 'JONES', number: '1' })];
    const refused = await quote(roster(twice));
    expect(refused.code).toBe('1001');
    expect(refused.msg).toContain('Number 1 is on more than one row');
    const confirmed = await quote(roster(twice, { duplicatesConfirmed: true }));
    expect(confirmed.code, confirmed.msg).toBe('0000');
    expect(confirmed.data.duplicates).toEqual([{ number: '1', rows: [0, 1] }]);
  });

  it("refuses a roster whose whole demand of one size exceeds its stock, naming the size", async () => {
    await setStock(shop, stock, 5);
    const answer = await quote(roster([row({ quantity: 3 }), row({ number: '5', quantity: 3 }), row({ number: '6', size: otherSize })]));
    expect(answer.code).toBe('1410');
    expect(answer.msg).toBe(`The roster asks for 6 in size ${stock.size}: only 5 left`);
    expect(answer.data).toMatchObject({ productId: stock.productId, size: stock.size, available: 5, demand: 6 });
  });

  it(`takes ${ROSTER_MAX_ROWS} rows and refuses ${ROSTER_MAX_ROWS + 1}`, async () => {
    await setStock(shop, stock, 500);
    const full = await quote(roster(rows(ROSTER_MAX_ROWS), { duplicatesConfirmed: true }));
    expect(full.code, full.msg).toBe('0000');
    expect(full.data.rows).toHaveLength(ROSTER_MAX_ROWS);
    expect(full.data.totals.itemCount).toBe(ROSTER_MAX_ROWS);
    const over = await quote(roster(rows(ROSTER_MAX_ROWS + 1), { duplicatesConfirmed: true }));
    expect(over.code).toBe('1001');
    expect(over.msg).toContain(`A roster has at most ${ROSTER_MAX_ROWS} rows`);
  });
});

describe('a roster in the cart', () => {
  it('adds every row as its own line of one group, in the roster order, never merged with a line of its own', async () => {
    await setStock(shop, stock, 100);
    const v = visitor();
    const loose = await call(shop.app, '/demo/ironCartItem/saveCartItemList', [{ productId: stock.productId, size: stock.size, customType: 3, customName: 'SMITH', customNumber: '4', quantity: 1 }], as(v));
    expect(loose.code).toBe('0000');
    const added = await addToCart(v, roster([row(), row({ name: 'JONES', number: '5', size: otherSize, quantity: 2 }), row()], { duplicatesConfirmed: true }));
    expect(added.code, added.msg).toBe('0000');
    expect(added.data.ids).toHaveLength(3);
    const cart = await cartOf(v);
    expect(cart.records).toHaveLength(4);
    const group = cart.records.filter((r) => r.group !== null);
    expect(group.map((r) => [r.id, r.group, r.customName, r.size, r.quantity])).toEqual([
      [added.data.ids[0], { id: added.data.groupId, name: 'Harbour City FC', row: 0 }, 'SMITH', stock.size, 1],
      [added.data.ids[1], { id: added.data.groupId, name: 'Harbour City FC', row: 1 }, 'JONES', otherSize, 2],
      [added.data.ids[2], { id: added.data.groupId, name: 'Harbour City FC', row: 2 }, 'SMITH', stock.size, 1],
    ]);
    expect(cart.summary.itemCount).toBe(5);
    expect(cart.summary.discountPercent).toBe(20);
  });

  it('refuses a roster exceeding the stock now and leaves the cart as it was', async () => {
    await setStock(shop, stock, 2);
    const v = visitor();
    const answer = await addToCart(v, roster([row({ quantity: 2 }), row({ number: '5' })]));
    expect(answer.code).toBe('1410');
    expect(answer.msg).toContain(`size ${stock.size}`);
    expect(await shop.database.db.select().from(cartItems).where(eq(cartItems.visitorId, v))).toEqual([]);
  });

  it('replaces a group whole (reopened and changed), keeping its id; someone else cannot', async () => {
    await setStock(shop, stock, 100);
    const v = visitor();
    const first = await addToCart(v, roster([row(), row({ name: 'JONES', number: '5' })]));
    const reopened = await call<RosterInput>(shop.app, '/roster/cartGroup', { groupId: first.data.groupId }, as(v));
    expect(reopened.code).toBe('0000');
    expect(reopened.data.rows.map((r) => [r.name, r.number, r.size])).toEqual([
      ['SMITH', '4', stock.size],
      ['JONES', '5', stock.size],
    ]);
    const changed = { ...reopened.data, rows: [reopened.data.rows[0]!, { ...reopened.data.rows[1]!, size: otherSize }] };
    expect((await addToCart(visitor(), changed, first.data.groupId)).code).toBe('1404');
    const replaced = await addToCart(v, changed, first.data.groupId);
    expect(replaced.code, replaced.msg).toBe('0000');
    expect(replaced.data.groupId).toBe(first.data.groupId);
    const cart = await cartOf(v);
    expect(cart.records.map((r) => [r.id, r.size])).toEqual([
      [replaced.data.ids[0], stock.size],
      [replaced.data.ids[1], otherSize],
    ]);
    expect(first.data.ids.some((id) => replaced.data.ids.includes(id))).toBe(false);
  });

  it(`holds rosters' rows up to ${CART_LINES_MAX} lines in all`, async () => {
    await setStock(shop, stock, 1000);
    const v = visitor();
    expect((await addToCart(v, roster(rows(ROSTER_MAX_ROWS), { duplicatesConfirmed: true }))).code).toBe('0000');
    expect((await addToCart(v, roster(rows(CART_LINES_MAX - ROSTER_MAX_ROWS), { duplicatesConfirmed: true }))).code).toBe('0000');
    const over = await addToCart(v, roster(rows(1)));
    expect(over.code).toBe('1409');
    expect(over.msg).toBe(`Your cart is full (${CART_LINES_MAX} different items)`);
  });
});

describe('a roster ordered', () => {
  function checkoutBody(ids: number[]) {
    return { source: { type: 'cart', cartItemIds: ids }, currency: 'EUR', email: 'captain@example.com', address: ukAddress, shippingMethod: 'standard', acceptPersonalisedTerms: true };
  }

  it('keeps the group on the order lines', async () => {
    await setStock(shop, stock, 100);
    const v = visitor();
    const added = await addToCart(v, roster([row(), row({ name: 'JONES', number: '5', quantity: 2 })], { teamName: 'Old Boys XI' }));
    const placed = await placeOrder(shop, { visitorId: v }, checkoutBody(added.data.ids));
    expect(placed.code, placed.msg).toBe('0000');
    const [order] = await shop.database.db.select({ id: orders.id, tierPercent: orders.tierPercent }).from(orders).where(eq(orders.orderNo, placed.data.orderNo));
    const lines = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id)).orderBy(orderItems.id);
    expect(lines.map((l) => [l.groupId, l.groupName, l.customName, l.quantity])).toEqual([
      [added.data.groupId, 'Old Boys XI', 'SMITH', 1],
      [added.data.groupId, 'Old Boys XI', 'JONES', 2],
    ]);
    expect(order!.tierPercent).toBe(10);
  });

  it("sends a confirmation listing the team's rows under one heading, in the order's language", async () => {
    await setStock(shop, stock, 100);
    const v = visitor();
    const added = await addToCart(v, roster([row(), row({ name: 'JONES', number: '5', quantity: 2 })], { teamName: 'Harbour Gulls' }));
    const placed = await call<PlacedOrder>(shop.app, '/demo/checkout/placeOrder', checkoutBody(added.data.ids), { headers: { ...headersFor({ visitorId: v }).headers, 'accept-language': 'zh-CN' } });
    expect(placed.code, placed.msg).toBe('0000');
    const { captured } = await pay(shop, placed.data);
    expect(captured.data.status).toBe('paid');
    const [mail] = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'order-confirmation'), sql`${mailOutbox.subject} like ${`%${placed.data.orderNo}%`}`));
    expect(mail, 'the confirmation is queued').toBeDefined();
    // Three shirts under the heading, each row indented below it with its printed name.
    expect(mail!.textBody).toMatch(/\n球队：Harbour Gulls · 3 件球衣: €[\d.,]+\n {2}- .+ \(尺码 \w+\) x 1: €[\d.,]+\n {4}名字 SMITH · 号码 4\n {2}- .+ x 2: €[\d.,]+\n {4}名字 JONES · 号码 5\n/);
    expect(mail!.htmlBody).toContain('font-weight:bold">球队：Harbour Gulls · 3 件球衣</td>');
  });

  it(`lists a cart of a ${ROSTER_MAX_ROWS}-row roster and lines of its own in full, a page at a time, and orders every line`, async () => {
    await setStock(shop, stock, 1000);
    const v = visitor();
    const own = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', ['ADAMS', 'BROWN', 'CLARK'].map((name) => printedLine(stock, 1, name, '9')), as(v));
    expect(own.code, own.msg).toBe('0000');
    const team = await addToCart(v, roster(rows(ROSTER_MAX_ROWS), { duplicatesConfirmed: true, teamName: 'Big Squad' }));
    expect(team.code, team.msg).toBe('0000');
    const lines = ROSTER_MAX_ROWS + 3;

    // The list answers 100 lines a page (the spec's page); the cart page and the drawer read every page.
    const first = await cartOf(v, 1);
    expect(first).toMatchObject({ total: lines, size: 100 });
    expect(first.records).toHaveLength(100);
    const count = cartPageCount(first, CART_LINES_MAX);
    expect(count).toBe(3);
    const pages = [first, ...(await Promise.all([2, 3].map((current) => cartOf(v, current))))];
    expect(cartPagesAgree(pages)).toBe(true);
    const whole = mergeCartPages(pages);
    expect(whole.records).toHaveLength(lines);
    const ids = whole.records.map((r) => r.id);
    expect(new Set(ids)).toEqual(new Set([...own.data.ids, ...team.data.ids]));
    // The roster's rows, shown as one block, are all there in roster order.
    const [block] = cartSegments(whole.records).filter((s) => s.kind === 'group');
    expect(block).toMatchObject({ kind: 'group', name: 'Big Squad', itemCount: ROSTER_MAX_ROWS });
    expect(block!.kind === 'group' && block!.lines.map((l) => l.id)).toEqual(team.data.ids);

    // Checkout quotes and orders every line of it.
    const quoted = await call<CheckoutQuote>(shop.app, '/demo/checkout/quote', { source: { type: 'cart', cartItemIds: ids }, currency: 'EUR' }, as(v));
    expect(quoted.code, quoted.msg).toBe('0000');
    expect(quoted.data.lines).toHaveLength(lines);
    expect(quoted.data.summary.itemCount).toBe(lines);
    expect(quoted.data.lines.filter((l) => l.group?.name === 'Big Squad')).toHaveLength(ROSTER_MAX_ROWS);
    const placed = await placeOrder(shop, { visitorId: v }, checkoutBody(ids));
    expect(placed.code, placed.msg).toBe('0000');
    const [order] = await shop.database.db.select({ id: orders.id, itemCount: orders.itemCount }).from(orders).where(eq(orders.orderNo, placed.data.orderNo));
    const ordered = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(ordered).toHaveLength(lines);
    expect(ordered.filter((l) => l.groupId === team.data.groupId)).toHaveLength(ROSTER_MAX_ROWS);
    expect(ordered.filter((l) => l.groupId === null).map((l) => l.customName).sort()).toEqual(['ADAMS', 'BROWN', 'CLARK']);
    expect(order!.itemCount).toBe(lines);
  });

  it('never oversells when two rosters race for the last units', async () => {
    await setStock(shop, stock, 3);
    const [a, b] = [visitor(), visitor()];
    // The cart does not hold stock: both rosters fit what is left when they are added...
    const added = await Promise.all([a, b].map((v) => addToCart(v, roster([row({ quantity: 2 }), row({ name: 'JONES', number: '5' })]))));
    expect(added.map((x) => x.code)).toEqual(['0000', '0000']);
    // ...and checkout's stock rule lets one order take them.
    const placed = await Promise.all([a, b].map((v, i) => placeOrder(shop, { visitorId: v }, checkoutBody(added[i]!.data.ids))));
    expect(placed.map((p) => p.code).sort()).toEqual(['0000', '1410']);
    expect(await stockOf(shop, stock)).toBe(0);
  });
});

describe('saved rosters', () => {
  let captain: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    captain = await signUp(shop.app);
    stranger = await signUp(shop.app);
  });
  const as_ = (who: TestAccount) => who.auth;

  it('saves under the team name, lists, renames, copies and deletes; the name is one per shopper in any case', async () => {
    const saved = await call<SavedRoster>(shop.app, '/roster/saved/save', { roster: roster([row(), row({ name: 'JONES', number: '5', quantity: 3 })], { teamName: ' Eagles ' }) }, as_(captain));
    expect(saved.code, saved.msg).toBe('0000');
    expect(saved.data).toMatchObject({ name: 'Eagles', productId: stock.productId, rows: 2 });
    expect(saved.data.roster.rows[1]!.name).toBe('JONES');

    const taken = await call(shop.app, '/roster/saved/save', { roster: roster([row()], { teamName: 'EAGLES' }) }, as_(captain));
    expect(taken.code).toBe('1409');
    expect(taken.msg).toBe('You already have a roster called EAGLES');

    const copy = await call<SavedRoster>(shop.app, '/roster/saved/copy', { id: saved.data.id, name: 'Eagles 2027' }, as_(captain));
    expect(copy.code, copy.msg).toBe('0000');
    expect(copy.data.roster).toEqual({ ...saved.data.roster, teamName: 'Eagles 2027' });

    const renamed = await call<SavedRoster>(shop.app, '/roster/saved/rename', { id: saved.data.id, name: 'Eagles 2026' }, as_(captain));
    expect(renamed.data.name).toBe('Eagles 2026');

    const list = await call<SavedRosterEntry[]>(shop.app, '/roster/saved/list', {}, as_(captain));
    expect(list.data.map((r) => r.name).sort()).toEqual(['Eagles 2026', 'Eagles 2027']);
    // The account's list names the product in the request's language and counts the shirts.
    const [product] = await shop.database.db.select({ title: products.title, zh: sql<string | null>`${products.zh} ->> 'title'` }).from(products).where(eq(products.id, stock.productId));
    expect(list.data.map((r) => [r.productName, r.rows, r.shirts])).toEqual([[product!.title, 2, 4], [product!.title, 2, 4]]);
    const zhList = await call<SavedRosterEntry[]>(shop.app, '/roster/saved/list', {}, { headers: { ...as_(captain).headers, 'accept-language': 'zh-CN' } });
    expect(zhList.data[0]!.productName).toBe(product!.zh || product!.title);

    expect((await call(shop.app, '/roster/saved/remove', { id: saved.data.id }, as_(captain))).data).toEqual({ deleted: 1 });
    expect((await call<SavedRoster[]>(shop.app, '/roster/saved/list', {}, as_(captain))).data.map((r) => r.name)).toEqual(['Eagles 2027']);
  });

  it("keeps each shopper's rosters their own, and needs a session", async () => {
    const mine = await call<SavedRoster>(shop.app, '/roster/saved/save', { roster: roster([row()], { teamName: 'Mine' }) }, as_(captain));
    expect((await call(shop.app, '/roster/saved/rename', { id: mine.data.id, name: 'Taken over' }, as_(stranger))).code).toBe('1404');
    expect((await call(shop.app, '/roster/saved/remove', { id: mine.data.id }, as_(stranger))).code).toBe('1404');
    expect((await call(shop.app, '/roster/saved/copy', { id: mine.data.id, name: 'Stolen' }, as_(stranger))).code).toBe('1404');
    expect((await call<SavedRoster[]>(shop.app, '/roster/saved/list', {}, as_(stranger))).data).toEqual([]);
    expect((await call(shop.app, '/roster/saved/list', {})).code).toBe('8888');
  });

  it('refuses a blank team name', async () => {
    const answer = await call(shop.app, '/roster/saved/save', { roster: roster([row()], { teamName: '  ' }) }, as_(captain));
    expect(answer.code).toBe('1001');
    expect(answer.msg).toContain('Please enter the team name');
  });
});
