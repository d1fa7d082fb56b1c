/**
 * Payment requests (docs/checkout-and-payments.md "Payment requests"): opened, cancelled, waived
 * and expired by the service the order changes use; paid through their link's endpoints in the
 * PayPal simulator (amount checked), by PayPal's webhook and by the reconciler; the extra invoiced;
 * refunds drawn across the order's capture and the request's, 20 at once never paying back more
 * than was paid.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayRequestView } from '../../src/domain/payment-requests.model.ts';
import { auditLog, mailOutbox, orderItems, paymentRequests, payments, refunds, taxDocuments } from '../../src/server/db/schema.ts';
import { loadConfig } from '../../src/server/config.ts';
import { requestReference } from '../../src/server/modules/payments/index.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { orderRow } from '../support/order-rows.ts';
import { staffAccount, type Staff } from './admin-support.ts';
import { call, type TestShop } from './harness.ts';
import { guestOrder, pay, plainLine, setStock, simulatorOf, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let mail: MailReceiver | undefined;
let stock: Stock;

useOrderShop({ paypal: { ...loadConfig({}).paypal, timeoutMs: 1500 } }, {}, 50, (env) => ({ shop, mail, stock } = env));

let owner: Staff;
beforeAll(async () => {
  await setStock(shop, stock, 1000);
  owner = await staffAccount(shop, 'R_CUSTOMER', 'R_SUPER');
});
void mail;

let buyers = 0;
async function paidOrder() {
  const email = `payreq.buyer.${++buyers}@example.com`;
  const placed = await guestOrder(shop, [plainLine(stock)], { email });
  const paid = await pay(shop, placed.order);
  expect(paid.captured.data.status).toBe('paid');
  const row = await orderRow(shop, placed.order.orderNo);
  return { order: placed.order, row, email };
}

/** Opens a request as the order changes do, in a transaction of their own; answers it with its link's token (read from the mail). */
async function openRequest(orderId: number, amount: number) {
  const opened = await shop.database.db.transaction((tx) => shop.app.payments.requests.openTx(tx, { orderId, purpose: 'order-change', changeId: null, amount, currency: 'EUR' }));
  const [mailed] = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-request')).orderBy(desc(mailOutbox.id)).limit(1);
  const token = /[?&]t=([A-Za-z0-9_-]+)/.exec(mailed!.textBody)![1]!;
  return { ...opened, token, mail: mailed! };
}

