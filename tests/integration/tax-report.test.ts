/**
 * What the merchant declares (docs/taxes.md): the tax report per period, jurisdiction, tax, rate
 * and currency, its CSV, and the orders CSV's tax columns, on PGlite and PostgreSQL. Documents are
 * written straight into tax_documents (tax-report-support.ts) at chosen dates: invoices and credit
 * notes in and out of the periods, in EUR, GBP and CAD, for Germany (OSS), the UK and Ontario.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersApi } from '../../src/domain/api/admin/orders.ts';
import { adminTaxReportApi } from '../../src/domain/api/admin/tax-report.ts';
import type { TaxReport, TaxReportAmounts, TaxReportPeriod, TaxReportRow } from '../../src/domain/back-office/tax-report.model.ts';
import { divRound } from '../../src/domain/money.model.ts';
import { orders } from '../../src/server/db/schema.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { callEntry, staffAccount, type Staff } from './admin-support.ts';
import { findStock, guestOrder, plainLine } from './orders-support.ts';
import { issueDocument, type DocumentLineDraft, type IssuedDocument } from './tax-report-support.ts';

let shop: TestShop;
let owner: Staff;
let admin: Staff;
let customer: Staff;
let eurOrder: string;
let gbpOrder: string;
let cadOrder: string;
const docs: Record<string, IssuedDocument> = {};

const DE = (base: number, amount: number, shipping = false): DocumentLineDraft => ({ jurisdiction: 'DE', tax: 'VAT', declaredUnder: 'EU-OSS', rate: 19_000, base, amount, shipping });
const GB = (base: number, amount: number, shipping = false): DocumentLineDraft => ({ jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 20_000, base, amount, shipping });
const GB_CHILD = (base: number): DocumentLineDraft => ({ jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', taxClass: 'children', rate: 0, base, amount: 0 });
const ON = (base: number, amount: number): DocumentLineDraft => ({ jurisdiction: 'CA-ON', tax: 'HST', declaredUnder: 'CA-GST', rate: 13_000, base, amount });

beforeAll(async () => {
  shop = await createTestShop({ reconcileIntervalMs: 0 });
  [owner, admin, customer] = await Promise.all([staffAccount(shop, 'R_SUPER'), staffAccount(shop, 'R_ADMIN'), staffAccount(shop, 'R_CUSTOMER')]);
  const stock = await findStock(shop, 10);
  eurOrder = (await guestOrder(shop, [plainLine(stock)], { email: 'de@example.com' })).order.orderNo;
  gbpOrder = (await guestOrder(shop, [plainLine(stock)], { email: 'gb@example.com', currency: 'GBP' })).order.orderNo;
  cadOrder = (await guestOrder(shop, [plainLine(stock)], { email: 'on@example.com', currency: 'CAD' })).order.orderNo;
  // Before every period asked below but the December one.
  docs.december = await issueDocument(shop, eurOrder, { issuedAt: '2025-12-31T23:59:59.999Z', lines: [DE(4202, 798)] });
  // February: in the first quarter, not in March.
  docs.ontario = await issueDocument(shop, cadOrder, { issuedAt: '2026-02-15T12:00:00Z', lines: [ON(10_000, 1300), ON(1234, 160)] });
  docs.german = await issueDocument(shop, eurOrder, { issuedAt: '2026-03-01T00:00:00Z', lines: [DE(5000, 950), DE(833, 158, true)] });
  // The UK invoice's lines are chosen so that converting each line and rounding once per line
  // (932 + 97 = 1029 EUR cents of tax) differs from converting their sum (round(883 x 92 / 79) = 1028).
  docs.british = await issueDocument(shop, gbpOrder, { issuedAt: '2026-03-31T23:59:59.999Z', lines: [GB(4000, 800), GB(417, 83, true), GB_CHILD(2500)] });
  docs.germanCredit = await issueDocument(shop, eurOrder, { issuedAt: '2026-03-20T10:00:00Z', corrects: docs.german, lines: [DE(1000, 190)] });
  // A credit note of a March invoice issued in April lands in April.
  docs.britishCredit = await issueDocument(shop, gbpOrder, { issuedAt: '2026-04-01T00:00:00Z', corrects: docs.british, lines: [GB(2000, 400)] });
  docs.april = await issueDocument(shop, eurOrder, { issuedAt: '2026-04-30T23:59:59.999Z', lines: [DE(10_000, 1900)] });
});

afterAll(async () => {
  await shop?.close();
});

async function report(period: TaxReportPeriod, who: Staff = owner): Promise<TaxReport> {
  const answer = await callEntry<TaxReport>(shop, adminTaxReportApi.taxReport, { period }, who);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data;
}

const rowOf = (r: TaxReport, jurisdiction: string, rate: number) => r.rows.find((row) => row.jurisdiction === jurisdiction && row.rate === rate);

/** A document's lines of one row, each converted to EUR and rounded on its own: what the report must add up. */
function expectedEur(list: [IssuedDocument, (line: DocumentLineDraft) => boolean][]): TaxReportAmounts {
  const sum = { salesBase: 0, salesTax: 0, creditBase: 0, creditTax: 0, netBase: 0, netTax: 0 };
  for (const [doc, keep] of list) {
    const credit = doc.number.startsWith('CN');
    for (const line of doc.lines.filter(keep)) {
      const base = divRound(line.base * doc.baseRateX100, doc.rateX100);
      const tax = divRound(line.amount * doc.baseRateX100, doc.rateX100);
      if (credit) {
        sum.creditBase -= base;
        sum.creditTax -= tax;
      } else {
        sum.salesBase += base;
        sum.salesTax += tax;
      }
      sum.netBase += credit ? -base : base;
      sum.netTax += credit ? -tax : tax;
    }
  }
  return sum;
}

