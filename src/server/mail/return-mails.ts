/**
 * The mails of a return or misprint claim (docs/back-office.md "Returns and claims"), in the
 * order's language: the request received, approved with the return instructions, declined with
 * the reason, the goods received, and resolved by a refund or a free replacement order.
 */
import type { Locale } from '../../domain/locale.ts';
import type { ReturnKind } from '../../domain/returns.model.ts';
import { msg, render } from '../messages/index.ts';
import { escapeHtml, mailParts, type MailContent } from './templates.ts';

const { html, link } = mailParts;

export type ReturnMailKind = 'requested' | 'approved' | 'declined' | 'received' | 'refunded' | 'replaced';

export interface ReturnMailData {
  returnNo: string;
  orderNo: string;
  kind: ReturnKind;
  firstName: string;
  /** The shopper's order page. */
  link: string;
  /** Approved: the instructions; declined: the reason (staff's words, as typed). */
  note?: string | null;
  /** Replaced: the new order's number. */
  replacementOrderNo?: string | null;
}

type Words = { subject: (d: ReturnMailData) => string; body: (d: ReturnMailData) => string[] };

const WHAT: Record<Locale, Record<ReturnKind, string>> = {
  'en-US': { return: 'return request', claim: 'claim' },
  'zh-CN': { return: '退货申请', claim: '质量问题反馈' },
};

const TEXT: Record<Locale, Record<ReturnMailKind, Words>> = {
  'en-US': {
    requested: {
      subject: (d) => `We received your ${WHAT['en-US'][d.kind]} ${d.returnNo}`,
      body: (d) => [`We received your ${WHAT['en-US'][d.kind]} ${d.returnNo} for order ${d.orderNo}. We will look at it and write to you soon.`],
    },
    approved: {
      subject: (d) => `Your ${WHAT['en-US'][d.kind]} ${d.returnNo} was approved`,
      body: (d) => [`Your ${WHAT['en-US'][d.kind]} ${d.returnNo} for order ${d.orderNo} was approved. What to do next:`, d.note ?? ''],
    },
    declined: {
      subject: (d) => `Your ${WHAT['en-US'][d.kind]} ${d.returnNo} was declined`,
      body: (d) => [`We are sorry: your ${WHAT['en-US'][d.kind]} ${d.returnNo} for order ${d.orderNo} was declined. The reason:`, d.note ?? ''],
    },
    received: {
      subject: (d) => `We received the items of ${d.returnNo}`,
      body: (d) => [`The items you sent back for ${d.returnNo} (order ${d.orderNo}) arrived. We will settle it shortly.`],
    },
    refunded: {
      subject: (d) => `${d.returnNo} is settled with a refund`,
      body: (d) => [`Your ${WHAT['en-US'][d.kind]} ${d.returnNo} for order ${d.orderNo} is settled: we refunded the items through PayPal (a separate mail tells the amount).`],
    },
    replaced: {
      subject: (d) => `A free replacement for ${d.returnNo}: order ${d.replacementOrderNo ?? ''}`,
      body: (d) => [
        `Your ${WHAT['en-US'][d.kind]} ${d.returnNo} for order ${d.orderNo} is settled with a free replacement: order ${d.replacementOrderNo ?? ''} goes into production now and ships to the same address.`,
      ],
    },
  },
  'zh-CN': {
    requested: {
      subject: (d) => `我们已收到您的${WHAT['zh-CN'][d.kind]} ${d.returnNo}`,
      body: (d) => [`我们已收到您为订单 ${d.orderNo} 提交的${WHAT['zh-CN'][d.kind]} ${d.returnNo}，处理后会尽快给您回信。`],
    },
    approved: {
      subject: (d) => `您的${WHAT['zh-CN'][d.kind]} ${d.returnNo} 已通过`,
      body: (d) => [`您为订单 ${d.orderNo} 提交的${WHAT['zh-CN'][d.kind]} ${d.returnNo} 已通过。接下来请按以下说明操作：`, d.note ?? ''],
    },
    declined: {
      subject: (d) => `您的${WHAT['zh-CN'][d.kind]} ${d.returnNo} 未通过`,
      body: (d) => [`很抱歉，您为订单 ${d.orderNo} 提交的${WHAT['zh-CN'][d.kind]} ${d.returnNo} 未通过。原因：`, d.note ?? ''],
    },
    received: {
      subject: (d) => `我们已收到 ${d.returnNo} 寄回的商品`,
      body: (d) => [`您为 ${d.returnNo}（订单 ${d.orderNo}）寄回的商品已到达，我们会尽快处理。`],
    },
    refunded: {
      subject: (d) => `${d.returnNo} 已退款处理`,
      body: (d) => [`您为订单 ${d.orderNo} 提交的${WHAT['zh-CN'][d.kind]} ${d.returnNo} 已处理完毕：相关商品已通过 PayPal 退款（金额见另一封邮件）。`],
    },
    replaced: {
      subject: (d) => `${d.returnNo} 免费补发：订单 ${d.replacementOrderNo ?? ''}`,
      body: (d) => [`您为订单 ${d.orderNo} 提交的${WHAT['zh-CN'][d.kind]} ${d.returnNo} 已处理完毕：我们将免费补发，补发订单 ${d.replacementOrderNo ?? ''} 现已进入制作，寄往原地址。`],
    },
  },
};

export function returnMail(locale: Locale, kind: ReturnMailKind, data: ReturnMailData): MailContent {
  const words = TEXT[locale][kind];
  const hello = render(msg('mail.greeting', { firstName: data.firstName }), locale);
  const see = render('mail.order.see', locale);
  const paragraphs = words.body(data).filter(Boolean);
  return {
    subject: words.subject(data),
    text: [hello, '', ...paragraphs.flatMap((p) => [p, '']), `${see}: ${data.link}`, ''].join('\n'),
    // Staff's words may span lines: each line its own break, every part escaped.
    html: html(locale, [escapeHtml(hello), ...paragraphs.map((p) => escapeHtml(p).replace(/\n/g, '<br>')), link(data.link, see)]),
  };
}