const view = (t: string) => call<PayRequestView>(shop.app, `/demo/pay-requests/view?t=${encodeURIComponent(t)}`, undefined, { method: 'GET' });
const createOrder = (t: string) => call<{ id: string }>(shop.app, '/demo/pay-requests/createOrder', { t });
const capture = (t: string, id: string) => call<PayRequestView>(shop.app, '/demo/pay-requests/capture', { t, id });
const refund = (body: Record<string, unknown>) => call(shop.app, '/admin/orders/refund', body, owner.auth);
const requestRow = async (id: number) => (await shop.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

/** The buyer pays the request through its page: PayPal order, approval in the window, capture. */
async function payThroughLink(token: string) {
  const created = await createOrder(token);
  expect(created.code, created.msg).toBe('0000');
  expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
  const captured = await capture(token, created.data.id);
  return { paypalOrderId: created.data.id, captured };
}

describe('opening, cancelling, waiving, expiring', () => {
  it('opens one request at a time: the link is mailed in the order language, a second one cancels the first', async () => {
    const { row, email } = await paidOrder();
    const first = await openRequest(row.id, 1250);
    expect(first.mail.toAddress).toBe(email);
    expect(first.mail.subject).toBe(`Payment needed for order ${row.orderNo}`);
    expect(first.mail.textBody).toContain('/en-US/pay/?t=');
    expect(first.mail.textBody).toContain('€12.50');
    // Stored as a digest only: the token is nowhere in the table.
    expect(JSON.stringify(await requestRow(first.id))).not.toContain(first.token);
    const hours = (first.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);

    const second = await openRequest(row.id, 900);
    expect((await requestRow(first.id)).status).toBe('cancelled');
    expect((await view(first.token)).data).toMatchObject({ status: 'cancelled', amount: 1250 });
    expect((await view(second.token)).data).toMatchObject({ status: 'open', amount: 900, currency: 'EUR', orderNo: row.orderNo, purpose: 'order-change', locale: 'en-US' });
    expect((await createOrder(first.token)).code).toBe('1409');
    const open = await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id));
    expect(open).toMatchObject({ id: second.id, amount: 900 });
  });

  it('cancels and waives: the link then answers that nothing is asked, and nothing is due', async () => {
    const { row } = await paidOrder();
    const cancelled = await openRequest(row.id, 500);
    await shop.database.db.transaction((tx) => shop.app.payments.requests.cancelOpenTx(tx, row.id, { id: owner.userId, email: owner.email }, 'Changed back'));
    expect(await requestRow(cancelled.id)).toMatchObject({ status: 'cancelled', closedById: owner.userId, closeReason: 'Changed back' });

    const waived = await openRequest(row.id, 600);
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.waiveTx(tx, row.id, { id: owner.userId, email: owner.email }, 'Goodwill'))).toBe(true);
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.waiveTx(tx, row.id, { id: owner.userId, email: owner.email }, 'Again'))).toBe(false);
    expect(await requestRow(waived.id)).toMatchObject({ status: 'waived', closedByEmail: owner.email, closeReason: 'Goodwill' });
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id))).toBeNull();
    const answer = await createOrder(waived.token);
    expect(answer.code).toBe('1409');
    expect(answer.msg).toBe('This payment is no longer asked for');
  });

  it('expires past its time (the job), refuses to be paid, and a new link can be sent', async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 700);
    await shop.database.db.update(paymentRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentRequests.id, request.id));
    // Past its time the page reads it expired even before the job ran.
    expect((await view(request.token)).data.status).toBe('expired');
    expect(await shop.app.payments.requests.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await requestRow(request.id)).status).toBe('expired');
    const refused = await createOrder(request.token);
    expect(refused.code).toBe('1402');
    expect(refused.msg).toBe('This payment link has expired; please contact the shop for a new one');
    const audit = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment-request.expire'), eq(auditLog.entityId, row.orderNo)));
    expect(audit).toHaveLength(1);

    // Expired unpaid, a change's request is still owed: it holds production until paid, waived or replaced.
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id))).toMatchObject({ id: request.id, amount: 700, status: 'expired' });

    const again = await shop.database.db.transaction((tx) => shop.app.payments.requests.reopenTx(tx, row.id, { id: owner.userId, email: owner.email }));
    expect(again).toMatchObject({ replaced: { id: request.id, status: 'expired', amount: 700 } });
    expect(await requestRow(again!.id)).toMatchObject({ status: 'open', amount: 700, purpose: 'order-change' });
    expect(await requestRow(request.id)).toMatchObject({ status: 'cancelled', closedById: owner.userId, closeReason: 'A new link was sent' });
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id))).toMatchObject({ id: again!.id, status: 'open' });
    // The old link now answers that it is closed; the new one is mailed and pays.
    expect((await createOrder(request.token)).code).toBe('1409');
    const [mailed] = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-request')).orderBy(desc(mailOutbox.id)).limit(1);
    const token = /[?&]t=([A-Za-z0-9_-]+)/.exec(mailed!.textBody)![1]!;
    expect((await payThroughLink(token)).captured.data.status).toBe('paid');
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id))).toBeNull();
    // Nothing owed: no new link.
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.reopenTx(tx, row.id, { id: owner.userId, email: owner.email }))).toBeNull();
  });

  it("a staff order's expired link is not owed nor renewed (that order is cancelled unpaid at its expiry)", async () => {
    const { row } = await paidOrder();
    const opened = await shop.database.db.transaction((tx) => shop.app.payments.requests.openTx(tx, { orderId: row.id, purpose: 'manual-order', changeId: null, amount: 900, currency: 'EUR', expiresAt: new Date(Date.now() - 1000) }));
    await shop.app.payments.requests.expireDue();
    expect((await requestRow(opened.id)).status).toBe('expired');
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id))).toBeNull();
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.reopenTx(tx, row.id, { id: owner.userId, email: owner.email }))).toBeNull();
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.waiveTx(tx, row.id, { id: owner.userId, email: owner.email }, 'no'))).toBe(false);
    expect((await requestRow(opened.id)).status).toBe('expired');
  });
});

