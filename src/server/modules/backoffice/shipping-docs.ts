/**
 * Packing slips (A4) and address labels (4 x 6 in) of one order or a selection, as one PDF
 * (docs/back-office.md "Shipments"): each order on its own page(s), in that order's language,
 * every line with its print worded from its print rows (domain/personalisation.ts printRows,
 * through mail/order-lines.ts lineDetails, as the mails and invoices word it). No amounts: the
 * slip goes in the parcel, which may be a gift. The font is pdf/fonts.ts's, shared with invoices.
 */
import { inArray } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale.ts';
import type { OrderDetail } from '../../../domain/orders.model.ts';
import { unshippedOf } from '../../../domain/shipments.model.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { lineDetails } from '../../mail/order-lines.ts';
import { msg, render, type Said } from '../../messages/index.ts';
import { openPdf } from '../../pdf/fonts.ts';
import { orderLocale, orders as orderTable, type OrderService } from '../orders/index.ts';

export type ShippingDocKind = 'slip' | 'label';

/** Who the parcel is from: the seller's name and address (Settings -> Taxes, seller). */
export interface Sender {
  name: string;
  lines: string[];
}

const A4 = { width: 595.28, height: 841.89 };
/** 4 x 6 inches, portrait. */
const LABEL = { width: 288, height: 432 };
const GREY = '#555555';
const RULE = '#999999';

function addressLines(order: OrderDetail): string[] {
  const a = order.shippingAddress;
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    ...(a.company ? [a.company] : []),
    a.address,
    ...(a.address2 ? [a.address2] : []),
    [a.postalCode, a.city, a.provinceName].filter(Boolean).join(' '),
    a.countryName,
    `${a.phoneCode} ${a.phone}`.trim(),
  ].filter(Boolean);
}

/** The orders asked for, in the order asked, each read in its own language. */
async function ordersFor(db: Db, orders: OrderService, orderNos: readonly string[]): Promise<OrderDetail[]> {
  const rows = await db.select().from(orderTable).where(inArray(orderTable.orderNo, [...orderNos]));
  const missing = orderNos.find((no) => !rows.some((row) => row.orderNo === no));
  if (missing) throw notFound('order');
  const details: OrderDetail[] = [];
  for (const no of orderNos) {
    const row = rows.find((r) => r.orderNo === no)!;
    details.push(await orders.detail(row, orderLocale(row)));
  }
  return details;
}

