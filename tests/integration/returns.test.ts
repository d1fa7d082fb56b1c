/**
 * Returns and misprint claims (docs/back-office.md "Returns and claims"): the shopper's own
 * order only (a guest with its token), the return window's edges, the photos' checks and how
 * they are served, the staff moves with their audit rows and mail, resolving by a refund and by
 * a free replacement that goes to production again, and two staff resolving at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminReturnDetail, OrderReturns, ReturnRecord } from '../../src/domain/returns.model.ts';
import type { ProductionSheet } from '../../src/domain/back-office/production-sheet.model.ts';
import { auditLog, mailOutbox, orderItems, orderStatusEvents, orders, refunds, returnPhotos, returnRequests, taxDocuments, users } from '../../src/server/db/schema.ts';
import { call, signUp, type Answer, type TestAccount, type TestShop } from './harness.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { findStock, guestOrder, pay, plainLine, printedLine, stockOf, useOrderShop, type Stock } from './orders-support.ts';
import { orderRow } from '../support/order-rows.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;
let stock2: Stock;

useOrderShop({}, {}, 60, (env) => ({ shop, mail, stock } = env));

let owner: TestAccount;
let admin: TestAccount;
let shopper: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  [owner, admin, shopper, stranger] = await Promise.all([signUp(shop.app, { firstName: 'Olive' }), signUp(shop.app, { firstName: 'Adam' }), signUp(shop.app, { firstName: 'Petra', lastName: 'Lindqvist' }), signUp(shop.app)]);
  await shop.database.db.update(users).set({ roles: ['R_CUSTOMER', 'R_SUPER'] }).where(eq(users.id, owner.userId));
  await shop.database.db.update(users).set({ roles: ['R_CUSTOMER', 'R_ADMIN'] }).where(eq(users.id, admin.userId));
  stock2 = await findStock(shop, 60, 1);
});

type Auth = { auth: { headers: Record<string, string> } } | null;
const staff = <T>(account: Auth, path: string, body: Record<string, unknown>) => call<T>(shop.app, `/admin/returns/${path}`, body, account?.auth ?? {});
const shopperCall = <T>(path: string, body: Record<string, unknown>, account: Auth = null) => call<T>(shop.app, `/orders/returns/${path}`, body, account?.auth ?? {});
const move = (body: Record<string, unknown>) => call(shop.app, '/admin/orders/move', body, owner.auth);

/** A paid guest order of these lines, moved on to `until` by staff. */
async function orderAt(lines: Record<string, unknown>[], until: 'paid' | 'processing' | 'shipped' | 'delivered' = 'delivered') {
  const placed = await guestOrder(shop, lines);
  const paid = await pay(shop, placed.order);
  expect(paid.captured.data.status).toBe('paid');
  const { orderNo, accessToken: token } = placed.order;
  const path = ['processing', 'shipped', 'delivered'] as const;
  for (const to of path.slice(0, path.indexOf(until as (typeof path)[number]) + 1)) {
    const moved = await move({ orderNo, to, ...(to === 'shipped' ? { carrier: 'DHL Express', trackingNumber: 'JD0146000099' } : {}) });
    expect(moved.code, moved.msg).toBe('0000');
  }
  const items = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, (await orderRow(shop, orderNo)).id)).orderBy(orderItems.id);
  return { orderNo, token, items };
}

async function deliveredDaysAgo(orderNo: string, days: number, plusMs = 0) {
  const at = new Date(Date.now() - days * 86_400_000 + plusMs);
  await shop.database.db
    .update(orderStatusEvents)
    .set({ at })
    .where(and(eq(orderStatusEvents.orderId, (await orderRow(shop, orderNo)).id), eq(orderStatusEvents.toStatus, 'delivered')));
}

async function claim(o: { orderNo: string; token: string; items: { id: number }[] }, description = 'The number is printed upside down') {
  const made = await shopperCall<ReturnRecord>('create', { orderNo: o.orderNo, token: o.token, kind: 'claim', description, lines: [{ orderItemId: o.items[0]!.id, quantity: 1 }] });
  expect(made.code, made.msg).toBe('0000');
  return made.data;
}

