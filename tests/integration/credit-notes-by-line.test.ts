/**
 * Credit notes of refunds that name lines (docs/taxes.md "Credit notes"), through the real refund
 * path on PGlite and PostgreSQL: a UK order of two adult shirts (20% VAT) and a child's kit
 * (zero-rated), paid, then refunded line by line from the back office and closed. Each stored note
 * reverses the VAT of exactly the lines refunded (the kit's: none), the close reverses the rest,
 * shipping included, and the note's PDF and the tax report agree with the stored lines. A Quebec
 * order (tax added at checkout): a shirt refunded by line pays back its GST and QST with it, and
 * its note reverses just that.
 */
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminTaxReportApi } from '../../src/domain/api/admin/tax-report.ts';
import { documentPath } from '../../src/domain/api/orders.ts';
import type { TaxReport } from '../../src/domain/back-office/tax-report.model.ts';
import type { AdminOrderDetail } from '../../src/domain/back-office/orders.model.ts';
import { divRound } from '../../src/domain/money.model.ts';
import { refundLinesValue } from '../../src/domain/orders.model.ts';
import { estimateLines } from '../../src/admin/screens/order-detail/refund.ts';
import { orderItems, orderTaxLines, products, taxDocumentLines, taxDocuments } from '../../src/server/db/schema.ts';
import { orderRow } from '../support/order-rows.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import type { TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine, setStock, ukAddress, useOrderShop, type Stock } from './orders-support.ts';

let shop: TestShop;
let stock: Stock;

useOrderShop({}, {}, 20, (env) => ({ shop, stock } = env));

const db = () => shop.database.db;

/** A second printable product, other than `stock`'s: the child's kit. */
async function otherProduct(): Promise<Stock> {
  for (let skip = 1; skip < 200; skip++) {
    const found = await findStock(shop, 1, skip);
    if (found.productId !== stock.productId) return found;
  }
  throw new Error('the seeded catalogue has one printable product only');
}

async function linesOf(documentId: number) {
  return db().select().from(taxDocumentLines).where(eq(taxDocumentLines.documentId, documentId)).orderBy(asc(taxDocumentLines.id));
}

