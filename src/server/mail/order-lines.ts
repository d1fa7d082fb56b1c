/**
 * The one place mail renders an order line: its summary ("Name (size M) x 2: €90.00") and its
 * print's rows (domain/personalisation.ts, printRows), worded in the mail's language from the
 * server's message catalogue, as text and as HTML.
 */
import type { Locale } from '../../domain/locale.ts';
import type { OrderLineRecord } from '../../domain/orders.model.ts';
import { LETTERING_PARTS, printRows, type PrintRow, type ShownPrint } from '../../domain/personalisation.ts';
import { msg, render } from '../messages/index.ts';

export type MailLine = ShownPrint & Pick<OrderLineRecord, 'name' | 'size' | 'quantity' | 'lineTotal'>;

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

/** One line of the order mail, as plain text and as an HTML table row. */
export function renderMailLine(line: MailLine, locale: Locale, money: (minor: number) => string, escapeHtml: (value: string) => string, cell: string): { text: string; html: string } {
  const size = render('mail.line.size', locale);
  const details = lineDetails(line, locale);
  return {
    text: `- ${line.name} (${size} ${line.size}) x ${line.quantity}: ${money(line.lineTotal)}${details ? `\n  ${details}` : ''}`,
    html: `<tr><td style="${cell}">${escapeHtml(line.name)} (${size} ${escapeHtml(line.size)}) x ${line.quantity}${details ? `<br><span style="color:#666;font-size:13px">${escapeHtml(details)}</span>` : ''}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(money(line.lineTotal))}</td></tr>`,
  };
}