const photoOf = (format: 'png' | 'jpeg', width = 64, height = 48) => {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

const addPhoto = (o: { orderNo: string; token: string }, returnNo: string, bytes: Buffer) => shopperCall<ReturnRecord>('photo', { orderNo: o.orderNo, token: o.token, returnNo, data: bytes.toString('base64') });

describe('the shopper asks', () => {
  it('answers only the order\'s owner or a guest with its token; others get not found', async () => {
    const o = await orderAt([plainLine(stock)]);
    await shop.database.db.update(orders).set({ userId: shopper.userId }).where(eq(orders.orderNo, o.orderNo));
    const mine = await shopperCall<OrderReturns>('list', { orderNo: o.orderNo }, shopper);
    expect(mine.code).toBe('0000');
    expect(mine.data.returnOpen).toBe(true);
    expect(mine.data.lines).toEqual([{ orderItemId: o.items[0]!.id, returnable: 1, claimable: 1 }]);
    expect((await shopperCall('list', { orderNo: o.orderNo, token: o.token })).code).toBe('0000');
    expect((await shopperCall('list', { orderNo: o.orderNo }, stranger)).code).toBe('1404');
    expect((await shopperCall('list', { orderNo: o.orderNo })).code).toBe('1404');
    expect((await shopperCall('list', { orderNo: o.orderNo, token: 'x'.repeat(43) })).code).toBe('1404');
    const theirs = await shopperCall('create', { orderNo: o.orderNo, kind: 'return', description: 'Too small', lines: [{ orderItemId: o.items[0]!.id, quantity: 1 }] }, stranger);
    expect(theirs.code).toBe('1404');
    expect(await shop.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, (await orderRow(shop, o.orderNo)).id))).toHaveLength(0);
  });

  it('returns unprinted lines only, after delivery and within the window (its last minute in, the next out)', async () => {
    const before = await orderAt([plainLine(stock)], 'shipped');
    const early = await shopperCall('create', { orderNo: before.orderNo, token: before.token, kind: 'return', description: 'Too small', lines: [{ orderItemId: before.items[0]!.id, quantity: 1 }] });
    expect(early.code).toBe('1409');
    expect(early.msg).toMatch(/delivered/);

    const o = await orderAt([plainLine(stock, 2), printedLine(stock2)]);
    const ask = (quantity = 1, id = o.items[0]!.id) => shopperCall<ReturnRecord>('create', { orderNo: o.orderNo, token: o.token, kind: 'return', description: 'Too small', lines: [{ orderItemId: id, quantity }] });
    const printed = await ask(1, o.items[1]!.id);
    expect(printed.code).toBe('1409');
    expect(printed.msg).toMatch(/Printed/);
    await deliveredDaysAgo(o.orderNo, 31);
    const late = await ask();
    expect(late.code).toBe('1409');
    expect(late.msg).toMatch(/return window/);
    await deliveredDaysAgo(o.orderNo, 30, 60_000);
    const inTime = await ask();
    expect(inTime.code, inTime.msg).toBe('0000');
    expect(inTime.data).toMatchObject({ kind: 'return', status: 'requested', lines: [{ orderItemId: o.items[0]!.id, quantity: 1, personalised: false }] });
    expect(inTime.data.returnNo).toMatch(/^RT-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    // One of two left; asking for two more is refused.
    expect((await ask(2)).code).toBe('1409');
    await deliveredDaysAgo(o.orderNo, 30, -60_000);
    expect((await ask()).msg).toMatch(/return window/);
    await shop.app.outbox.drain();
    await expect.poll(() => mail.messages.some((m) => m.subject === `We received your return request ${inTime.data.returnNo}`)).toBe(true);
  });

  it('takes a claim on any line of a paid order, not of an unpaid one, with a description of bounded length', async () => {
    const o = await orderAt([printedLine(stock)], 'paid');
    const tooLong = await shopperCall('create', { orderNo: o.orderNo, token: o.token, kind: 'claim', description: 'x'.repeat(2001), lines: [{ orderItemId: o.items[0]!.id, quantity: 1 }] });
    expect(tooLong.code).toBe('1001');
    const made = await claim(o);
    expect(made).toMatchObject({ kind: 'claim', status: 'requested', lines: [{ personalised: true, print: 'SMITH 7' }] });
    const unpaid = await guestOrder(shop, [plainLine(stock)]);
    const refused = await shopperCall('create', { orderNo: unpaid.order.orderNo, token: unpaid.order.accessToken, kind: 'claim', description: 'Broken', lines: [{ orderItemId: 1, quantity: 1 }] });
    expect(refused.code).toBe('1409');
  });
});