describe('credit notes of refunds by line', () => {
  let owner: Staff;
  let kid: Stock;
  beforeAll(async () => {
    owner = await staffAccount(shop, 'R_SUPER');
    kid = await otherProduct();
    await setStock(shop, stock, 100);
    await setStock(shop, kid, 100);
  });

  it("a UK order of two adult shirts and a child's kit: the kit's note reverses no VAT, one shirt's half that line's, the close the rest; the PDF and the report agree", async () => {
    const started = new Date(Date.now() - 1000);
    // Prices low enough for the UK's 135 GBP limit on low-value imports (above it no VAT is charged at checkout).
    await db().update(products).set({ taxClass: 'children', price: 2500 }).where(eq(products.id, kid.productId));
    await db().update(products).set({ price: 3500 }).where(eq(products.id, stock.productId));
    let placed;
    try {
      placed = (await guestOrder(shop, [plainLine(stock, 2), plainLine(kid, 1)], { currency: 'GBP', email: 'by.line@example.com', address: ukAddress, shippingMethod: 'express' })).order;
    } finally {
      await db().update(products).set({ taxClass: 'standard', price: kid.price }).where(eq(products.id, kid.productId));
      await db().update(products).set({ price: stock.price }).where(eq(products.id, stock.productId));
    }
    await pay(shop, placed);
    const order = await orderRow(shop, placed.orderNo);
    expect(order).toMatchObject({ currency: 'GBP', taxMarket: 'GB', taxDisplay: 'inclusive', taxReason: 'registered' });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    expect(items.map((i) => [i.taxClass, i.quantity])).toEqual([['standard', 2], ['children', 1]]);
    const frozen = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id)).orderBy(asc(orderTaxLines.id));
    const [invoice] = await db().select().from(taxDocuments).where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
    const invoiceLines = await linesOf(invoice!.id);
    expect(invoiceLines.map((l) => [l.lineIndex, l.shipping, l.rate, l.amount])).toEqual(frozen.map((l) => [l.lineIndex, l.shipping, l.rate, l.amount]));
    const at = (lineIndex: number, shipping: boolean) => invoiceLines.findIndex((l) => l.lineIndex === lineIndex && l.shipping === shipping);
    const adultGoods = at(0, false);
    const kidGoods = at(1, false);
    expect(invoiceLines[adultGoods]!.rate).toBe(20_000);
    expect(invoiceLines[adultGoods]!.amount).toBeGreaterThan(0);
    expect(invoiceLines[kidGoods]).toMatchObject({ rate: 0, amount: 0 });
    expect(invoiceLines.some((l) => l.shipping && l.rate === 20_000 && l.amount > 0)).toBe(true);

    let keys = 0;
    const refundLines = (lines: { orderItemId: number; quantity: number }[]) =>
      callEntry(shop, adminOrdersApi.refund, { orderNo: order.orderNo, idempotencyKey: `by-line-${order.orderNo}-${++keys}`, lines, reason: 'returned' }, owner);
    const notes = async () => db().select().from(taxDocuments).where(eq(taxDocuments.correctsId, invoice!.id)).orderBy(asc(taxDocuments.id));

    // 1. The child's kit: the note's total is what the kit gave back, its VAT none.
    const kidRefund = await refundLines([{ orderItemId: items[1]!.id, quantity: 1 }]);
    expect(kidRefund.code, kidRefund.msg).toBe('0000');
    const [kidNote] = await notes();
    // The whole invoice's share would have been round(tax x refund / total), well above nothing.
    expect(divRound(invoice!.tax * kidNote!.total, invoice!.total)).toBeGreaterThan(0);
    expect(kidNote).toMatchObject({ tax: 0, net: kidNote!.total });
    const kidLines = await linesOf(kidNote!.id);
    expect(kidLines).toHaveLength(invoiceLines.length);
    kidLines.forEach((line, i) => {
      expect(line.amount).toBe(0);
      expect(line.base).toBe(i === kidGoods ? invoiceLines[kidGoods]!.base : 0);
    });

    // 2. One of the two shirts: half that line's VAT (half away from zero), nothing of the shipping.
    const shirtRefund = await refundLines([{ orderItemId: items[0]!.id, quantity: 1 }]);
    expect(shirtRefund.code, shirtRefund.msg).toBe('0000');
    const shirtNote = (await notes())[1]!;
    const shirtLines = await linesOf(shirtNote.id);
    expect(shirtNote.tax).toBe(divRound(invoiceLines[adultGoods]!.amount, 2));
    shirtLines.forEach((line, i) => {
      expect(line.amount).toBe(i === adultGoods ? divRound(invoiceLines[adultGoods]!.amount, 2) : 0);
      expect(line.base).toBe(i === adultGoods ? divRound(invoiceLines[adultGoods]!.base, 2) : 0);
    });
    expect(shirtNote.net + shirtNote.tax).toBe(shirtNote.total);

    // 3. Closed as refunded: everything left, the other shirt and the shipping.
    const closed = await callEntry(shop, adminOrdersApi.moveOrder, { orderNo: order.orderNo, to: 'refunded' }, owner);
    expect(closed.code, closed.msg).toBe('0000');
    const all = await notes();
    expect(all).toHaveLength(3);
    const restLines = await linesOf(all[2]!.id);
    expect(all.reduce((sum, n) => sum + n.total, 0)).toBe(invoice!.total);
    expect(all.reduce((sum, n) => sum + n.tax, 0)).toBe(invoice!.tax);
    invoiceLines.forEach((line, i) => {
      expect(kidLines[i]!.amount + shirtLines[i]!.amount + restLines[i]!.amount).toBe(line.amount);
      expect(kidLines[i]!.base + shirtLines[i]!.base + restLines[i]!.base).toBe(line.base);
    });

    // The kit's note as printed: the corrected invoice, the kit, and only a 0% row.
    const pdf = await shop.app.inject({ method: 'GET', url: `/api${documentPath(adminOrdersApi.document, order.orderNo, kidNote!.number)}`, headers: owner.auth.headers });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain(kidNote!.number);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('0%');
    expect(text).not.toContain('20%');

    // The report sums the notes per rate: the 20% row's credit notes are the two shirts' notes' VAT
    // (the kit's note is not counted there), the 0% row's the kit's and its shipping's bases.
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const report = await callEntry<TaxReport>(shop, adminTaxReportApi.taxReport, { period: { kind: 'custom', from: day(started), to: day(new Date()) } }, owner);
    expect(report.code, report.msg).toBe('0000');
    const gb = report.data.rows.filter((r) => r.declaredUnder === 'GB-VAT' && r.currency === 'GBP');
    const standard = gb.find((r) => r.rate === 20_000)!;
    const zero = gb.find((r) => r.rate === 0)!;
    const sum = (lines: (typeof invoiceLines)[], rate: number, key: 'base' | 'amount') =>
      lines.reduce((s, ls) => s + ls.reduce((t, l) => t + (l.rate === rate ? l[key] : 0), 0), 0);
    expect(standard).toMatchObject({ invoices: 1, creditNotes: 2 });
    expect(standard.amounts).toMatchObject({ salesTax: invoice!.tax, creditTax: -sum([shirtLines, restLines], 20_000, 'amount'), netTax: 0, netBase: 0 });
    expect(zero).toMatchObject({ invoices: 1, creditNotes: 2 });
    expect(zero.amounts).toMatchObject({ salesTax: 0, creditTax: 0, creditBase: -sum([kidLines, restLines], 0, 'base'), netBase: 0 });
  });

  it('Quebec, tax added: one of two shirts pays back its price and half the line\'s GST and QST, the other exactly the rest; each note reverses just that tax; the dialog\'s estimate is the refund', async () => {
    const montreal = { ...ukAddress, address: '1 rue Sainte-Catherine', country: 'CA', province: 'QC', postalCode: 'H2X 1Y4', phoneCode: '+1', city: 'Montréal', phone: '514 555 0100' };
    const placed = (await guestOrder(shop, [plainLine(stock, 2), plainLine(kid, 1)], { currency: 'CAD', email: 'quebec.line@example.com', address: montreal })).order;
    await pay(shop, placed);
    const order = await orderRow(shop, placed.orderNo);
    expect(order).toMatchObject({ taxDisplay: 'exclusive', taxMarket: 'CA-QC' });
    expect(order.taxAdded).toBeGreaterThan(0);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    expect(items.map((i) => i.quantity)).toEqual([2, 1]);
    const [invoice] = await db().select().from(taxDocuments).where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')));
    const invoiceLines = await linesOf(invoice!.id);
    const own = (i: number) => invoiceLines[i]!.lineIndex === 0 && !invoiceLines[i]!.shipping;
    expect(invoiceLines.filter((_, i) => own(i)).map((l) => l.tax)).toEqual(['GST', 'QST']);
    // The shirts' own GST and QST (not their share of the shipping's), and what one shirt is worth before them.
    const lineTax = invoiceLines.reduce((sum, l, i) => sum + (own(i) ? l.amount : 0), 0);
    expect(lineTax).toBeGreaterThan(0);
    // Each shirt's worth by the desk's cumulative rule (the second takes what is left of the line).
    const worth = [0, 1].map((before) => refundLinesValue(order, items, [{ index: 0, quantity: 1, before }]));
    expect(worth[0]! + worth[1]!).toBe(refundLinesValue(order, items, [{ index: 0, quantity: 2, before: 0 }]));
    const value = worth[0]!;
    const half = divRound(lineTax, 2);

    // The back office's answer carries each line's tax added, and the dialog's estimate is what the server pays back.
    const detail = await callEntry<AdminOrderDetail>(shop, adminOrdersApi.order, { orderNo: order.orderNo }, owner);
    expect(detail.code, detail.msg).toBe('0000');
    expect(detail.data.lineTax).toEqual([
      { id: items[0]!.id, tax: lineTax },
      { id: items[1]!.id, tax: invoiceLines.reduce((sum, l) => sum + (l.lineIndex === 1 && !l.shipping ? l.amount : 0), 0) },
    ]);
    expect(estimateLines(detail.data, { [items[0]!.id]: 1 })).toBe(value + half);

    const refundOne = (key: string) => callEntry<AdminOrderDetail>(shop, adminOrdersApi.refund, { orderNo: order.orderNo, idempotencyKey: `by-line-${order.orderNo}-${key}`, lines: [{ orderItemId: items[0]!.id, quantity: 1 }], reason: 'returned' }, owner);
    const first = await refundOne('1');
    expect(first.code, first.msg).toBe('0000');
    // The same key again is the same refund (its amount worked out as it was then), not a conflict or a second one.
    const again = await refundOne('1');
    expect(again.code, again.msg).toBe('0000');
    expect(again.data.refunds).toHaveLength(1);
    expect(first.data.refunds.map((r) => r.amount)).toEqual([value + half]);
    expect(estimateLines(first.data, { [items[0]!.id]: 1 })).toBe(worth[1]! + lineTax - half);
    const second = await refundOne('2');
    expect(second.code, second.msg).toBe('0000');
    const paid = second.data.refunds.map((r) => r.amount);
    expect(paid).toEqual([worth[0]! + half, worth[1]! + lineTax - half]);
    // Together: the two shirts' price and exactly their tax.
    expect(paid.reduce((a, b) => a + b, 0) - worth[0]! - worth[1]!).toBe(lineTax);

    const notes = await db().select().from(taxDocuments).where(eq(taxDocuments.correctsId, invoice!.id)).orderBy(asc(taxDocuments.id));
    expect(notes.map((n) => n.total)).toEqual(paid);
    const noteLines = await Promise.all(notes.map((n) => linesOf(n.id)));
    notes.forEach((note, k) => {
      // Each note reverses the tax its refund paid back: net + tax = the refund, the net the price.
      expect(note.tax).toBe(paid[k]! - worth[k]!);
      expect(note.net).toBe(worth[k]!);
      expect(note.net + note.tax).toBe(note.total);
      noteLines[k]!.forEach((line, i) => {
        if (!own(i)) expect([line.base, line.amount]).toEqual([0, 0]);
        // Each tax's base is the line's net refunded (to the unit: the desk spreads discounts its own way).
        else expect(Math.abs(line.base - note.net)).toBeLessThanOrEqual(1);
      });
    });
    // The line's GST and QST reversed exactly, each of them; nothing else.
    invoiceLines.forEach((line, i) => expect(noteLines[0]![i]!.amount + noteLines[1]![i]!.amount).toBe(own(i) ? line.amount : 0));
  });
});