describe('paying through the link', () => {
  it('a token works for its own request only; a bad one is refused and changes nothing', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const ra = await openRequest(a.row.id, 1000);
    const rb = await openRequest(b.row.id, 1000);
    const created = await createOrder(rb.token);
    expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
    // a's token with b's PayPal order: refused, neither paid.
    const crossed = await capture(ra.token, created.data.id);
    expect(crossed.code).toBe('1402');
    expect((crossed.data as unknown as { reason: string }).reason).toBe('ORDER_MISMATCH');
    expect((await requestRow(ra.id)).status).toBe('open');
    expect((await requestRow(rb.id)).status).toBe('open');
    expect((await view('A'.repeat(32))).code).toBe('1404');
    expect((await view('short')).code).toBe('1001');
  });

  it('is paid by its capture: request paid with its capture, invoice for the extra, mail with it, audit row; a retry answers paid', async () => {
    const { row, email } = await paidOrder();
    const request = await openRequest(row.id, 1500);
    const { paypalOrderId, captured } = await payThroughLink(request.token);
    expect(captured.code, captured.msg).toBe('0000');
    expect(captured.data).toMatchObject({ status: 'paid', amount: 1500 });
    const paid = await requestRow(request.id);
    expect(paid.captureId).toBe(simulatorOf(shop).captureOf(paypalOrderId)!.id);
    expect(paid.paidAt).not.toBeNull();
    expect(simulatorOf(shop).captureOf(paypalOrderId)!.custom_id).toBe(requestReference(row.orderNo, request.id));

    const invoices = await shop.database.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, row.id), eq(taxDocuments.kind, 'invoice'))).orderBy(taxDocuments.id);
    expect(invoices.map((i) => i.total)).toEqual([row.total, 1500]);
    expect(invoices[1]!.seq).toBe(invoices[0]!.seq + 1);
    expect(invoices[1]!.net + invoices[1]!.tax).toBe(1500);
    const [received] = await shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'payment-received'), eq(mailOutbox.toAddress, email)));
    expect(received!.attachments).toEqual([{ kind: 'tax-document', documentId: invoices[1]!.id }]);
    const audit = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.extra-paid'), eq(auditLog.entityId, row.orderNo)));
    expect(audit).toHaveLength(1);
    expect(await shop.database.db.transaction((tx) => shop.app.payments.requests.dueForTx(tx, row.id))).toBeNull();

    // Again (a retry after a timeout): the same answer, nothing twice.
    expect((await capture(request.token, paypalOrderId)).data.status).toBe('paid');
    expect((await shop.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, row.id))).length).toBe(2);
    // The mail goes out with the invoice's PDF rendered (one charge line, not the order's lines).
    await shop.app.outbox.drain();
    const [sent] = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, received!.id));
    expect(sent!.status).toBe('sent');
  });

  it('refuses a capture whose amount is not the request amount, and leaves it open', async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 2000);
    const created = await createOrder(request.token);
    expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
    // The request now asks for another sum than its PayPal order was made for.
    await shop.database.db.update(paymentRequests).set({ amount: 2100 }).where(eq(paymentRequests.id, request.id));
    const answer = await capture(request.token, created.data.id);
    expect(answer.code).toBe('1402');
    expect((answer.data as unknown as { reason: string }).reason).toBe('AMOUNT_MISMATCH');
    expect(await requestRow(request.id)).toMatchObject({ status: 'open', captureId: null });
  });

  it("is paid by PayPal's webhook when the buyer closed the window, once however often it arrives", async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 800);
    const created = await createOrder(request.token);
    const sim = simulatorOf(shop);
    const resource = {
      id: 'REQCAPTURE00000001',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '8.00' },
      custom_id: requestReference(row.orderNo, request.id),
      supplementary_data: { related_ids: { order_id: created.data.id } },
    };
    const event = sim.event('PAYMENT.CAPTURE.COMPLETED', resource);
    expect(await sim.deliver(event, 2)).toEqual([200, 200]);
    expect(await requestRow(request.id)).toMatchObject({ status: 'paid', captureId: 'REQCAPTURE00000001' });
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(payment!.lastIssue).toBeNull();
    expect((await shop.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, row.id))).length).toBe(2);
    // A wrong amount in another event pays nothing.
    const other = await paidOrder();
    const second = await openRequest(other.row.id, 800);
    const made = await createOrder(second.token);
    await sim.deliver(sim.event('PAYMENT.CAPTURE.COMPLETED', { ...resource, id: 'REQCAPTURE00000002', amount: { currency_code: 'EUR', value: '0.01' }, custom_id: requestReference(other.row.orderNo, second.id), supplementary_data: { related_ids: { order_id: made.data.id } } }));
    expect((await requestRow(second.id)).status).toBe('open');
  });

  it('is captured and paid by the reconciler when the buyer approved and never came back', async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 650);
    const created = await createOrder(request.token);
    expect(simulatorOf(shop).approve(created.data.id)).toBe(true);
    await shop.database.db.update(paymentRequests).set({ updatedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(paymentRequests.id, request.id));
    await shop.app.payments.reconciler.run();
    expect((await requestRow(request.id)).status).toBe('paid');
  });
});