describe('the tax report', () => {
  it('sums a month per registration, jurisdiction, tax, rate and currency, credit notes negative', async () => {
    const march = await report({ kind: 'month', month: '2026-03' });
    expect(march).toMatchObject({ from: '2026-03-01', to: '2026-03-31', timeZone: 'UTC', invoices: 2, creditNotes: 1 });
    expect(march.rows.map((r) => `${r.declaredUnder} ${r.jurisdiction} ${r.tax} ${r.rate} ${r.taxClass} ${r.currency}`)).toEqual([
      'EU-OSS DE VAT 19000 standard EUR',
      'GB-VAT GB VAT 20000 standard GBP',
      'GB-VAT GB VAT 0 children GBP',
    ]);
    const germany = rowOf(march, 'DE', 19_000)!;
    expect(germany).toMatchObject({ invoices: 1, creditNotes: 1 });
    expect(germany.amounts).toEqual({ salesBase: 5833, salesTax: 1108, creditBase: -1000, creditTax: -190, netBase: 4833, netTax: 918 });
    // EUR documents convert to themselves.
    expect(germany.eur).toEqual(germany.amounts);
    const uk = rowOf(march, 'GB', 20_000)!;
    expect(uk).toMatchObject({ invoices: 1, creditNotes: 0 });
    expect(uk.amounts).toEqual({ salesBase: 4417, salesTax: 883, creditBase: 0, creditTax: 0, netBase: 4417, netTax: 883 });
    expect(uk.eur).toEqual(expectedEur([[docs.british!, (l) => l.rate === 20_000]]));
    // The shop's default rates (GBP 0.79, EUR 0.92 per USD): per line 932 + 97, where the sum would give 1028.
    expect([docs.british!.rateX100, docs.british!.baseRateX100]).toEqual([79, 92]);
    expect(uk.eur.salesTax).toBe(1029);
    expect(rowOf(march, 'GB', 0)!.amounts).toMatchObject({ salesBase: 2500, salesTax: 0, netBase: 2500, netTax: 0 });
  });

  it('adds its EUR totals up from the rows exactly, and every row’s sales and credits to its net', async () => {
    const quarter = await report({ kind: 'quarter', year: 2026, quarter: 1 });
    expect(quarter).toMatchObject({ from: '2026-01-01', to: '2026-03-31', invoices: 3, creditNotes: 1 });
    expect(quarter.rows.map((r) => r.jurisdiction)).toEqual(['DE', 'GB', 'GB', 'CA-ON']);
    const fields = Object.keys(quarter.totalEur) as (keyof TaxReportAmounts)[];
    for (const field of fields) expect(quarter.totalEur[field], field).toBe(quarter.rows.reduce((n, r) => n + r.eur[field], 0));
    for (const row of quarter.rows)
      for (const money of [row.amounts, row.eur]) {
        expect(money.salesBase + money.creditBase).toBe(money.netBase);
        expect(money.salesTax + money.creditTax).toBe(money.netTax);
      }
    const ontario = rowOf(quarter, 'CA-ON', 13_000)!;
    expect(ontario).toMatchObject({ currency: 'CAD', declaredUnder: 'CA-GST', tax: 'HST', invoices: 1 });
    expect(ontario.amounts.netBase).toBe(11_234);
    expect(ontario.eur).toEqual(expectedEur([[docs.ontario!, () => true]]));
  });

  it('counts a credit note in the period it was issued, not its invoice’s', async () => {
    const april = await report({ kind: 'month', month: '2026-04' });
    expect(april).toMatchObject({ invoices: 1, creditNotes: 1 });
    const uk = rowOf(april, 'GB', 20_000)!;
    expect(uk).toMatchObject({ invoices: 0, creditNotes: 1, currency: 'GBP' });
    expect(uk.amounts).toEqual({ salesBase: 0, salesTax: 0, creditBase: -2000, creditTax: -400, netBase: -2000, netTax: -400 });
    expect(uk.eur).toEqual(expectedEur([[docs.britishCredit!, () => true]]));
    expect(rowOf(april, 'DE', 19_000)!.amounts.netTax).toBe(1900);
  });

  it('takes custom UTC days, both included, to the millisecond at either end', async () => {
    const edge = await report({ kind: 'custom', from: '2026-03-31', to: '2026-04-01' });
    expect(edge).toMatchObject({ invoices: 1, creditNotes: 1 });
    expect(rowOf(edge, 'GB', 20_000)!.amounts).toMatchObject({ salesBase: 4417, creditBase: -2000, netBase: 2417, netTax: 483 });
    const december = await report({ kind: 'custom', from: '2025-12-01', to: '2025-12-31' });
    expect(december.rows).toHaveLength(1);
    expect(december.rows[0]!.amounts.netTax).toBe(798);
    const empty = await report({ kind: 'month', month: '2026-05' });
    expect(empty).toMatchObject({ rows: [], invoices: 0, creditNotes: 0, totalEur: { netBase: 0, netTax: 0 } });
    // 366 days (a leap year) is the longest custom period.
    expect((await report({ kind: 'custom', from: '2024-01-01', to: '2024-12-31' })).rows).toEqual([]);
  });

  it('refuses bad periods with 1001 and a message that says why', async () => {
    const refused = async (period: unknown) => {
      const answer = await callEntry(shop, adminTaxReportApi.taxReport, { period }, owner);
      expect(answer.code, JSON.stringify(period)).toBe('1001');
      return answer.msg;
    };
    expect(await refused({ kind: 'custom', from: '2026-04-02', to: '2026-04-01' })).toContain('the period ends before it starts');
    expect(await refused({ kind: 'custom', from: '2025-01-01', to: '2026-01-02' })).toContain('at most 366 days');
    expect(await refused({ kind: 'custom', from: '2026-02-30', to: '2026-03-01' })).toContain('real days');
    expect(await refused({ kind: 'month', month: '2026-13' })).toContain('YYYY-MM');
    await refused({ kind: 'quarter', year: 2026, quarter: 5 });
    await refused({ kind: 'week', year: 2026 });
    const csv = await callEntry(shop, adminTaxReportApi.taxReportExport, { period: { kind: 'custom', from: '2026-04-02', to: '2026-04-01' } }, owner);
    expect(csv.code).toBe('1001');
  });

  it('is the owners’: refused to R_ADMIN and customers with 1403, to no one signed in with 8888', async () => {
    const period = { kind: 'month', month: '2026-03' };
    for (const entry of [adminTaxReportApi.taxReport, adminTaxReportApi.taxReportExport]) {
      expect(await callEntry(shop, entry, { period }, admin)).toMatchObject({ status: 403, code: '1403', data: null });
      expect(await callEntry(shop, entry, { period }, customer)).toMatchObject({ status: 403, code: '1403' });
      expect(await callEntry(shop, entry, { period })).toMatchObject({ status: 401, code: '8888' });
    }
  });
});

