/**
 * The mails of a payment request (docs/checkout-and-payments.md "Payment requests"), in the
 * order's language: the link to pay what the shop asks (the extra of an order change), and the
 * receipt once it is paid (with the invoice of the extra attached by the caller).
 */
import { dateFormat } from '../../domain/intl.ts';
import type { Locale } from '../../domain/locale.ts';
import { formatMoney, type CurrencyCode } from '../../domain/money.model.ts';
import type { PaymentRequestPurpose } from '../../domain/order-changes.model.ts';
import { msg, render } from '../messages/index.ts';
import { escapeHtml, mailParts, type MailContent } from './templates.ts';

const { html, link } = mailParts;

export interface PaymentLinkMailData {
  orderNo: string;
  firstName: string;
  amount: number;
  currency: CurrencyCode;
  purpose: PaymentRequestPurpose;
  expiresAt: Date;
  /** The pay page with the request's token. */
  link: string;
}

/** When the link ends, in UTC so that the mail says the same wherever it is read. */
export function expiryText(at: Date, locale: Locale): string {
  return `${dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

const TEXT: Record<Locale, { subject: Record<PaymentRequestPurpose, (no: string) => string>; why: Record<PaymentRequestPurpose, (no: string, money: string) => string>; until: (when: string) => string; pay: string; paidSubject: (no: string) => string; paid: (no: string, money: string) => string; paidNext: string }> = {
  'en-US': {
    subject: { 'order-change': (no) => `Payment needed for order ${no}`, 'manual-order': (no) => `Your order ${no} is ready to pay` },
    why: {
      'order-change': (no, money) => `Your order ${no} was changed and now costs ${money} more. We will start producing it once this is paid.`,
      'manual-order': (no, money) => `Your order ${no} of ${money} is ready to pay. We will start producing it once this is paid.`,
    },
    until: (when) => `The link below is valid until ${when}.`,
    pay: 'Pay with PayPal',
    paidSubject: (no) => `Payment received for order ${no}`,
    paid: (no, money) => `Thank you: we received your payment of ${money} for order ${no}.`,
    paidNext: 'The invoice is attached.',
  },
  'zh-CN': {
    subject: { 'order-change': (no) => `订单 ${no} 需要补付款`, 'manual-order': (no) => `订单 ${no} 待付款` },
    why: {
      'order-change': (no, money) => `您的订单 ${no} 已修改，需补付 ${money}。付款后我们将开始制作。`,
      'manual-order': (no, money) => `您的订单 ${no} 共 ${money}，可以付款了。付款后我们将开始制作。`,
    },
    until: (when) => `以下链接有效期至 ${when}。`,
    pay: '使用 PayPal 付款',
    paidSubject: (no) => `订单 ${no} 的补付款已收到`,
    paid: (no, money) => `谢谢！我们已收到订单 ${no} 的付款 ${money}。`,
    paidNext: '发票见附件。',
  },
};

function greeting(locale: Locale, firstName: string): string {
  return render(msg('mail.greeting', { firstName }), locale);
}

export function paymentLinkMail(locale: Locale, data: PaymentLinkMailData): MailContent {
  const t = TEXT[locale];
  const money = formatMoney(data.amount, data.currency, locale);
  const hello = greeting(locale, data.firstName);
  const lines = [t.why[data.purpose](data.orderNo, money), t.until(expiryText(data.expiresAt, locale))];
  return {
    subject: t.subject[data.purpose](data.orderNo),
    text: [hello, '', ...lines.flatMap((p) => [p, '']), `${t.pay}: ${data.link}`, ''].join('\n'),
    html: html(locale, [escapeHtml(hello), ...lines.map(escapeHtml), link(data.link, t.pay)]),
  };
}

export interface PaymentReceivedMailData {
  orderNo: string;
  firstName: string;
  amount: number;
  currency: CurrencyCode;
  /** The shopper's order page. */
  orderLink: string;
  /** Whether an invoice is attached. */
  invoice: boolean;
}

export function paymentReceivedMail(locale: Locale, data: PaymentReceivedMailData): MailContent {
  const t = TEXT[locale];
  const money = formatMoney(data.amount, data.currency, locale);
  const hello = greeting(locale, data.firstName);
  const lines = [t.paid(data.orderNo, money), ...(data.invoice ? [t.paidNext] : [])];
  const see = render('mail.order.see', locale);
  return {
    subject: t.paidSubject(data.orderNo),
    text: [hello, '', ...lines.flatMap((p) => [p, '']), `${see}: ${data.orderLink}`, ''].join('\n'),
    html: html(locale, [escapeHtml(hello), ...lines.map(escapeHtml), link(data.orderLink, see)]),
  };
}

export interface RequestExpiredMailData {
  orderNo: string;
  amount: number;
  currency: CurrencyCode;
  /** The order in the back office, where staff send a new link or waive it. */
  adminLink: string;
}

/** The merchant is told a link ran out unpaid: the order waits for a new link or a waiver. */
export function requestExpiredMail(locale: Locale, data: RequestExpiredMailData): MailContent {
  const money = formatMoney(data.amount, data.currency, locale);
  const [subject, body, open] =
    locale === 'zh-CN'
      ? [`订单 ${data.orderNo} 的付款链接已过期`, `订单 ${data.orderNo} 的补付款 ${money} 未在链接有效期内支付。订单将暂停制作，直到您发送新的链接或免除此款项。`, '在后台打开订单']
      : [`Payment link expired for order ${data.orderNo}`, `The payment of ${money} asked for order ${data.orderNo} was not made before its link expired. The order stays out of production until you send a new link or waive it.`, 'Open the order in the back office'];
  return {
    subject,
    text: [body, '', `${open}: ${data.adminLink}`, ''].join('\n'),
    html: html(locale, [escapeHtml(body), link(data.adminLink, open)]),
  };
}
