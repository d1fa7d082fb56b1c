/**
 * The mails of an order's later moves, in the shopper's language: in production, delivered,
 * cancelled, refunded (with the amount, partial or full); and the merchant's mail for every paid
 * order, with its link in the back office. The shipped mails are parcel-mails.ts's.
 */
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import type { TaxBreakdown } from '../../domain/tax/tax.model.ts';
import { msg, render } from '../messages/index.ts';
import { escapeHtml, mailParts, taxLabel, type MailContent } from './templates.ts';

const { html, link } = mailParts;

export interface OrderMoveMailData {
  orderNo: string;
  /** The shopper's order page (templates.ts OrderMailData.link). */
  link: string;
  firstName: string;
}

export type OrderMoveMail = 'processing' | 'delivered' | 'cancelled';

const MOVE_TEXT: Record<Locale, Record<OrderMoveMail, { subject: (no: string) => string; body: (no: string) => string }>> = {
  'en-US': {
    processing: { subject: (no) => `Order ${no} is in production`, body: (no) => `Your order ${no} is in production: we are preparing and printing your shirts now.` },
    delivered: { subject: (no) => `Order ${no} was delivered`, body: (no) => `Your order ${no} was delivered. We hope you enjoy wearing it!` },
    cancelled: { subject: (no) => `Order ${no} was cancelled`, body: (no) => `Your order ${no} was cancelled. If you paid for it, the money goes back to your PayPal account or card.` },
  },
  'zh-CN': {
    processing: { subject: (no) => `订单 ${no} 正在制作`, body: (no) => `您的订单 ${no} 已进入制作，我们正在准备和印制您的球衣。` },
    delivered: { subject: (no) => `订单 ${no} 已送达`, body: (no) => `您的订单 ${no} 已送达，祝您穿着愉快！` },
    cancelled: { subject: (no) => `订单 ${no} 已取消`, body: (no) => `您的订单 ${no} 已取消。如已付款，款项将退回您的 PayPal 账户或银行卡。` },
  },
};

function greeting(locale: Locale, firstName: string): string {
  return render(msg('mail.greeting', { firstName }), locale);
}

function follow(locale: Locale): string {
  return render('mail.order.see', locale);
}

function assemble(locale: Locale, subject: string, firstName: string, paragraphs: string[], orderLink: string): MailContent {
  const hello = greeting(locale, firstName);
  return {
    subject,
    text: [hello, '', ...paragraphs.flatMap((p) => [p, '']), `${follow(locale)}: ${orderLink}`, ''].join('\n'),
    html: html(locale, [escapeHtml(hello), ...paragraphs.map(escapeHtml), link(orderLink, follow(locale))]),
  };
}

export function orderMoveMail(locale: Locale, kind: OrderMoveMail, data: OrderMoveMailData): MailContent {
  const text = MOVE_TEXT[locale][kind];
  return assemble(locale, text.subject(data.orderNo), data.firstName, [text.body(data.orderNo)], data.link);
}

export interface RefundMailData extends OrderMoveMailData {
  amount: number;
  /** The PayPal refunds it was paid back in, when more than one (one per payment made: an order change's extra was paid apart); else empty. */
  parts: readonly number[];
  currency: CurrencyCode;
  /** Everything paid has now been given back. */
  full: boolean;
}

export function refundMail(locale: Locale, data: RefundMailData): MailContent {
  const money = formatMoney(data.amount, data.currency, locale);
  const parts = new Intl.ListFormat(locale, { type: 'conjunction' }).format(data.parts.map((part) => formatMoney(part, data.currency, locale)));
  if (locale === 'zh-CN') {
    const subject = data.full ? `订单 ${data.orderNo} 已全额退款` : `订单 ${data.orderNo} 已部分退款`;
    const body = data.full ? `我们已为订单 ${data.orderNo} 退款 ${money}，全部款项已退还。` : `我们已为订单 ${data.orderNo} 部分退款 ${money}。`;
    const split = data.parts.length > 1 ? [`您分 ${data.parts.length} 笔付款，款项按笔分 ${data.parts.length} 次 PayPal 退款退回：${parts}。`] : [];
    return assemble(locale, subject, data.firstName, [body, ...split, '款项将通过 PayPal 退回，到账时间取决于您的付款方式。'], data.link);
  }
  const subject = data.full ? `Order ${data.orderNo} was refunded` : `Order ${data.orderNo} was partly refunded`;
  const body = data.full ? `We refunded ${money} for order ${data.orderNo}: everything you paid has been given back.` : `We refunded ${money} of order ${data.orderNo}.`;
  const split = data.parts.length > 1 ? [`You paid in ${data.parts.length} payments, so it comes back as ${data.parts.length} PayPal refunds, one per payment: ${parts}.`] : [];
  return assemble(locale, subject, data.firstName, [body, ...split, 'The money goes back through PayPal; when it shows depends on how you paid.'], data.link);
}

export interface MerchantOrderMailData {
  orderNo: string;
  /** /admin/orders/<orderNo> on the site. */
  adminLink: string;
  total: number;
  currency: CurrencyCode;
  itemCount: number;
  personalised: boolean;
  email: string;
  country: string;
  /** The order's frozen tax; absent: the line about it is left out. */
  tax?: TaxBreakdown;
}

/** The merchant's line about an order's tax: how much, at which rates, included or added; the import notice. */
function merchantTaxLines(locale: Locale, data: MerchantOrderMailData): string[] {
  const tax = data.tax;
  if (!tax) return [];
  const out: string[] = [];
  const charged = tax.rows.filter((row) => row.amount > 0);
  if (tax.total > 0) {
    // "GST 5%, QST 9.975%"; "、" between them in Chinese.
    const rates = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(charged.map((row) => taxLabel(row, locale)));
    const amount = formatMoney(tax.total, data.currency, locale);
    out.push(render(msg(tax.display === 'inclusive' ? 'mail.merchant.taxIncluded' : 'mail.merchant.taxAdded', { amount, rates }), locale));
  }
  if (tax.importTaxesOnDelivery) out.push(render('mail.merchant.importTaxes', locale));
  return out;
}

/** To the shop: an order was paid and waits to be made. */
export function merchantOrderMail(locale: Locale, data: MerchantOrderMailData): MailContent {
  const money = formatMoney(data.total, data.currency, locale);
  const subject = render(msg('mail.merchant.subject', { orderNo: data.orderNo, total: money }), locale);
  const lines = [
    render(msg(data.personalised ? 'mail.merchant.paidPersonalised' : 'mail.merchant.paid', { orderNo: data.orderNo, items: data.itemCount, total: money }), locale),
    render(msg('mail.merchant.customer', { email: data.email, country: data.country }), locale),
    ...merchantTaxLines(locale, data),
  ];
  const open = render('mail.merchant.open', locale);
  return {
    subject,
    text: [...lines, '', `${open}: ${data.adminLink}`, ''].join('\n'),
    html: html(locale, [...lines.map(escapeHtml), link(data.adminLink, open)]),
  };
}