describe('the tax report’s CSV', () => {
  const parse = (csv: string) =>
    csv
      .slice(1)
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));
  const cents = (text: string) => Math.round(Number(text) * 100);

  it('has one line per row, in the documented columns, and its figures add up to the report’s', async () => {
    const period = { kind: 'quarter', year: 2026, quarter: 1 } as const;
    const answer = await callEntry<{ fileName: string; csv: string; rows: number }>(shop, adminTaxReportApi.taxReportExport, { period }, owner);
    expect(answer.code, answer.msg).toBe('0000');
    expect(answer.data.fileName).toBe('tax-report-2026-01-01-2026-03-31.csv');
    expect(answer.data.csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parse(answer.data.csv);
    expect(header).toEqual([
      'Period from',
      'Period to',
      'Declared under',
      'Jurisdiction',
      'Tax',
      'Tax class',
      'Rate (%)',
      'Invoices',
      'Credit notes',
      'Currency',
      'Sales net',
      'Sales tax',
      'Credit notes net',
      'Credit notes tax',
      'Taxable amount',
      'Tax due',
      'Sales net (EUR)',
      'Sales tax (EUR)',
      'Credit notes net (EUR)',
      'Credit notes tax (EUR)',
      'Taxable amount (EUR)',
      'Tax due (EUR)',
    ]);
    const json = await report(period);
    expect(lines).toHaveLength(json.rows.length);
    expect(answer.data.rows).toBe(json.rows.length);
    expect(lines[0]).toEqual(['2026-01-01', '2026-03-31', 'EU-OSS', 'DE', 'VAT', 'standard', '19', '1', '1', 'EUR', '58.33', '11.08', '-10.00', '-1.90', '48.33', '9.18', '58.33', '11.08', '-10.00', '-1.90', '48.33', '9.18']);
    lines.forEach((line, i) => {
      const row: TaxReportRow = json.rows[i]!;
      expect(line.slice(2, 7)).toEqual([row.declaredUnder, row.jurisdiction, row.tax, row.taxClass, String(row.rate / 1000)]);
      expect(line.slice(10, 16).map(cents)).toEqual([row.amounts.salesBase, row.amounts.salesTax, row.amounts.creditBase, row.amounts.creditTax, row.amounts.netBase, row.amounts.netTax]);
      expect(cents(line[10]!) + cents(line[12]!)).toBe(cents(line[14]!));
    });
    // The EUR columns add up, to the cent, to the report's totals.
    const eurTotals = [16, 17, 18, 19, 20, 21].map((column) => lines.reduce((n, line) => n + cents(line[column]!), 0));
    const t = json.totalEur;
    expect(eurTotals).toEqual([t.salesBase, t.salesTax, t.creditBase, t.creditTax, t.netBase, t.netTax]);
    const zh = await callEntry<{ csv: string }>(shop, adminTaxReportApi.taxReportExport, { period }, owner, { 'accept-language': 'zh-CN' });
    expect(zh.data.csv.startsWith('\uFEFF期间起,期间止,申报制度,税收辖区,')).toBe(true);
  });
});

