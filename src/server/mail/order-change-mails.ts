/**
 * The shopper's mail for a change of their order before production (docs/back-office.md "Order
 * changes"), in their language: what changed, the new total, and what happens to the money (paid
 * back through PayPal, or asked for by a link that the payment request's own mail carries).
 */
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import type { OrderChangeKind } from '../../domain/order-changes.model.ts';
import { msg, render } from '../messages/index.ts';
import { escapeHtml, mailParts, type MailContent } from './templates.ts';

const { html, link } = mailParts;

export interface OrderChangeMailData {
  orderNo: string;
  link: string;
  firstName: string;
  kind: OrderChangeKind;
  /** What changed, in the reader's words (one line each: "Name: SMTIH -> SMITH"). */
  details: string[];
  total: number;
  currency: CurrencyCode;
  /** Paid back (positive), asked for (negative), or 0. */
  refund: number;
  owed: number;
}

const WORDS = {
  'en-US': {
    subject: (no: string) => `Order ${no} was changed`,
    what: { line: 'A shirt of your order was changed:', address: 'The shipping address of your order was changed:', shipping: 'The shipping method of your order was changed:' },
    total: (t: string) => `Your order's total is now ${t}.`,
    refund: (a: string) => `We are paying back ${a} through PayPal; you will get a separate mail once it is done.`,
    owed: (a: string) => `The change costs ${a} more: we sent you a separate mail with a link to pay it. Your order goes to production once it is paid.`,
  },
  'zh-CN': {
    subject: (no: string) => `订单 ${no} 已修改`,
    what: { line: '您订单中的一件球衣已修改：', address: '您订单的收货地址已修改：', shipping: '您订单的配送方式已修改：' },
    total: (t: string) => `订单总额现为 ${t}。`,
    refund: (a: string) => `我们将通过 PayPal 退还 ${a}，完成后您会另外收到一封邮件。`,
    owed: (a: string) => `此次修改需补付 ${a}：我们已另外发送一封含付款链接的邮件。付款后订单即进入制作。`,
  },
} as const;

export function orderChangeMail(locale: Locale, data: OrderChangeMailData): MailContent {
  const w = WORDS[locale];
  const paragraphs = [w.what[data.kind], ...data.details, w.total(formatMoney(data.total, data.currency, locale))];
  if (data.refund > 0) paragraphs.push(w.refund(formatMoney(data.refund, data.currency, locale)));
  if (data.owed > 0) paragraphs.push(w.owed(formatMoney(data.owed, data.currency, locale)));
  const hello = render(msg('mail.greeting', { firstName: data.firstName }), locale);
  const see = render('mail.order.see', locale);
  return {
    subject: w.subject(data.orderNo),
    text: [hello, '', ...paragraphs.flatMap((p) => [p, '']), `${see}: ${data.link}`, ''].join('\n'),
    html: html(locale, [escapeHtml(hello), ...paragraphs.map(escapeHtml), link(data.link, see)]),
  };
}

/** One changed field as the mail lists it: "Name: SMTIH -> SMITH". */
export function changeDetail(locale: Locale, field: 'name' | 'number' | 'size' | 'print' | 'address' | 'method', before: string, after: string): string {
  const label = FIELD_LABELS[locale][field];
  return locale === 'zh-CN' ? `${label}：${before} → ${after}` : `${label}: ${before} -> ${after}`;
}

const FIELD_LABELS: Record<Locale, Record<'name' | 'number' | 'size' | 'print' | 'address' | 'method', string>> = {
  'en-US': { name: 'Name', number: 'Number', size: 'Size', print: 'Print', address: 'Address', method: 'Shipping' },
  'zh-CN': { name: '姓名', number: '号码', size: '尺码', print: '印制', address: '地址', method: '配送' },
};
