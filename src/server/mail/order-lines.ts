/**
 * The one place mail renders an order line: its summary ("Name (size M) x 2: €90.00") and its
 * print's rows (domain/personalisation.ts, printRows), worded in the mail's language from the
 * server's message catalogue, as text and as HTML; and a team roster's rows under one heading
 * ("Team: Eagles · 12 shirts", gathered as the cart gathers them: domain cartSegments).
 */
import { cartSegments } from '../../domain/cart.model.ts';
import type { Locale } from '../../domain/locale.ts';
import type { OrderLineRecord } from '../../domain/orders.model.ts';
import { LETTERING_PARTS, printRows, type PrintRow, type ShownPrint } from '../../domain/personalisation.ts';
import { msg, render } from '../messages/index.ts';

export type MailLine = ShownPrint & Pick<OrderLineRecord, 'name' | 'size' | 'quantity' | 'lineTotal'> & { group?: OrderLineRecord['group'] };

/** What a row says in mail: the printed name and number, premium lettering only (standard is what every shirt gets), each patch and add-on. */
function rowParts(row: PrintRow, locale: Locale): string[] {
  switch (row.key) {
    case 'print':
      return [
        ...(row.name ? [render(msg('mail.line.name', { name: row.name }), locale)] : []),
        ...(row.number !== null ? [render(msg('mail.line.number', { number: row.number }), locale)] : []),
      ];
    case 'lettering':
      return LETTERING_PARTS.filter(({ part }) => row[part] !== 'Standard').map(({ part }) => render({ id: `mail.line.lettering.${part}`, params: { option: row[part] } }, locale));
    case 'patches':
      return row.items.map((patch) => render(msg('mail.line.patch', { name: patch.patchName }), locale));
    case 'addons':
      return row.items.map((addon) => render(msg('mail.line.addon', { name: addon.name }), locale));
    // The type goes without saying in mail, and an order line keeps the player's name and number as printed.
    case 'type':
    case 'player':
      return [];
  }
}

/** "Name SMITH · Number 7 · Name print: Gold · Patch: Premier League · Add-on: Home shorts". */
export function lineDetails(line: MailLine, locale: Locale): string {
  return printRows(line)
    .flatMap((row) => rowParts(row, locale))
    .join(' · ');
}

/** What a roster's rows are indented by under their heading: two spaces in text, a wider left padding in HTML. */
const INDENT = { text: '  ', html: ';padding-left:24px' };

/** One line of the order mail, as plain text and as an HTML table row; `indented` under a team's heading. */
export function renderMailLine(line: MailLine, locale: Locale, money: (minor: number) => string, escapeHtml: (value: string) => string, cell: string, indented = false): { text: string; html: string } {
  const size = render('mail.line.size', locale);
  const details = lineDetails(line, locale);
  const pad = indented ? INDENT.text : '';
  return {
    text: `${pad}- ${line.name} (${size} ${line.size}) x ${line.quantity}: ${money(line.lineTotal)}${details ? `\n${pad}  ${details}` : ''}`,
    html: `<tr><td style="${cell}${indented ? INDENT.html : ''}">${escapeHtml(line.name)} (${size} ${escapeHtml(line.size)}) x ${line.quantity}${details ? `<br><span style="color:#666;font-size:13px">${escapeHtml(details)}</span>` : ''}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(money(line.lineTotal))}</td></tr>`,
  };
}

/** A team roster's heading in mail: "Team: Eagles · 12 shirts". */
export function groupHeading(segment: { name: string; itemCount: number }, locale: Locale): string {
  return `${render(msg('mail.group.heading', { name: segment.name }), locale)} · ${render(msg('mail.group.shirts', { count: segment.itemCount }), locale)}`;
}

/**
 * The order's lines in mail, in their order, a team roster's rows under one heading with its
 * shirts and total (the cart's and the order page's block): text lines and HTML table rows.
 */
export function renderMailLines(lines: readonly MailLine[], locale: Locale, money: (minor: number) => string, escapeHtml: (value: string) => string, cell: string): { text: string[]; html: string } {
  const text: string[] = [];
  let html = '';
  for (const segment of cartSegments(lines.map((line) => ({ ...line, group: line.group ?? null })))) {
    if (segment.kind === 'line') {
      const one = renderMailLine(segment.line, locale, money, escapeHtml, cell);
      text.push(one.text);
      html += one.html;
      continue;
    }
    const heading = groupHeading(segment, locale);
    text.push(`${heading}: ${money(segment.total)}`);
    html += `<tr><td style="${cell};font-weight:bold">${escapeHtml(heading)}</td><td style="${cell};text-align:right;white-space:nowrap;font-weight:bold">${escapeHtml(money(segment.total))}</td></tr>`;
    for (const line of segment.lines) {
      const one = renderMailLine(line, locale, money, escapeHtml, cell, true);
      text.push(one.text);
      html += one.html;
    }
  }
  return { text, html };
}
