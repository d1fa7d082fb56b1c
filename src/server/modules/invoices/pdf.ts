/**
 * An invoice's or a credit note's PDF (docs/taxes.md "Invoices and credit notes"): A4, in the
 * order's language, Noto Sans SC embedded as a subset of the glyphs used (Latin and Chinese alike,
 * so it prints the same on every machine; the faces are pdf/fonts.ts's, shared with the packing slips). Deterministic: its dates are the document's and
 * nothing else varies, so one document always renders the same bytes.
 */
import type { Locale } from '../../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../../domain/money.model.ts';
import type { OrderAmounts } from '../../../domain/orders.model.ts';
import { ratePercent, type PriceDisplay, type TaxSummaryRow } from '../../../domain/tax/tax.model.ts';
import { msg, render, type Said } from '../../messages/index.ts';
import { openPdf } from '../../pdf/fonts.ts';
import type { DocumentParty } from './schema.ts';

/** One line of the document: a shirt with its print's rows already worded. */
export interface PrintedLine {
  name: string;
  size: string;
  /** "Name SMITH · Number 7 · Patch: ..." (mail/order-lines.ts lineDetails). */
  details: string;
  quantity: number;
  /** Null on a credit note, which lists the lines returned without pricing them again. */
  unitPrice: number | null;
  lineTotal: number | null;
}

/** The order's amounts an invoice prints under its lines. */
export type InvoiceAmounts = Pick<OrderAmounts, 'items' | 'tierPercent' | 'tierDiscount' | 'couponCode' | 'couponDiscount' | 'shipping'>;

