/**
 * The tax report through the real flow (docs/taxes.md "What the merchant declares"): checkout
 * freezes the tax of a French order (EUR, VAT under OSS) and a Quebec one (CAD, GST and QST
 * added); payment issues their invoices, a partial refund of the Quebec one a credit note. The
 * month's report, its CSV and the orders CSV show them, figure for figure.
 */
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminTaxReportApi } from '../../src/domain/api/admin/tax-report.ts';
import type { TaxReport } from '../../src/domain/back-office/tax-report.model.ts';
import { divRound } from '../../src/domain/money.model.ts';
import { orders, taxDocumentLines, taxDocuments } from '../../src/server/db/schema.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { findStock, guestOrder, pay, plainLine, ukAddress } from './orders-support.ts';

let shop: TestShop;
let owner: Staff;

const paris = { ...ukAddress, address: '1 rue de Rivoli', country: 'FR', province: '', postalCode: '75001', city: 'Paris', phoneCode: '+33', phone: '1 23 45 67 89' };
const montreal = { ...ukAddress, address: '1 rue Sainte-Catherine', country: 'CA', province: 'QC', postalCode: 'H2X 1Y4', phoneCode: '+1', city: 'Montréal', phone: '514 555 0100' };

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  owner = await staffAccount(shop, 'R_SUPER');
});

afterAll(async () => {
  await shop?.close();
});

describe('the tax report through checkout, payment and refund', () => {
  it('shows the invoices of paid orders and the credit note of a partial refund, in the report, its CSV and the orders CSV', async () => {
    const stock = await findStock(shop, 10);
    const french = (await guestOrder(shop, [plainLine(stock, 1)], { email: 'flow.fr@example.com', address: paris })).order;
    const quebec = (await guestOrder(shop, [plainLine(stock, 1)], { email: 'flow.qc@example.com', address: montreal, currency: 'CAD' })).order;
    await pay(shop, french);
    await pay(shop, quebec);
    const refunded = await callEntry(shop, adminOrdersApi.refund, { orderNo: quebec.orderNo, idempotencyKey: 'tax-report-flow-1', amount: 1000, reason: 'goodwill', override: true }, owner);
    expect(refunded.code, refunded.msg).toBe('0000');

    const db = shop.database.db;
    const placed = await db.select().from(orders).where(inArray(orders.orderNo, [french.orderNo, quebec.orderNo]));
    const documents = await db
      .select()
      .from(taxDocuments)
      .where(inArray(taxDocuments.orderId, placed.map((o) => o.id)))
      .orderBy(asc(taxDocuments.id));
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'invoice', 'credit_note']);
    const lines = await db.select().from(taxDocumentLines).where(inArray(taxDocumentLines.documentId, documents.map((d) => d.id)));

    // What the report must say, worked out here from the documents' own lines.
    const expected = new Map<string, { invoices: Set<number>; creditNotes: Set<number>; net: number; tax: number; netEur: number; taxEur: number }>();
    for (const line of lines) {
      const doc = documents.find((d) => d.id === line.documentId)!;
      const key = `${line.declaredUnder} ${line.jurisdiction} ${line.tax} ${line.rate} ${doc.currency}`;
      const entry = expected.get(key) ?? { invoices: new Set(), creditNotes: new Set(), net: 0, tax: 0, netEur: 0, taxEur: 0 };
      const sign = doc.kind === 'invoice' ? 1 : -1;
      (doc.kind === 'invoice' ? entry.invoices : entry.creditNotes).add(doc.id);
      entry.net += sign * line.base;
      entry.tax += sign * line.amount;
      entry.netEur += sign * divRound(line.base * doc.baseRateX100, doc.rateX100);
      entry.taxEur += sign * divRound(line.amount * doc.baseRateX100, doc.rateX100);
      expected.set(key, entry);
    }
    expect([...expected.keys()].sort()).toEqual(['CA-GST CA GST 5000 CAD', 'CA-QC-QST CA-QC QST 9975 CAD', 'EU-OSS FR VAT 20000 EUR']);

    // All three issued within this test's moments: one month.
    const month = documents[0]!.issuedAt.toISOString().slice(0, 7);
    const answer = await callEntry<TaxReport>(shop, adminTaxReportApi.taxReport, { period: { kind: 'month', month } }, owner);
    expect(answer.code, answer.msg).toBe('0000');
    const report = answer.data;
    expect(report).toMatchObject({ invoices: 2, creditNotes: 1 });
    expect(report.rows.map((r) => `${r.declaredUnder} ${r.jurisdiction} ${r.tax} ${r.rate} ${r.currency}`)).toEqual(['EU-OSS FR VAT 20000 EUR', 'CA-GST CA GST 5000 CAD', 'CA-QC-QST CA-QC QST 9975 CAD']);
    for (const row of report.rows) {
      const want = expected.get(`${row.declaredUnder} ${row.jurisdiction} ${row.tax} ${row.rate} ${row.currency}`)!;
      expect({ invoices: row.invoices, creditNotes: row.creditNotes }).toEqual({ invoices: want.invoices.size, creditNotes: want.creditNotes.size });
      expect([row.amounts.netBase, row.amounts.netTax, row.eur.netBase, row.eur.netTax]).toEqual([want.net, want.tax, want.netEur, want.taxEur]);
    }
    const gst = report.rows[1]!;
    expect(gst.creditNotes).toBe(1);
    expect(gst.amounts.creditTax).toBeLessThan(0);
    // The invoices' tax is what checkout froze on the orders.
    const frenchOrder = placed.find((o) => o.orderNo === french.orderNo)!;
    expect(report.rows[0]!.amounts.salesTax).toBe(frenchOrder.taxTotal);

    const csv = await callEntry<{ csv: string }>(shop, adminTaxReportApi.taxReportExport, { period: { kind: 'month', month } }, owner);
    const csvLines = csv.data.csv.slice(1).split('\r\n').filter(Boolean).slice(1).map((l) => l.split(','));
    expect(csvLines.map((l) => l.slice(2, 10))).toEqual([
      ['EU-OSS', 'FR', 'VAT', 'standard', '20', '1', '0', 'EUR'],
      ['CA-GST', 'CA', 'GST', 'standard', '5', '1', '1', 'CAD'],
      ['CA-QC-QST', 'CA-QC', 'QST', 'standard', '9.975', '1', '1', 'CAD'],
    ]);
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(csvLines.reduce((n, l) => n + cents(l[21]!), 0)).toBe(report.totalEur.netTax);

    const orderCsv = await callEntry<{ csv: string }>(shop, adminOrdersApi.orderExport, {}, owner);
    const orderLine = (orderNo: string) => orderCsv.data.csv.split('\r\n').find((l) => l.startsWith(orderNo))!.split(',').slice(-5);
    const [frInvoice, qcInvoice, qcCredit] = documents;
    expect(orderLine(french.orderNo)).toEqual([(frenchOrder.taxTotal / 100).toFixed(2), 'included', 'FR', frInvoice!.number, '']);
    const quebecOrder = placed.find((o) => o.orderNo === quebec.orderNo)!;
    expect(orderLine(quebec.orderNo)).toEqual([(quebecOrder.taxTotal / 100).toFixed(2), 'added', 'CA-QC', qcInvoice!.number, qcCredit!.number]);
  });
});
