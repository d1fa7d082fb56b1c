/**
 * Invoices and credit notes (docs/taxes.md "Invoices and credit notes"), on PGlite and PostgreSQL:
 * gap-free numbers under concurrency and rollback, the invoice issued with the payment and copying
 * the order's tax lines, credit notes that reverse exactly the invoice's tax over partial refunds,
 * the PDF read back, the downloads' access rules, the mail's attachment and a customer's erasure.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditApi } from '../../src/domain/api/admin/audit.ts';
import { adminCustomersApi } from '../../src/domain/api/admin/customers.ts';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { documentPath, ordersApi } from '../../src/domain/api/orders.ts';
import type { Page } from '../../src/domain/api/envelope.ts';
import type { AuditRow } from '../../src/domain/back-office/audit.model.ts';
import type { OrderDetail } from '../../src/domain/orders.model.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { auditLog, documentCounters, mailOutbox, orderTaxLines, orders, taxDocumentFiles, taxDocumentLines, taxDocuments } from '../../src/server/db/schema.ts';
import { MailOutbox } from '../../src/server/modules/outbox/index.ts';
import { DOCUMENT_DOWNLOAD_ACTION, takeNumberTx } from '../../src/server/modules/invoices/index.ts';
import type { MailReceiver } from '../support/mail-receiver.ts';
import { orderRow } from '../support/order-rows.ts';
import { staffAccount, callEntry } from './admin-support.ts';
import { call, signUp, type TestAccount, type TestShop } from './harness.ts';
import { guestOrder, orderDetail, pay, placeOrder, plainLine, printedLine, setStock, simulatorOf, ukAddress, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let mail: MailReceiver;
let stock: Stock;

useOrderShop({}, {}, 40, (env) => ({ shop, mail, stock } = env));
// Some 70 orders below: enough units for all of them.
beforeAll(() => setStock(shop, stock, 5_000));

const db = () => shop.database.db;
const year = () => new Date().getUTCFullYear();

/** A German address: the demo merchant's home, so checkout always charges German VAT (19%, prices include it). */
const berlin = { ...ukAddress, country: 'DE', province: '', postalCode: '10115', city: 'Berlin', phoneCode: '+49', phone: '30 1234567' };

/** The tax lines checkout froze on the order (docs/taxes.md "On the order"), and their sum. */
async function taxLinesOf(orderNo: string): Promise<{ lines: (typeof orderTaxLines.$inferSelect)[]; total: number }> {
  const row = await orderRow(shop, orderNo);
  const lines = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, row.id)).orderBy(asc(orderTaxLines.id));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  expect(total).toBe(row.taxTotal);
  return { lines, total };
}

async function documentsOf(orderNo: string) {
  const row = await orderRow(shop, orderNo);
  return db().select().from(taxDocuments).where(eq(taxDocuments.orderId, row.id)).orderBy(asc(taxDocuments.id));
}

async function linesOf(documentId: number) {
  return db().select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, documentId)).orderBy(asc(taxDocumentLines.id));
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

function download(orderNo: string, number: string, options: { token?: string; auth?: { headers: Record<string, string> }; admin?: boolean } = {}) {
  const path = documentPath(options.admin ? adminOrdersApi.document : ordersApi.document, orderNo, number, options.token);
  return shop.app.inject({ method: 'GET', url: `/api${path}`, headers: options.auth?.headers ?? {} });
}

/** A paid guest order to Berlin (German VAT); answers the order as placed, its tax lines and its invoice row. */
async function paidGuestOrder(email = 'invoice.guest@example.com', lines = [plainLine(stock, 1)]) {
  const { order } = await guestOrder(shop, lines, { email, address: berlin });
  const tax = await taxLinesOf(order.orderNo);
  expect(tax.total).toBeGreaterThan(0);
  await pay(shop, order);
  const [invoice] = await documentsOf(order.orderNo);
  return { order, tax, invoice: invoice! };
}

async function superAdmin(): Promise<TestAccount> {
  return staffAccount(shop, 'R_SUPER');
}

let refundKeys = 0;
function refund(by: TestAccount, orderNo: string, amount: number) {
  return call(shop.app, adminOrdersApi.refund.path, { orderNo, idempotencyKey: `invoice-test-${++refundKeys}`, amount, reason: 'test refund', override: true }, by.auth);
}

