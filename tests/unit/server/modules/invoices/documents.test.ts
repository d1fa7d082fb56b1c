/**
 * The pure parts of invoices and credit notes: the numbers, the parties as printed, and the PDF
 * (read back with unpdf): both languages, deterministic bytes, many lines over several pages, long
 * names kept within the page.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { defaultTaxSettings } from '../../../../../src/domain/tax/tax.model.ts';
import { buyerParty, documentNumber, numberingYear, parseDocumentNumber, renderDocumentPdf, sellerParty, type DocumentPrint } from '../../../../../src/server/modules/invoices/index.ts';

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text };
}

const print: DocumentPrint = {
  kind: 'invoice',
  number: 'INV-2026-000123',
  issuedAt: new Date('2026-03-01T09:30:00Z'),
  locale: 'en-US',
  currency: 'GBP',
  orderNo: 'JS-7KQ4M-2XPHD',
  corrects: null,
  seller: { name: 'Jersey Shop GmbH', lines: ['Hauptstraße 1', '10115 Berlin', 'Germany'], taxNumbers: ['VAT DE123456789', 'UK VAT GB123456789'], email: 'shop@example.com' },
  buyer: { name: 'Ada Lovelace', lines: ['12 St James Square', 'SW1Y 4JH London', 'United Kingdom'], taxNumbers: [], email: 'ada@example.com' },
  lines: [{ name: 'Home shirt 2026/27', size: 'M', details: 'Name KANE · Number 9', quantity: 2, unitPrice: 7500, lineTotal: 15000 }],
  amounts: { items: 15000, tierPercent: 0, tierDiscount: 0, couponCode: null, couponDiscount: 0, shipping: 795 },
  taxRows: [{ jurisdiction: 'GB', tax: 'VAT', declaredUnder: 'GB-VAT', rate: 20_000, base: 13163, amount: 2632 }],
  net: 13163,
  tax: 2632,
  total: 15795,
  display: 'inclusive',
  importTaxesOnDelivery: false,
};

describe('document numbers', () => {
  it('are the series, the year and six digits, and read back', () => {
    expect(documentNumber('INV', 2026, 123)).toBe('INV-2026-000123');
    expect(documentNumber('CN', 2027, 1)).toBe('CN-2027-000001');
    expect(parseDocumentNumber('INV-2026-000123')).toEqual({ series: 'INV', year: 2026, seq: 123 });
    expect(parseDocumentNumber('inv-2026-000123')).toBeNull();
    expect(parseDocumentNumber('INV-2026-12')).toBeNull();
    expect(() => documentNumber('INV', 2026, 0)).toThrow(RangeError);
    expect(() => documentNumber('inv', 2026, 1)).toThrow(RangeError);
  });

  it('take the year of the issue date in UTC', () => {
    expect(numberingYear(new Date('2026-12-31T23:59:59Z'))).toBe(2026);
    // Midnight in Berlin on New Year is still the old year in UTC.
    expect(numberingYear(new Date('2026-12-31T23:30:00+00:00'))).toBe(2026);
    expect(numberingYear(new Date('2027-01-01T00:00:00Z'))).toBe(2027);
  });
});

describe('the parties', () => {
  it('print the home number and the numbers of the schemes the document declares under, once each', () => {
    const taxes = { ...defaultTaxSettings('DE'), homeTaxNumber: 'DE123456789', registrations: [{ scheme: 'GB-VAT' as const, number: 'GB123456789' }, { scheme: 'AU-GST' as const, number: '12345678901' }] };
    const seller = { legalName: ' Jersey Shop GmbH ', address: ['Hauptstraße 1', 'Germany'], email: 'shop@example.com', invoiceSeries: 'INV', creditNoteSeries: 'CN' };
    expect(sellerParty(seller, taxes, ['GB-VAT', 'GB-VAT', 'home'], 'shop.example')).toEqual({ name: 'Jersey Shop GmbH', lines: ['Hauptstraße 1', 'Germany'], taxNumbers: ['VAT DE123456789', 'UK VAT GB123456789'], email: 'shop@example.com' });
    expect(sellerParty({ ...seller, legalName: '' }, { ...taxes, homeTaxNumber: null }, [], 'shop.example')).toMatchObject({ name: 'shop.example', taxNumbers: [] });
  });

  it('print the buyer as the order ships, without empty lines or a province repeating the city', () => {
    const address = { firstName: 'Ada', lastName: 'Lovelace', company: '', address: '12 St James Square', address2: '', country: 'GB', province: 'London', postalCode: 'SW1Y 4JH', phoneCode: '+44', city: 'London', phone: '20 7946 0000' };
    expect(buyerParty(address, 'ada@example.com', 'United Kingdom', 'London')).toEqual({ name: 'Ada Lovelace', lines: ['12 St James Square', 'SW1Y 4JH London', 'United Kingdom'], taxNumbers: [], email: 'ada@example.com' });
  });
});

describe('the PDF', () => {
  it('shows the number, the order, the parties, the lines, the breakdown and the totals', async () => {
    const { text, pages } = await textOf(await renderDocumentPdf(print));
    expect(pages).toBe(1);
    for (const part of ['Invoice', 'INV-2026-000123', '2026-03-01', 'JS-7KQ4M-2XPHD', 'Jersey Shop GmbH', 'UK VAT GB123456789', 'Ada Lovelace', 'Name KANE', '£150.00', '£157.95', 'GB VAT', '20%', '£26.32', 'Prices include VAT.']) {
      expect(text).toContain(part);
    }
  });

  it('renders the same document to the same bytes', async () => {
    const [a, b] = await Promise.all([renderDocumentPdf(print), renderDocumentPdf(print)]);
    expect(a.equals(b)).toBe(true);
  });

  it('says it in Chinese for a zh-CN order, with the import notice and the invoice a credit note corrects', async () => {
    const note = { ...print, kind: 'credit_note' as const, number: 'CN-2026-000007', corrects: 'INV-2026-000123', locale: 'zh-CN' as const, amounts: null, importTaxesOnDelivery: true, lines: [{ ...print.lines[0]!, unitPrice: null, lineTotal: null }] };
    const { text } = await textOf(await renderDocumentPdf(note));
    for (const part of ['贷项通知单', 'CN-2026-000007', '更正发票', 'INV-2026-000123', '退款合计', '进口税费', '价格已含税（VAT）']) expect(text).toContain(part);
  });

  it('pages many lines, each page numbered, and wraps a long name', async () => {
    const long = 'Commemorative anniversary goalkeeper shirt with a name that goes on and on '.repeat(4);
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...print.lines[0]!, name: i === 0 ? long : `Shirt ${i + 1}` }));
    const { text, pages } = await textOf(await renderDocumentPdf({ ...print, lines }));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Shirt 60');
    expect(text).toContain('£157.95');
  });

  it('says tax is added where it is (US, Canada) and nothing of tax where none is charged', async () => {
    const added = await textOf(await renderDocumentPdf({ ...print, display: 'exclusive', net: 15795, tax: 2632, total: 18427 }));
    expect(added.text).toContain('Tax is added to the prices shown.');
    expect(added.text).toContain('£184.27');
    const none = await textOf(await renderDocumentPdf({ ...print, taxRows: [], tax: 0, net: 15795 }));
    expect(none.text).toContain('No tax is charged on this order.');
  });
});