describe('photos', () => {
  it('checks each by its bytes: a PNG whatever its name, never an SVG or HTML, at most 5 MB and 3 photos; served as WebP to the owner and staff only', async () => {
    const o = await orderAt([printedLine(stock)], 'shipped');
    const made = await claim(o);
    const png = await photoOf('png');
    const added = await addPhoto(o, made.returnNo, png);
    expect(added.code, added.msg).toBe('0000');
    expect(added.data.photoIds).toHaveLength(1);
    // The same picture again is kept once.
    expect((await addPhoto(o, made.returnNo, png)).data.photoIds).toHaveLength(1);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const bad of [svg, html]) {
      const refused = await addPhoto(o, made.returnNo, bad);
      expect(refused.code).toBe('1001');
      expect(refused.msg).toMatch(/not a JPEG, PNG or WebP/);
    }
    // Over 5 MB by the base64's length (the schema) or by the decoded bytes (the pipeline).
    const jpeg = await photoOf('jpeg');
    const overBySchema = await addPhoto(o, made.returnNo, Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]));
    expect(overBySchema.code).toBe('1001');
    expect(overBySchema.msg).toMatch(/5 MB/);
    const overByBytes = await addPhoto(o, made.returnNo, Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]));
    expect(overByBytes.code).toBe('1004');
    expect(overByBytes.msg).toMatch(/5 MB/);

    // A JPEG carrying camera metadata (EXIF with a GPS-like note) is stored re-encoded without it.
    const exif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Camera owner', ImageDescription: 'GPS 59.33N 18.06E' } })
      .toBuffer();
    expect((await sharp(exif).metadata()).exif).toBeDefined();
    const third = await addPhoto(o, made.returnNo, exif);
    expect(third.data.photoIds).toHaveLength(2);
    expect((await addPhoto(o, made.returnNo, await photoOf('png', 90, 90))).data.photoIds).toHaveLength(3);
    const fourth = await addPhoto(o, made.returnNo, await photoOf('png', 91, 91));
    expect(fourth.code).toBe('1409');

    const stored = await shop.database.db.select().from(returnPhotos).where(eq(returnPhotos.requestId, (await shop.database.db.select().from(returnRequests).where(eq(returnRequests.returnNo, made.returnNo)))[0]!.id));
    expect(stored).toHaveLength(3);
    for (const photo of stored) {
      const meta = await sharp(Buffer.from(photo.bytes)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(photo.contentType).toBe('image/webp');
    }

    const id = third.data.photoIds[1]!;
    const url = `/api/orders/${o.orderNo}/returns/${made.returnNo}/photos/${id}.webp`;
    const guest = await shop.app.inject({ method: 'GET', url: `${url}?token=${o.token}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['content-type']).toBe('image/webp');
    expect(guest.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(guest.rawPayload).metadata()).format).toBe('webp');
    expect((await shop.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url, headers: stranger.auth.headers })).statusCode).toBe(404);
    const staffUrl = `/api/admin/returns/${made.returnNo}/photos/${id}.webp`;
    const seen = await shop.app.inject({ method: 'GET', url: staffUrl, headers: admin.auth.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    expect((await shop.app.inject({ method: 'GET', url: staffUrl, headers: stranger.auth.headers })).statusCode).toBe(403);

    // Decided: no more photos.
    expect((await staff(admin, 'decline', { returnNo: made.returnNo, reason: 'The print matches the order' })).code).toBe('0000');
    expect((await addPhoto(o, made.returnNo, await photoOf('png', 92, 92))).code).toBe('1409');
  });
});

describe('the Returns screen', () => {
  it('approves, receives (restocking unprinted lines only) and resolves a return by a refund: refund_id set, order:refund required', async () => {
    const o = await orderAt([plainLine(stock, 2)]);
    const made = await shopperCall<ReturnRecord>('create', { orderNo: o.orderNo, token: o.token, kind: 'return', description: 'Wrong size', lines: [{ orderItemId: o.items[0]!.id, quantity: 1 }] });
    const returnNo = made.data.returnNo;
    expect((await staff(shopper, 'approve', { returnNo, instructions: 'Send it to the shop' })).code).toBe('1403');
    const listed = await staff<{ records: { returnNo: string }[]; counts: Record<string, number> }>(admin, 'list', { status: 'requested', query: o.orderNo });
    expect(listed.data.records.map((r) => r.returnNo)).toEqual([returnNo]);
    expect(listed.data.counts.requested).toBe(1);
    // Staff type the start of either number, in any case; a typed wildcard matches only itself.
    for (const query of [o.orderNo.slice(0, 8).toLowerCase(), returnNo.slice(0, 7).toLowerCase(), returnNo]) {
      const found = await staff<{ records: { returnNo: string }[] }>(admin, 'list', { query });
      expect(found.data.records.map((r) => r.returnNo), query).toContain(returnNo);
    }
    expect((await staff<{ total: number }>(admin, 'list', { query: 'RT-%' })).data.total).toBe(0);
    expect((await staff(admin, 'receive', { returnNo, restock: [] })).code).toBe('1409');
    const approved = await staff<AdminReturnDetail>(admin, 'approve', { returnNo, instructions: 'Post it to: Jersey Shop, 1 Print Lane' });
    expect(approved.code, approved.msg).toBe('0000');
    expect(approved.data.status).toBe('approved');
    // A return is settled once its goods are back.
    expect((await staff(owner, 'resolve', { returnNo, by: 'refund' })).msg).toMatch(/received/);
    const before = await stockOf(shop, stock);
    const received = await staff<AdminReturnDetail>(admin, 'receive', { returnNo, restock: [{ orderItemId: o.items[0]!.id, restock: true }] });
    expect(received.data.status).toBe('received');
    expect(await stockOf(shop, stock)).toBe(before + 1);
    expect((await staff(admin, 'resolve', { returnNo, by: 'refund' })).code).toBe('1403');
    const resolved = await staff<AdminReturnDetail>(owner, 'resolve', { returnNo, by: 'refund' });
    expect(resolved.code, resolved.msg).toBe('0000');
    expect(resolved.data).toMatchObject({ status: 'resolved', resolution: 'refund' });
    const [refund] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderRow(shop, o.orderNo)).id));
    expect(refund).toMatchObject({ status: 'completed', amount: o.items[0]!.unitPrice, idempotencyKey: `return-${returnNo}` });
    expect(resolved.data.refundId).toBe(refund!.id);
    // The order was invoiced when paid: the refund is recorded by a credit note correcting that
    // invoice, for what was paid back, and the shopper's refund mail carries it.
    const { id: orderId, email } = await orderRow(shop, o.orderNo);
    const [invoice] = await shop.database.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
    expect(invoice).toBeDefined();
    const notes = await shop.database.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refundId: refund!.id, correctsId: invoice!.id, total: refund!.amount });
    expect(notes[0]!.net + notes[0]!.tax).toBe(refund!.amount);
    const refundMails = (await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).filter((m) => m.attachments.some((a) => a.documentId === notes[0]!.id));
    expect(refundMails).toHaveLength(1);
    const actions = (await shop.database.db.select().from(auditLog).where(eq(auditLog.entityId, returnNo)).orderBy(auditLog.id)).map((r) => r.action);
    expect(actions).toEqual(['return.approve', 'return.receive', 'return.resolve']);
    expect(resolved.data.history.map((h) => h.action)).toEqual(['return.request', 'return.approve', 'return.receive', 'return.resolve']);
    await shop.app.outbox.drain();
    await expect.poll(() => mail.messages.some((m) => m.subject === `Your return request ${returnNo} was approved` && m.text.includes('1 Print Lane'))).toBe(true);
  });

  it('never restocks a printed line, and resolves a claim by a free replacement that goes to production and onto the sheet', async () => {
    const o = await orderAt([printedLine(stock, 1, 'SMTIH', '9'), plainLine(stock2)]);
    const made = await claim(o, 'Name misspelt');
    const returnNo = made.returnNo;
    expect((await staff(admin, 'approve', { returnNo, instructions: 'No need to send it back' })).code).toBe('0000');
    const refused = await staff(admin, 'receive', { returnNo, restock: [{ orderItemId: o.items[0]!.id, restock: true }] });
    expect(refused.code).toBe('1409');
    expect(refused.msg).toMatch(/never put back/);
    const before = await stockOf(shop, stock);
    const resolved = await staff<AdminReturnDetail>(admin, 'resolve', { returnNo, by: 'replacement', note: 'Reprint' });
    expect(resolved.code, resolved.msg).toBe('0000');
    expect(resolved.data).toMatchObject({ status: 'resolved', resolution: 'replacement' });
    const replacementNo = resolved.data.replacementOrderNo!;
    const replacement = await orderRow(shop, replacementNo);
    expect(replacement).toMatchObject({ source: 'replacement', replacesOrderId: (await orderRow(shop, o.orderNo)).id, status: 'paid', total: 0, taxTotal: 0, itemsTotal: 0, shippingAmount: 0 });
    const lines = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, replacement.id));
    expect(lines).toEqual([expect.objectContaining({ customName: 'SMTIH', customNumber: '9', unitPrice: 0, lineTotal: 0, quantity: 1, personalised: true })]);
    expect(await stockOf(shop, stock)).toBe(before - 1);
    // It goes through production like any paid order.
    expect((await move({ orderNo: replacementNo, to: 'processing' })).code).toBe('0000');
    const sheet = await call<ProductionSheet>(shop.app, '/admin/orders/productionSheet', { orderNos: [replacementNo] }, admin.auth);
    expect(sheet.code, sheet.msg).toBe('0000');
    expect(sheet.data.orders[0]!.replacementOf).toEqual({ orderNo: o.orderNo, returnNo });
    await shop.app.outbox.drain();
    await expect.poll(() => mail.messages.some((m) => m.subject === `A free replacement for ${returnNo}: order ${replacementNo}`)).toBe(true);
    expect((await shop.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, replacementNo), eq(auditLog.action, 'order.replacement')))).length).toBe(1);
  });

  it('of two staff resolving at once, one wins and the other is told; one replacement is made', async () => {
    const o = await orderAt([printedLine(stock)], 'shipped');
    const { returnNo } = await claim(o);
    await staff(admin, 'approve', { returnNo, instructions: 'Keep it' });
    const answers: Answer[] = await Promise.all([staff(admin, 'resolve', { returnNo, by: 'replacement' }), staff(owner, 'resolve', { returnNo, by: 'replacement' })]);
    expect(answers.map((a) => a.code).sort()).toEqual(['0000', '1409']);
    const made = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.replacesOrderId, (await orderRow(shop, o.orderNo)).id));
    expect(made[0]!.n).toBe(1);
  });

  it('of a refund and a replacement at once, one wins: never both', async () => {
    const o = await orderAt([printedLine(stock)], 'shipped');
    const { returnNo } = await claim(o);
    await staff(admin, 'approve', { returnNo, instructions: 'Keep it' });
    const answers = await Promise.all([staff(owner, 'resolve', { returnNo, by: 'refund' }), staff(admin, 'resolve', { returnNo, by: 'replacement' })]);
    expect(answers.map((a) => a.code).sort()).toEqual(['0000', '1409']);
    const id = (await orderRow(shop, o.orderNo)).id;
    const replaced = (await shop.database.db.select().from(orders).where(eq(orders.replacesOrderId, id))).length;
    const refunded = (await shop.database.db.select().from(refunds).where(and(eq(refunds.orderId, id), eq(refunds.status, 'completed')))).length;
    expect(replaced + refunded).toBe(1);
  });
});