export async function shippingDocsPdf(db: Db, orders: OrderService, kind: ShippingDocKind, orderNos: readonly string[], sender: Sender, now: Date): Promise<Buffer> {
  const list = await ordersFor(db, orders, orderNos);
  const size = kind === 'slip' ? A4 : LABEL;
  const margin = kind === 'slip' ? 48 : 16;
  const { doc, done, regular, bold } = await openPdf({
    size: [size.width, size.height],
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    autoFirstPage: false,
    info: { Title: `${kind === 'slip' ? 'Packing slips' : 'Shipping labels'} ${orderNos.join(' ')}`.slice(0, 200), Producer: 'jersey-shop', Creator: 'jersey-shop', CreationDate: now, ModDate: now },
  });
  const width = size.width - 2 * margin;
  for (const order of list) {
    const locale: Locale = orderLocale(order);
    const say = (said: Said) => render(said, locale);
    doc.addPage();
    if (kind === 'label') {
      label(order, locale);
      continue;
    }
    // ---------- packing slip ----------
    doc.font(bold).fontSize(20).fillColor('black').text(say('pdf.slip.title'), margin, margin, { width: width / 2 });
    doc.font(bold).fontSize(12).text(say(msg('pdf.slip.order', { orderNo: order.orderNo })), margin + width / 2, margin + 2, { width: width / 2, align: 'right' });
    doc.font(regular).fontSize(9).fillColor(GREY).text(say(msg('pdf.slip.ordered', { date: order.createdAt.slice(0, 10) })), margin + width / 2, doc.y, { width: width / 2, align: 'right' });
    doc.text(say(msg('pdf.slip.method', { method: say(`pdf.method.${order.shippingMethod}`) })), margin + width / 2, doc.y, { width: width / 2, align: 'right' });
    const top = Math.max(doc.y, margin + 36) + 18;
    const block = (title: string, lines: string[], x: number) => {
      doc.font(regular).fontSize(8).fillColor(GREY).text(title.toUpperCase(), x, top, { width: width / 2 - 12 });
      doc.font(bold).fontSize(10.5).fillColor('black').text(lines[0] ?? '', x, doc.y + 2, { width: width / 2 - 12 });
      doc.font(regular).fontSize(9.5);
      for (const line of lines.slice(1)) doc.text(line, x, doc.y, { width: width / 2 - 12 });
      return doc.y;
    };
    const end = Math.max(block(say('pdf.slip.shipTo'), addressLines(order), margin), block(say('pdf.label.from'), [sender.name, ...sender.lines], margin + width / 2 + 12));
    doc.y = end + 20;
    const cols = { item: { x: margin, w: width - 190 }, size: { x: margin + width - 185, w: 50 }, qty: { x: margin + width - 130, w: 50 }, packed: { x: margin + width - 70, w: 70 } };
    const header = () => {
      const y = doc.y;
      doc.font(bold).fontSize(8.5).fillColor(GREY);
      doc.text(say('pdf.slip.item'), cols.item.x, y, { width: cols.item.w });
      doc.text(say('pdf.slip.size'), cols.size.x, y, { width: cols.size.w });
      doc.text(say('pdf.slip.quantity'), cols.qty.x, y, { width: cols.qty.w, align: 'right' });
      doc.text(say('pdf.slip.packed'), cols.packed.x, y, { width: cols.packed.w, align: 'right' });
      doc.y = y + 14;
      doc.moveTo(margin, doc.y).lineTo(margin + width, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.y += 5;
    };
    header();
    // What earlier parcels already took, so the packer sees what goes in this box.
    const left = unshippedOf(order.lines, order.shipments.map((s) => ({ items: s.lines })));
    for (const line of order.lines) {
      const details = lineDetails(line, locale) || say('pdf.slip.noPrint');
      const gone = line.quantity - (left.get(line.id) ?? line.quantity);
      const note = gone > 0 ? `${details}\n${say(msg('pdf.slip.inParcels', { count: gone }))}` : details;
      doc.font(regular).fontSize(8.5);
      const height = doc.font(bold).fontSize(10).heightOfString(line.name, { width: cols.item.w }) + doc.font(regular).fontSize(8.5).heightOfString(note, { width: cols.item.w }) + 10;
      if (doc.y + height > size.height - margin - 30) {
        doc.addPage();
        doc.y = margin;
        header();
      }
      const y = doc.y;
      doc.font(bold).fontSize(10).fillColor('black').text(line.name, cols.item.x, y, { width: cols.item.w });
      doc.font(regular).fontSize(8.5).fillColor(GREY).text(note, cols.item.x, doc.y + 1, { width: cols.item.w });
      const after = doc.y;
      doc.font(bold).fontSize(10).fillColor('black');
      doc.text(line.size, cols.size.x, y, { width: cols.size.w });
      doc.text(String(line.quantity), cols.qty.x, y, { width: cols.qty.w, align: 'right' });
      doc.rect(cols.packed.x + cols.packed.w - 12, y, 11, 11).lineWidth(0.8).strokeColor('black').stroke();
      doc.y = after + 8;
    }
    doc.moveTo(margin, doc.y).lineTo(margin + width, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 8;
    const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    doc.font(bold).fontSize(10).fillColor('black').text(say(msg('pdf.slip.count', { count })), margin, doc.y, { width, align: 'right' });
    doc.moveDown(1.5);
    doc.font(regular).fontSize(9).fillColor(GREY).text(say('pdf.slip.thanks'), margin, doc.y, { width });
  }
  doc.end();
  return done;

  function label(order: OrderDetail, locale: Locale) {
    const say = (said: Said) => render(said, locale);
    doc.font(regular).fontSize(7).fillColor(GREY).text(say('pdf.label.from').toUpperCase(), margin, margin, { width });
    doc.font(regular).fontSize(8).fillColor('black').text([sender.name, ...sender.lines].join('\n'), margin, doc.y + 1, { width });
    doc.y += 8;
    doc.moveTo(margin, doc.y).lineTo(margin + width, doc.y).lineWidth(1).strokeColor('black').stroke();
    doc.y += 12;
    doc.font(regular).fontSize(8).fillColor(GREY).text(say('pdf.label.to').toUpperCase(), margin, doc.y, { width });
    const [name, ...rest] = addressLines(order);
    doc.font(bold).fontSize(16).fillColor('black').text(name ?? '', margin, doc.y + 2, { width });
    doc.font(regular).fontSize(12.5);
    for (const line of rest) doc.text(line, margin, doc.y + 1, { width });
    // The order number and method at the foot, for the packer and the carrier's desk.
    const foot = LABEL.height - margin - 46;
    doc.moveTo(margin, foot).lineTo(margin + width, foot).lineWidth(1).strokeColor('black').stroke();
    doc.font(bold).fontSize(15).fillColor('black').text(order.orderNo, margin, foot + 8, { width, lineBreak: false });
    const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    doc.font(regular).fontSize(9).text(`${say(`pdf.method.${order.shippingMethod}`)} · ${say(msg('pdf.slip.count', { count }))}`, margin, foot + 28, { width, lineBreak: false });
  }
}
