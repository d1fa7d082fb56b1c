/**
 * The one place mail renders an order line: its summary ("Name (size M) x 2: €90.00") and its
 * personalisation details, in the mail's language, as text and as HTML.
 */
import type { Locale } from '../../domain/locale.ts';
import type { OrderLineRecord } from '../../domain/orders.model.ts';

export type MailLine = Pick<
  OrderLineRecord,
  'name' | 'size' | 'quantity' | 'lineTotal' | 'customName' | 'customNumber' | 'premiumNameOption' | 'premiumNumberOption' | 'patches' | 'addonItems'
>;

/** "Name SMITH · Number 7 · Name print: Gold · Patch: Premier League · Add-on: Home shorts". */
export function lineDetails(line: MailLine, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const parts: string[] = [];
  if (line.customName) parts.push(`${zh ? '名字' : 'Name'} ${line.customName}`);
  if (line.customNumber !== null) parts.push(`${zh ? '号码' : 'Number'} ${line.customNumber}`);
  if (line.premiumNameOption !== 'Standard') parts.push(`${zh ? '名字字体' : 'Name print'}: ${line.premiumNameOption}`);
  if (line.premiumNumberOption !== 'Standard') parts.push(`${zh ? '号码字体' : 'Number print'}: ${line.premiumNumberOption}`);
  for (const p of line.patches) parts.push(`${zh ? '臂章' : 'Patch'}: ${p.patchName}`);
  for (const a of line.addonItems) parts.push(`${zh ? '加购' : 'Add-on'}: ${a.name}`);
  return parts.join(' · ');
}

/** One line of the order mail, as plain text and as an HTML table row. */
export function renderMailLine(line: MailLine, locale: Locale, money: (minor: number) => string, escapeHtml: (value: string) => string, cell: string): { text: string; html: string } {
  const size = locale === 'zh-CN' ? '尺码' : 'size';
  const details = lineDetails(line, locale);
  return {
    text: `- ${line.name} (${size} ${line.size}) x ${line.quantity}: ${money(line.lineTotal)}${details ? `\n  ${details}` : ''}`,
    html: `<tr><td style="${cell}">${escapeHtml(line.name)} (${size} ${escapeHtml(line.size)}) x ${line.quantity}${details ? `<br><span style="color:#666;font-size:13px">${escapeHtml(details)}</span>` : ''}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(money(line.lineTotal))}</td></tr>`,
  };
}
