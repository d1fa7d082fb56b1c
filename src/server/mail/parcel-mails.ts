/**
 * The shopper's parcel mails (docs/back-office.md "Shipments"): a parcel (or, from a bulk-ship
 * file, every parcel of one order) on its way, each with its carrier, tracking number and the
 * lines it holds, the print of each worded as in every order mail (order-lines.ts lineDetails), a
 * team roster's rows under its heading;
 * and a parcel's tracking details corrected. Words from the message catalogue, in the order's
 * language.
 */
import { cartSegments } from '../../domain/cart.model.ts';
import type { Locale } from '../../domain/locale.ts';
import { msg, render } from '../messages/index.ts';
import { groupHeading, lineDetails, type MailLine } from './order-lines.ts';
import { escapeHtml, mailParts, type MailContent } from './templates.ts';

const { html, link } = mailParts;

export interface MailParcel {
  carrier: string;
  trackingNumber: string;
  /** The link the shopper follows (carriers.ts trackingLink), when there is one. */
  trackingUrl: string | null;
  lines: Omit<MailLine, 'lineTotal'>[];
}

export interface ParcelMailData {
  orderNo: string;
  link: string;
  firstName: string;
  parcels: MailParcel[];
  /** Everything is now in a parcel (the order is shipped); otherwise the rest follows. */
  complete: boolean;
}

function parcelBlock(parcel: MailParcel, index: number, count: number, locale: Locale): { text: string; html: string } {
  const size = render('mail.line.size', locale);
  const heading = count > 1 ? render(msg('mail.parcel.heading', { n: index + 1 }), locale) : null;
  const carrier = render(msg('mail.parcel.carrier', { carrier: parcel.carrier }), locale);
  const number = render(msg('mail.parcel.trackingNumber', { trackingNumber: parcel.trackingNumber }), locale);
  const lineOf = (line: MailParcel['lines'][number], indented: boolean) => {
    const details = lineDetails({ ...line, lineTotal: 0 }, locale);
    const pad = indented ? '  ' : '';
    return {
      text: `${pad}- ${line.name} (${size} ${line.size}) x ${line.quantity}${details ? `\n${pad}  ${details}` : ''}`,
      html: `${indented ? '&nbsp;&nbsp;&nbsp;&nbsp;' : ''}${escapeHtml(line.name)} (${size} ${escapeHtml(line.size)}) x ${line.quantity}${details ? `<br><span style="color:#666;font-size:13px">${escapeHtml(details)}</span>` : ''}`,
    };
  };
  // A team roster's rows under one heading, as in the order confirmation.
  const lines = cartSegments(parcel.lines.map((line) => ({ ...line, group: line.group ?? null, lineTotal: 0 }))).flatMap((segment) => {
    if (segment.kind === 'line') return [lineOf(segment.line, false)];
    const heading = groupHeading(segment, locale);
    return [{ text: heading, html: `<strong>${escapeHtml(heading)}</strong>` }, ...segment.lines.map((line) => lineOf(line, true))];
  });
  const holds = render('mail.parcel.holds', locale);
  const track = render('mail.parcel.track', locale);
  return {
    text: [...(heading ? [heading] : []), carrier, number, ...(parcel.trackingUrl ? [`${track}: ${parcel.trackingUrl}`] : []), holds, ...lines.map((l) => l.text)].join('\n'),
    html: [
      ...(heading ? [`<strong>${escapeHtml(heading)}</strong><br>`] : []),
      `${escapeHtml(carrier)}<br>${escapeHtml(number)}`,
      parcel.trackingUrl ? `<br>${link(parcel.trackingUrl, track)}` : '',
      `<br>${escapeHtml(holds)}<br>${lines.map((l) => l.html).join('<br>')}`,
    ].join(''),
  };
}

function assemble(locale: Locale, subject: string, firstName: string, intro: string, blocks: { text: string; html: string }[], orderLink: string): MailContent {
  const hello = render(msg('mail.greeting', { firstName }), locale);
  const see = render('mail.order.see', locale);
  return {
    subject,
    text: [hello, '', intro, '', ...blocks.flatMap((b) => [b.text, '']), `${see}: ${orderLink}`, ''].join('\n'),
    html: html(locale, [escapeHtml(hello), escapeHtml(intro), ...blocks.map((b) => b.html), link(orderLink, see)]),
  };
}

/** One mail for one order: its parcels just handed to carriers. */
export function parcelMail(locale: Locale, data: ParcelMailData): MailContent {
  const subject = render(msg(data.complete ? 'mail.parcel.subject' : 'mail.parcel.subjectPart', { orderNo: data.orderNo }), locale);
  const intro = render(msg(data.complete ? 'mail.parcel.intro' : 'mail.parcel.introPart', { orderNo: data.orderNo }), locale);
  return assemble(locale, subject, data.firstName, intro, data.parcels.map((p, i) => parcelBlock(p, i, data.parcels.length, locale)), data.link);
}

/** A parcel's carrier or tracking number corrected: the new details, and what they replace. */
export function parcelCorrectionMail(locale: Locale, data: Omit<ParcelMailData, 'parcels' | 'complete'> & { parcel: MailParcel; before: { carrier: string; trackingNumber: string } }): MailContent {
  const subject = render(msg('mail.parcel.correctedSubject', { orderNo: data.orderNo }), locale);
  const intro = render(msg('mail.parcel.corrected', { orderNo: data.orderNo }), locale);
  const block = parcelBlock(data.parcel, 0, 1, locale);
  const was = render(msg('mail.parcel.was', { carrier: data.before.carrier, trackingNumber: data.before.trackingNumber }), locale);
  return assemble(locale, subject, data.firstName, intro, [{ text: `${block.text}\n${was}`, html: `${block.html}<br><span style="color:#666">${escapeHtml(was)}</span>` }], data.link);
}