describe('the invoice of a paid order', () => {
  it('is issued with the payment: the next number of the year, the order tax lines copied, net = total - tax, seller and buyer frozen', async () => {
    const { order, tax, invoice } = await paidGuestOrder();
    expect(invoice.kind).toBe('invoice');
    expect(invoice.number).toMatch(new RegExp(`^INV-${year()}-\\d{6}$`));
    expect(invoice.number).toBe(`INV-${year()}-${String(invoice.seq).padStart(6, '0')}`);
    expect({ total: invoice.total, tax: invoice.tax, net: invoice.net, currency: invoice.currency }).toEqual({ total: order.total, tax: tax.total, net: order.total - tax.total, currency: 'EUR' });
    const copied = await linesOf(invoice.id);
    const strip = ({ id: _id, orderId: _o, documentId: _d, ...rest }: Record<string, unknown>) => rest;
    expect(copied.map(strip)).toEqual(tax.lines.map(strip));
    expect(invoice.buyer).toMatchObject({ name: 'Ada Lovelace', email: 'invoice.guest@example.com' });
    expect(invoice.buyer.lines).toContain('12 St James Square');
    // The demo merchant (Settings -> Seller and Taxes): a German shop, its home VAT number printed.
    expect(invoice.seller).toMatchObject({ name: 'Jersey Shop Demo GmbH', taxNumbers: ['VAT DE123456789'] });

    // The order pages list it: the guest's (with the token) and staff's.
    const detail = await orderDetail(shop, order.orderNo, { token: order.accessToken });
    expect((detail.data as OrderDetail).documents).toEqual([{ kind: 'invoice', number: invoice.number, issuedAt: invoice.issuedAt.toISOString(), total: order.total, tax: tax.total }]);
    const staff = await staffAccount(shop, 'R_ADMIN');
    const asStaff = await callEntry<OrderDetail>(shop, adminOrdersApi.orderDetail, { orderNo: order.orderNo }, staff);
    expect(asStaff.data.documents.map((d) => d.number)).toEqual([invoice.number]);
  });

  it('is mailed with the confirmation as a PDF that names the order, the invoice and the totals', async () => {
    const { order, invoice } = await paidGuestOrder('attached.guest@example.com', [printedLine(stock, 1, 'KANE', '9'), plainLine(stock, 2)]);
    await shop.app.outbox.drain();
    const confirmation = await mail.waitFor((m) => m.to.includes('attached.guest@example.com') && m.subject.includes(order.orderNo), 20_000);
    expect(confirmation.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${invoice.number}.pdf`, 'application/pdf']]);
    const pdf = confirmation.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Invoice');
    expect(text).toContain(order.orderNo);
    expect(text).toContain(invoice.number);
    expect(text).toContain(formatMoney(order.total, 'EUR', 'en-US'));
    expect(text).toContain('KANE');
    // The mail attached what is stored: one file, the same bytes a download answers.
    const [stored] = await db().select().from(taxDocumentFiles).where(eq(taxDocumentFiles.documentId, invoice.id));
    expect(stored!.pdf.equals(pdf)).toBe(true);
  });

  it('prints a zh-CN order in Chinese', async () => {
    const { order } = await guestOrder(shop, [plainLine(stock, 1)], { email: 'zh.invoice@example.com', address: berlin });
    await db().update(orders).set({ locale: 'zh-CN' }).where(eq(orders.orderNo, order.orderNo));
    await pay(shop, order);
    const [invoice] = await documentsOf(order.orderNo);
    const answer = await download(order.orderNo, invoice!.number, { token: order.accessToken });
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain('发票');
    expect(text).toContain('价格已含税');
    expect(text).toContain(order.orderNo);
    expect(text).toContain(invoice!.number);
    expect(text).toContain(formatMoney(order.total, 'EUR', 'zh-CN'));
  });

  it('is append-only in the database', async () => {
    const { invoice } = await paidGuestOrder('frozen.guest@example.com');
    await expect(db().update(taxDocuments).set({ total: 1 }).where(eq(taxDocuments.id, invoice.id))).rejects.toThrow();
    await expect(db().delete(taxDocumentLines).where(eq(taxDocumentLines.documentId, invoice.id))).rejects.toThrow();
    const [still] = await db().select().from(taxDocuments).where(eq(taxDocuments.id, invoice.id));
    expect(still!.total).toBe(invoice.total);
  });
});

describe('invoice numbers', () => {
  it('50 orders paid at once get consecutive numbers, none twice, no gap in the year', async () => {
    const placed = [];
    for (let i = 0; i < 50; i++) placed.push((await guestOrder(shop, [plainLine(stock, 1)], { email: `parallel.${i}@example.com`, address: berlin })).order);
    const ids = await Promise.all(placed.map(async (o) => (await orderRow(shop, o.orderNo)).id));
    const paid = await Promise.all(ids.map((id) => shop.app.payments.service.markPaid(id, { captureId: null, payerEmail: null, payerName: null }, 'test')));
    expect(paid.every(Boolean)).toBe(true);
    const mine = await db().select({ seq: taxDocuments.seq, number: taxDocuments.number }).from(taxDocuments).where(sql`${taxDocuments.orderId} in ${ids}`);
    expect(mine).toHaveLength(50);
    expect(new Set(mine.map((d) => d.number)).size).toBe(50);
    // Every invoice of the year, this file's earlier ones included: 1..N, nothing missing.
    const all = (await db().select({ seq: taxDocuments.seq }).from(taxDocuments).where(and(eq(taxDocuments.series, 'INV'), eq(taxDocuments.year, year())))).map((d) => d.seq).sort((a, b) => a - b);
    expect(all).toEqual(all.map((_, i) => i + 1));
    const [counter] = await db().select().from(documentCounters).where(and(eq(documentCounters.series, 'INV'), eq(documentCounters.year, year())));
    expect(counter!.last).toBe(all.length);
  });

  it('a transaction that takes a number and rolls back leaves no gap', async () => {
    const [before] = await db().select().from(documentCounters).where(and(eq(documentCounters.series, 'INV'), eq(documentCounters.year, year())));
    const last = before?.last ?? 0;
    await expect(
      db().transaction(async (tx) => {
        const taken = await takeNumberTx(tx, 'INV', year());
        expect(taken.seq).toBe(last + 1);
        throw new Error('the issuing transaction fails');
      }),
    ).rejects.toThrow('the issuing transaction fails');
    const { invoice } = await paidGuestOrder('after.rollback@example.com');
    expect(invoice.seq).toBe(last + 1);
  });
});

describe('credit notes', () => {
  it('a partial refund and then the rest issue two notes that reverse exactly the invoice tax, never more, each mailed with its PDF', async () => {
    const { order, invoice } = await paidGuestOrder('refunded.guest@example.com', [plainLine(stock, 3)]);
    const owner = await superAdmin();
    const partial = Math.floor(order.total / 3);
    expect((await refund(owner, order.orderNo, partial)).code).toBe('0000');
    expect((await refund(owner, order.orderNo, order.total - partial)).code).toBe('0000');
    const documents = await documentsOf(order.orderNo);
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'credit_note']);
    const notes = documents.slice(1);
    for (const note of notes) {
      expect(note.number).toMatch(new RegExp(`^CN-${year()}-\\d{6}$`));
      expect(note.correctsId).toBe(invoice.id);
      expect(note.refundId).not.toBeNull();
      expect(note.net + note.tax).toBe(note.total);
    }
    expect(notes[1]!.seq).toBe(notes[0]!.seq + 1);
    expect(notes.map((n) => n.total)).toEqual([partial, order.total - partial]);
    expect(notes[0]!.tax + notes[1]!.tax).toBe(invoice.tax);
    expect(notes[0]!.tax).toBe(Math.round((invoice.tax * partial) / order.total));
    // Line by line, the notes together reverse each invoice line exactly, and never beyond it.
    const invoiceLines = await linesOf(invoice.id);
    const [first, second] = await Promise.all(notes.map((n) => linesOf(n.id)));
    invoiceLines.forEach((line, i) => {
      expect(first![i]!.amount).toBeLessThanOrEqual(line.amount);
      expect(first![i]!.amount + second![i]!.amount).toBe(line.amount);
      expect(first![i]!.base + second![i]!.base).toBe(line.base);
    });

    // Nothing is left: the order's detail lists the invoice and both notes, oldest first.
    const detail = (await orderDetail(shop, order.orderNo, { token: order.accessToken })).data as OrderDetail;
    expect(detail.documents.map((d) => d.number)).toEqual(documents.map((d) => d.number));
    await shop.app.outbox.drain();
    const refundMail = await mail.waitFor((m) => m.to.includes('refunded.guest@example.com') && m.attachments.some((a) => a.filename === `${notes[0]!.number}.pdf`), 20_000);
    const text = await pdfText(refundMail.attachments[0]!.content);
    expect(text).toContain('Credit note');
    expect(text).toContain(invoice.number);
    expect(text).toContain(notes[0]!.number);
  });

  it('an order cancelled after payment gets a note for everything', async () => {
    const { order, invoice } = await paidGuestOrder('cancelled.guest@example.com');
    const owner = await superAdmin();
    const moved = await call(shop.app, adminOrdersApi.moveOrder.path, { orderNo: order.orderNo, to: 'cancelled' }, owner.auth);
    expect(moved.code, moved.msg).toBe('0000');
    const [, note] = await documentsOf(order.orderNo);
    expect(note).toMatchObject({ kind: 'credit_note', correctsId: invoice.id, total: invoice.total, tax: invoice.tax, net: invoice.net });
  });

  it('a chargeback after a partial refund reverses the rest of the invoice', async () => {
    const { order, invoice } = await paidGuestOrder('chargeback.guest@example.com', [plainLine(stock, 2)]);
    const owner = await superAdmin();
    expect((await refund(owner, order.orderNo, 500)).code).toBe('0000');
    const sim = simulatorOf(shop);
    expect(await sim.deliver(sim.event('PAYMENT.CAPTURE.REVERSED', { id: `REV-${order.orderNo}`, status: 'REVERSED', custom_id: order.orderNo }))).toEqual([200]);
    const [, partial, rest] = await documentsOf(order.orderNo);
    expect(rest).toMatchObject({ kind: 'credit_note', refundId: null, correctsId: invoice.id, total: invoice.total - 500 });
    expect(partial!.tax + rest!.tax).toBe(invoice.tax);
    expect((await orderRow(shop, order.orderNo)).status).toBe('refunded');
  });
});

describe('mail with an attachment', () => {
  it('is not sent without it: an attachment that cannot be had fails the attempt, which is retried later', async () => {
    await new MailOutbox().queue(db(), { to: 'no.attachment@example.com', kind: 'order-confirmation', subject: 'Needs its invoice', text: 'x', html: '<p>x</p>', attachments: [{ kind: 'tax-document', documentId: 999_999 }] });
    await shop.app.outbox.drain();
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'Needs its invoice'));
    expect(row).toMatchObject({ status: 'pending', attachments: [{ kind: 'tax-document', documentId: 999_999 }] });
    expect(row!.attempts).toBeGreaterThanOrEqual(1);
    expect(row!.lastError).toContain('999999');
    expect(mail.messages.filter((m) => m.subject === 'Needs its invoice')).toEqual([]);
    await db().delete(mailOutbox).where(eq(mailOutbox.id, row!.id));
  });
});

describe('downloads', () => {
  it('answer the PDF to the owner, the guest with the token and staff with order:view; not found to everyone else', async () => {
    const owner = await signUp(shop.app);
    const cart = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], owner.auth);
    const placed = await placeOrder(shop, { auth: owner.auth }, { source: { type: 'cart', cartItemIds: cart.data.ids }, currency: 'EUR', address: berlin, shippingMethod: 'standard', acceptPersonalisedTerms: true });
    expect(placed.code, placed.msg).toBe('0000');
    await pay(shop, placed.data);
    const [invoice] = await documentsOf(placed.data.orderNo);
    const { orderNo, accessToken } = placed.data;

    const mine = await download(orderNo, invoice!.number, { auth: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Stored once: the next download answers the same bytes.
    expect((await download(orderNo, invoice!.number, { token: accessToken })).rawPayload.equals(mine.rawPayload)).toBe(true);

    const stranger = await signUp(shop.app);
    const refused = [
      await download(orderNo, invoice!.number),
      await download(orderNo, invoice!.number, { token: 'x'.repeat(43) }),
      await download(orderNo, invoice!.number, { auth: stranger.auth }),
      await download(orderNo, `INV-${year()}-999999`, { auth: owner.auth }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('1404');
    }

    // The buyer's downloads (the owner's, the guest token's) are not audited.
    const downloads = () => db().select().from(auditLog).where(and(eq(auditLog.action, DOCUMENT_DOWNLOAD_ACTION), eq(auditLog.entityId, orderNo)));
    expect(await downloads()).toEqual([]);

    const staff = await staffAccount(shop, 'R_ADMIN');
    const asStaff = await download(orderNo, invoice!.number, { auth: staff.auth, admin: true });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.rawPayload.equals(mine.rawPayload)).toBe(true);
    // A staff download is recorded: who, which document, which order.
    expect(await downloads()).toEqual([
      expect.objectContaining({ actorId: staff.userId, actorEmail: staff.email, action: 'order.documentDownload', entity: 'order', entityId: orderNo, after: { document: invoice!.number, kind: 'invoice' } }),
    ]);
    // Refused or not found: nothing recorded.
    expect((await download(orderNo, invoice!.number, { auth: owner.auth, admin: true })).json().code).toBe('1403');
    expect((await download(orderNo, invoice!.number, { admin: true })).statusCode).toBe(401);
    expect((await download(orderNo, `INV-${year()}-999999`, { auth: staff.auth, admin: true })).statusCode).toBe(404);
    expect(await downloads()).toHaveLength(1);
    // The audit screen's list shows it, found by its action and the order.
    const listed = await callEntry<Page<AuditRow>>(shop, adminAuditApi.auditList, { action: DOCUMENT_DOWNLOAD_ACTION, entityId: orderNo }, await superAdmin());
    expect(listed.code, listed.msg).toBe('0000');
    expect(listed.data.records).toEqual([expect.objectContaining({ actorEmail: staff.email, action: 'order.documentDownload', entity: 'order', entityId: orderNo, after: { document: invoice!.number, kind: 'invoice' } })]);
  });

  it('two first downloads at once store one file and answer the same bytes', async () => {
    const { order, invoice } = await paidGuestOrder('racing.download@example.com');
    const [a, b] = await Promise.all([download(order.orderNo, invoice.number, { token: order.accessToken }), download(order.orderNo, invoice.number, { token: order.accessToken })]);
    expect(a.statusCode).toBe(200);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    const files = await db().select().from(taxDocumentFiles).where(eq(taxDocumentFiles.documentId, invoice.id));
    expect(files).toHaveLength(1);
  });
});

describe("a customer's erasure", () => {
  it('succeeds with invoices and credit notes, which stay whole', async () => {
    const customer = await signUp(shop.app, { firstName: 'Erin', lastName: 'Erased' });
    const cart = await call<{ ids: number[] }>(shop.app, '/demo/ironCartItem/saveCartItemList', [plainLine(stock)], customer.auth);
    const placed = await placeOrder(shop, { auth: customer.auth }, { source: { type: 'cart', cartItemIds: cart.data.ids }, currency: 'EUR', address: { ...berlin, firstName: 'Erin', lastName: 'Erased' }, shippingMethod: 'standard', acceptPersonalisedTerms: true });
    expect(placed.code, placed.msg).toBe('0000');
    await pay(shop, placed.data);
    const owner = await superAdmin();
    expect((await refund(owner, placed.data.orderNo, 100)).code).toBe('0000');
    const before = await documentsOf(placed.data.orderNo);
    expect(before.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);

    const erased = await callEntry(shop, adminCustomersApi.eraseCustomer, { userId: customer.userId, confirmEmail: customer.email }, owner);
    expect(erased.code, erased.msg).toBe('0000');
    const after = await documentsOf(placed.data.orderNo);
    expect(after).toEqual(before);
    expect(after[0]!.buyer.name).toBe('Erin Erased');
    // Staff can still download the invoice.
    const staff = await staffAccount(shop, 'R_ADMIN');
    expect((await download(placed.data.orderNo, before[0]!.number, { auth: staff.auth, admin: true })).statusCode).toBe(200);
  });
});