describe('refunds across captures', () => {
  it("draws on the order's capture first, then the request's, and credits each invoice", async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 1000);
    const { captured } = await payThroughLink(request.token);
    expect(captured.data.status).toBe('paid');
    const requestCapture = (await requestRow(request.id)).captureId!;
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));

    const first = await refund({ orderNo: row.orderNo, idempotencyKey: `span-${row.orderNo}-1`, amount: row.total + 400, reason: 'Spans both' });
    expect(first.code, first.msg).toBe('0000');
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(refunds.id);
    expect(rows.map((r) => [r.amount, r.captureId, r.status])).toEqual([
      [row.total, null, 'completed'],
      [400, requestCapture, 'completed'],
    ]);
    expect(simulatorOf(shop).refundedOf(payment!.captureId!)).toBe(row.total);
    expect(simulatorOf(shop).refundedOf(requestCapture)).toBe(400);

    // More than what is left is refused; the rest is paid back from the request's capture and closes the order.
    expect((await refund({ orderNo: row.orderNo, idempotencyKey: `span-${row.orderNo}-2`, amount: 601, reason: 'Too much' })).code).toBe('1409');
    const rest = await refund({ orderNo: row.orderNo, idempotencyKey: `span-${row.orderNo}-3`, amount: 600, reason: 'The rest' });
    expect(rest.code, rest.msg).toBe('0000');
    expect(simulatorOf(shop).refundedOf(requestCapture)).toBe(1000);
    expect((await orderRow(shop, row.orderNo)).status).toBe('refunded');
    const notes = await shop.database.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, row.id), eq(taxDocuments.kind, 'credit_note'))).orderBy(taxDocuments.id);
    const invoices = await shop.database.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, row.id), eq(taxDocuments.kind, 'invoice'))).orderBy(taxDocuments.id);
    expect(notes.map((n) => [n.total, n.correctsId])).toEqual([
      [row.total, invoices[0]!.id],
      [400, invoices[1]!.id],
      [600, invoices[1]!.id],
    ]);
  });

  it("records a refund made in PayPal's dashboard from the request's capture against that capture", async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 1000);
    await payThroughLink(request.token);
    const requestCapture = (await requestRow(request.id)).captureId!;
    const sim = simulatorOf(shop);
    const made = sim.refundFromDashboard(requestCapture, 300);
    await sim.deliver(sim.event('PAYMENT.CAPTURE.REFUNDED', { ...made, links: [{ rel: 'up', href: `${sim.baseUrl}/v2/payments/captures/${requestCapture}` }] }));
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(rows.map((r) => [r.amount, r.captureId, r.status])).toEqual([[300, requestCapture, 'completed']]);
    // What is left of each capture is what the desk draws on next: the order's whole, then 700 of the request's.
    const rest = await refund({ orderNo: row.orderNo, idempotencyKey: `dash-${row.orderNo}`, amount: row.total + 700, reason: 'All the rest' });
    expect(rest.code, rest.msg).toBe('0000');
    expect(sim.refundedOf(requestCapture)).toBe(1000);
    expect((await orderRow(shop, row.orderNo)).status).toBe('refunded');
  });

  /** The refund mails queued for a buyer, oldest first. */
  const refundMails = (email: string) =>
    shop.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'order-refunded'), eq(mailOutbox.toAddress, email))).orderBy(mailOutbox.id);
  const creditNotesOf = (orderId: number) => shop.database.db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note'))).orderBy(taxDocuments.id);
  const euros = (minor: number) => `€${(minor / 100).toFixed(2)}`;

  it('one refund drawn from both captures is one mail listing both PayPal refunds with both credit notes; the same key again is the same refund', async () => {
    const { row, email } = await paidOrder();
    const request = await openRequest(row.id, 1000);
    await payThroughLink(request.token);
    const requestCapture = (await requestRow(request.id)).captureId!;
    const body = { orderNo: row.orderNo, idempotencyKey: `one-mail-${row.orderNo}`, amount: row.total + 400, reason: 'Spans both' };
    const first = await refund(body);
    expect(first.code, first.msg).toBe('0000');

    const mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${row.orderNo} was partly refunded`);
    expect(mails[0]!.textBody).toContain(`We refunded ${euros(row.total + 400)} of order ${row.orderNo}.`);
    expect(mails[0]!.textBody).toContain(`2 PayPal refunds, one per payment: ${euros(row.total)} and ${euros(400)}.`);
    const notes = await creditNotesOf(row.id);
    expect(notes.map((n) => n.total)).toEqual([row.total, 400]);
    expect(mails[0]!.attachments).toEqual(notes.map((n) => ({ kind: 'tax-document', documentId: n.id })));

    // The same key again (a retry after a lost answer): the same refund, nothing asked of PayPal, no second mail.
    const again = await refund(body);
    expect(again.code, again.msg).toBe('0000');
    expect((again.data as { refunds: unknown[] }).refunds).toEqual((first.data as { refunds: unknown[] }).refunds);
    expect(simulatorOf(shop).refundedOf(requestCapture)).toBe(400);
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(2);
    expect(await refundMails(email)).toHaveLength(1);
    // Another amount under that key is another request: refused.
    expect(await refund({ ...body, amount: row.total + 300 })).toMatchObject({ code: '1409', msg: expect.stringContaining('key') });

    // The rest closes the order: one more mail, one PayPal refund, nothing listed.
    const rest = await refund({ orderNo: row.orderNo, idempotencyKey: `one-mail-${row.orderNo}-rest`, amount: 600, reason: 'The rest' });
    expect(rest.code, rest.msg).toBe('0000');
    const all = await refundMails(email);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe(`Order ${row.orderNo} was refunded`);
    expect(all[1]!.textBody).not.toContain('PayPal refunds');
  });

  it('a refund by lines drawn from both captures: the same key again answers it, not a conflict', async () => {
    const { row } = await paidOrder();
    const [item] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    const request = await openRequest(row.id, item!.unitPrice);
    await payThroughLink(request.token);
    // 100 left of the order's capture, so the line's refund takes the rest from the request's.
    expect((await refund({ orderNo: row.orderNo, idempotencyKey: `lines-${row.orderNo}-0`, amount: row.total - 100, reason: 'Goodwill' })).code).toBe('0000');
    const body = { orderNo: row.orderNo, idempotencyKey: `lines-${row.orderNo}-1`, lines: [{ orderItemId: item!.id, quantity: 1 }], reason: 'Returned' };
    const first = await refund(body);
    expect(first.code, first.msg).toBe('0000');
    const parts = (await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(refunds.id)).slice(1);
    expect(parts.map((p) => p.amount)).toEqual([100, item!.unitPrice - 100]);
    const again = await refund(body);
    expect(again.code, again.msg).toBe('0000');
    expect(await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(3);
  });

  it('a part PayPal pays out later holds the one mail until it has settled', async () => {
    const { row, email } = await paidOrder();
    const request = await openRequest(row.id, 1000);
    await payThroughLink(request.token);
    // The first part (the order's capture) is left PENDING at PayPal, the second completes at once.
    simulatorOf(shop).setSwitches({ nextRefund: 'PENDING' });
    const asked = await refund({ orderNo: row.orderNo, idempotencyKey: `later-${row.orderNo}`, amount: row.total + 250, reason: 'Spans both' });
    expect(asked.code, asked.msg).toBe('0000');
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(refunds.id);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'completed']);
    expect(await refundMails(email)).toHaveLength(0);

    simulatorOf(shop).settlePendingRefund(rows[0]!.paypalRefundId!, 'COMPLETED');
    await shop.app.payments.reconciler.run();
    const mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`We refunded ${euros(row.total + 250)} of order ${row.orderNo}.`);
    expect(mails[0]!.textBody).toContain(`${euros(row.total)} and ${euros(250)}`);
    expect(mails[0]!.attachments).toHaveLength(2);
  });

  it('a part PayPal refuses: the shopper is told of the part that was paid back, once', async () => {
    const { row, email } = await paidOrder();
    const request = await openRequest(row.id, 1000);
    await payThroughLink(request.token);
    const requestCapture = (await requestRow(request.id)).captureId!;
    // Refunded in PayPal's dashboard and not yet heard of: PayPal refuses the second part.
    simulatorOf(shop).refundFromDashboard(requestCapture, 1000);
    const asked = await refund({ orderNo: row.orderNo, idempotencyKey: `refused-${row.orderNo}`, amount: row.total + 400, reason: 'Spans both' });
    expect(asked.code).toBe('1402');
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(refunds.id);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[row.total, 'completed'], [400, 'failed']]);
    const mails = await refundMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`We refunded ${euros(row.total)} of order ${row.orderNo}.`);
    expect(mails[0]!.textBody).not.toContain('PayPal refunds');
    expect(mails[0]!.attachments).toHaveLength(1);
  });

  it('20 refunds at once of an order with an extra capture never pay back more than was paid', { timeout: 120_000 }, async () => {
    const { row } = await paidOrder();
    const request = await openRequest(row.id, 1000);
    await payThroughLink(request.token);
    const paidTotal = row.total + 1000;
    const each = Math.ceil(paidTotal / 7);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => refund({ orderNo: row.orderNo, idempotencyKey: `par-${row.orderNo}-${i}`, amount: each, reason: 'Parallel' })));
    const ok = answers.filter((a) => a.code === '0000').length;
    expect(ok).toBe(Math.floor(paidTotal / each));
    expect(answers.filter((a) => a.code !== '0000').every((a) => a.code === '1409')).toBe(true);
    const rows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    const completed = rows.filter((r) => r.status === 'completed').reduce((sum, r) => sum + r.amount, 0);
    expect(completed).toBe(ok * each);
    expect(completed).toBeLessThanOrEqual(paidTotal);
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));
    const paidBack = (simulatorOf(shop).refundedOf(payment!.captureId!) ?? 0) + (simulatorOf(shop).refundedOf((await requestRow(request.id)).captureId!) ?? 0);
    expect(paidBack).toBe(completed);
    expect(simulatorOf(shop).refundedOf(payment!.captureId!)).toBeLessThanOrEqual(row.total);
    expect(simulatorOf(shop).refundedOf((await requestRow(request.id)).captureId!)).toBeLessThanOrEqual(1000);
  });
});