describe('the orders CSV', () => {
  it('carries each order’s tax as checkout froze it, how it was shown, its market and its invoice and credit note numbers', async () => {
    const frozen = async (orderNo: string) => (await shop.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
    // Both ship to the UK (orders-support's address), under its limit: VAT included at checkout.
    const [euro, canadian] = [await frozen(eurOrder), await frozen(cadOrder)];
    for (const row of [euro, canadian]) expect(row).toMatchObject({ taxDisplay: 'inclusive', taxMarket: 'GB', taxReason: 'registered' });
    expect(canadian.taxTotal).toBeGreaterThan(0);
    const answer = await callEntry<{ csv: string }>(shop, adminOrdersApi.orderExport, { sort: 'createdAt', order: 'asc' }, admin);
    expect(answer.code, answer.msg).toBe('0000');
    const [header, ...lines] = answer.data.csv.slice(1).split('\r\n').map((line) => line.split(','));
    expect(header!.slice(-5)).toEqual(['Tax', 'Tax shown', 'Tax market', 'Invoice', 'Credit notes']);
    const line = (orderNo: string) => lines.find((l) => l[0] === orderNo)!.slice(-5);
    expect(line(eurOrder)).toEqual([(euro.taxTotal / 100).toFixed(2), 'included', 'GB', `${docs.december!.number} ${docs.german!.number} ${docs.april!.number}`, docs.germanCredit!.number]);
    expect(line(cadOrder)).toEqual([(canadian.taxTotal / 100).toFixed(2), 'included', 'GB', docs.ontario!.number, '']);
    // An order with no tax leaves the display empty rather than saying included or added.
    await shop.database.db.update(orders).set({ taxTotal: 0, taxMarket: null, taxReason: 'no-tax' }).where(eq(orders.orderNo, gbpOrder));
    const again = await callEntry<{ csv: string }>(shop, adminOrdersApi.orderExport, {}, admin);
    const gbp = again.data.csv.split('\r\n').find((l) => l.startsWith(gbpOrder))!.split(',');
    expect(gbp.slice(-5)).toEqual(['0.00', '', '', docs.british!.number, docs.britishCredit!.number]);
  });
});