/** Everything a document's PDF shows, read from the document and the order's frozen rows. */
export interface DocumentPrint {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  locale: Locale;
  currency: CurrencyCode;
  orderNo: string;
  /** The invoice a credit note corrects. */
  corrects: string | null;
  seller: DocumentParty;
  buyer: DocumentParty;
  lines: PrintedLine[];
  /** An invoice's order amounts; null on a credit note. */
  amounts: InvoiceAmounts | null;
  taxRows: TaxSummaryRow[];
  net: number;
  tax: number;
  total: number;
  display: PriceDisplay;
  importTaxesOnDelivery: boolean;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = A4.width - 2 * MARGIN;
const FOOTER = 28;
const GREY = '#555555';
const RULE = '#bbbbbb';

/** The lines table's columns: description, quantity, unit price, amount (x and width). */
const COLUMNS = {
  description: { x: MARGIN, width: CONTENT - 210 },
  quantity: { x: MARGIN + CONTENT - 205, width: 40 },
  unitPrice: { x: MARGIN + CONTENT - 160, width: 75 },
  amount: { x: MARGIN + CONTENT - 80, width: 80 },
};

/** yyyy-mm-dd of the issue date in UTC: the date the number's year is taken from. */
export function documentDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function rateText(rate: number): string {
  return `${ratePercent(rate)}%`;
}

/** Renders the document; resolves with the PDF's bytes. */
export async function renderDocumentPdf(print: DocumentPrint): Promise<Buffer> {
  const say = (said: Said) => render(said, print.locale);
  const money = (minor: number) => formatMoney(minor, print.currency, print.locale);
  const title = say(print.kind === 'invoice' ? 'document.invoice' : 'document.creditNote');
  const { doc, done, regular, bold } = await openPdf({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: true,
    // The document's own time, not the rendering's: the same document renders the same bytes.
    info: { Title: `${title} ${print.number}`, Author: print.seller.name, Producer: 'jersey-shop', Creator: 'jersey-shop', CreationDate: print.issuedAt, ModDate: print.issuedAt },
    lang: print.locale,
  });
  const bottom = A4.height - MARGIN - FOOTER;

  /** Starts a new page when `height` more points would not fit; answers whether it did. */
  const room = (height: number): boolean => {
    if (doc.y + height <= bottom) return false;
    doc.addPage();
    doc.y = MARGIN;
    return true;
  };

  // ---------- heading: title, number, date, order ----------
  doc.font(bold).fontSize(22).fillColor('black').text(title, MARGIN, MARGIN, { width: CONTENT / 2 });
  const meta: [string, string][] = [
    [say('document.number'), print.number],
    [say('document.date'), documentDate(print.issuedAt)],
    [say('document.order'), print.orderNo],
    ...(print.corrects ? [[say('document.corrects'), print.corrects] as [string, string]] : []),
  ];
  let metaY = MARGIN + 4;
  for (const [label, value] of meta) {
    doc.font(regular).fontSize(9).fillColor(GREY).text(label, MARGIN + CONTENT / 2, metaY, { width: 90 });
    doc.font(bold).fontSize(9).fillColor('black').text(value, MARGIN + CONTENT / 2 + 95, metaY, { width: CONTENT / 2 - 95 });
    metaY = Math.max(metaY + 14, doc.y + 2);
  }

  // ---------- seller and buyer, side by side ----------
  const partiesY = Math.max(metaY, MARGIN + 40) + 16;
  const partyWidth = CONTENT / 2 - 12;
  const party = (label: string, who: DocumentParty, x: number): number => {
    doc.font(regular).fontSize(8).fillColor(GREY).text(label.toUpperCase(), x, partiesY, { width: partyWidth });
    doc.font(bold).fontSize(10).fillColor('black').text(who.name, x, doc.y + 2, { width: partyWidth });
    doc.font(regular).fontSize(9);
    for (const line of [...who.lines, ...who.taxNumbers, ...(who.email ? [who.email] : [])]) doc.text(line, x, doc.y, { width: partyWidth });
    return doc.y;
  };
  const sellerEnd = party(say('document.seller'), print.seller, MARGIN);
  const buyerEnd = party(say('document.buyer'), print.buyer, MARGIN + CONTENT / 2 + 12);
  doc.y = Math.max(sellerEnd, buyerEnd) + 18;

  // ---------- the lines ----------
  const tableHeader = () => {
    const y = doc.y;
    doc.font(bold).fontSize(8.5).fillColor(GREY);
    doc.text(say('document.description'), COLUMNS.description.x, y, { width: COLUMNS.description.width });
    doc.text(say('document.quantity'), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    if (print.kind === 'invoice') {
      doc.text(say('document.unitPrice'), COLUMNS.unitPrice.x, y, { width: COLUMNS.unitPrice.width, align: 'right' });
      doc.text(say('document.amount'), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    }
    doc.y = y + 14;
    rule();
  };
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 4;
  };

  if (print.kind === 'credit_note') {
    doc.font(bold).fontSize(10).fillColor('black').text(say(msg('document.refund', { orderNo: print.orderNo })), MARGIN, doc.y, { width: CONTENT });
    doc.y += 6;
    if (print.lines.length > 0) {
      doc.font(regular).fontSize(9).fillColor(GREY).text(say('document.refundedItems'), MARGIN, doc.y, { width: CONTENT });
      doc.y += 4;
    }
  }
  if (print.lines.length > 0) tableHeader();
  for (const line of print.lines) {
    const name = line.size ? `${line.name} · ${say(msg('document.size', { size: line.size }))}` : line.name;
    doc.font(regular).fontSize(9.5);
    const nameHeight = doc.heightOfString(name, { width: COLUMNS.description.width });
    doc.fontSize(8);
    const detailsHeight = line.details ? doc.heightOfString(line.details, { width: COLUMNS.description.width }) : 0;
    if (room(nameHeight + detailsHeight + 8)) tableHeader();
    const y = doc.y;
    doc.font(regular).fontSize(9.5).fillColor('black').text(name, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    if (line.details) doc.fontSize(8).fillColor(GREY).text(line.details, COLUMNS.description.x, doc.y, { width: COLUMNS.description.width });
    const after = doc.y;
    doc.font(regular).fontSize(9.5).fillColor('black');
    doc.text(String(line.quantity), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    if (line.unitPrice !== null) doc.text(money(line.unitPrice), COLUMNS.unitPrice.x, y, { width: COLUMNS.unitPrice.width, align: 'right' });
    if (line.lineTotal !== null) doc.text(money(line.lineTotal), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    doc.y = after + 6;
  }
  if (print.lines.length > 0) rule();

  // ---------- the amounts ----------
  const labelX = MARGIN + CONTENT - 300;
  const figure = (label: string, value: string, strong = false) => {
    room(16);
    const y = doc.y;
    doc.font(strong ? bold : regular).fontSize(strong ? 10.5 : 9.5).fillColor('black');
    doc.text(label, labelX, y, { width: 210, align: 'right' });
    doc.text(value, COLUMNS.amount.x - 10, y, { width: COLUMNS.amount.width + 10, align: 'right' });
    doc.y = Math.max(doc.y, y + 14) + 2;
  };
  const a = print.amounts;
  if (a) {
    figure(say('document.items'), money(a.items));
    if (a.tierDiscount > 0) figure(say(msg('mail.order.tierDiscount', { percent: a.tierPercent })), `-${money(a.tierDiscount)}`);
    if (a.couponDiscount > 0) figure(say(msg('mail.order.coupon', { code: a.couponCode ?? '' })), `-${money(a.couponDiscount)}`);
    figure(say('document.shipping'), money(a.shipping));
  }
  // Net, tax and total follow: where tax was added to the prices (US, Canada) these rows show it.
  figure(say('document.net'), money(print.net));
  figure(say('document.tax'), money(print.tax));
  figure(say(print.kind === 'invoice' ? 'document.total' : 'document.refundTotal'), money(print.total), true);

  // ---------- the tax breakdown per rate ----------
  if (print.taxRows.length > 0) {
    doc.y += 10;
    room(40);
    doc.font(bold).fontSize(10).fillColor('black').text(say('document.taxBreakdown'), MARGIN, doc.y, { width: CONTENT });
    doc.y += 4;
    const cols = [
      { x: MARGIN, width: 200, align: 'left' as const },
      { x: MARGIN + 200, width: 80, align: 'right' as const },
      { x: MARGIN + 290, width: 100, align: 'right' as const },
      { x: MARGIN + 400, width: CONTENT - 400, align: 'right' as const },
    ];
    const row = (cells: string[], strong = false) => {
      room(16);
      const y = doc.y;
      doc.font(strong ? bold : regular).fontSize(9).fillColor(strong ? GREY : 'black');
      cells.forEach((cell, i) => doc.text(cell, cols[i]!.x, y, { width: cols[i]!.width, align: cols[i]!.align }));
      doc.y = Math.max(doc.y, y + 13) + 1;
    };
    row([say('document.taxKind'), say('document.rate'), say('document.taxable'), say('document.tax')], true);
    for (const r of print.taxRows) row([`${r.jurisdiction} ${r.tax}`, rateText(r.rate), money(r.base), money(r.amount)]);
  }

  // ---------- what the prices mean, the import notice, the invoice corrected ----------
  const notes: string[] = [];
  const taxNames = [...new Set(print.taxRows.filter((r) => r.rate > 0).map((r) => r.tax))];
  if (print.tax > 0 || taxNames.length > 0) notes.push(print.display === 'inclusive' ? say(msg('document.pricesInclude', { taxes: taxNames.join(', ') || 'VAT' })) : say('document.taxAddedNote'));
  else notes.push(say('document.noTax'));
  if (print.importTaxesOnDelivery) notes.push(say('document.importNotice'));
  if (print.corrects) notes.push(say(msg('document.creditNoteNote', { invoice: print.corrects })));
  doc.y += 12;
  for (const note of notes) {
    doc.font(regular).fontSize(8.5);
    room(doc.heightOfString(note, { width: CONTENT }) + 4);
    doc.fillColor(GREY).text(note, MARGIN, doc.y, { width: CONTENT });
    doc.y += 3;
  }

  // ---------- footer on every page: the number and the page ----------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footer = `${print.number} · ${say(msg('document.page', { page: i + 1, pages: range.count }))}`;
    // Written below the bottom margin: lifted for the footer so pdfkit does not start a page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(regular).fontSize(8).fillColor(GREY).text(footer, MARGIN, A4.height - MARGIN - 10, { width: CONTENT, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
