/**
 * The account and order mails, in the shopper's locale (en-US or zh-CN), each as plain text and
 * HTML. Values put into HTML are escaped; links point at the storefront's pages.
 */
import type { Locale } from '../../domain/locale.ts';
import { MODULE_PARAM, type LoginModule } from '../../domain/login-modules.ts';
import { formatMoney } from '../../domain/money.model.ts';
import type { OrderAmounts } from '../../domain/orders.model.ts';
import type { ShippingMethod } from '../../domain/shipping.ts';
import { ratePercent, type TaxBreakdown, type TaxName } from '../../domain/tax/tax.model.ts';
import { msg, render, type MessageId, type Said } from '../messages/index.ts';
import { renderMailLines, type MailLine } from './order-lines.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailLinks {
  /** Storefront origin and base path, e.g. https://shop.example/ or http://localhost:3000/views/ */
  site: string;
  locale: Locale;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(links: MailLinks, route: string): string {
  return `${links.site}${links.locale}/${route}`;
}

/** The login page opened on one of its modules (domain/login-modules.ts). */
function loginModule(links: MailLinks, module: LoginModule): string {
  return page(links, `login?${MODULE_PARAM}=${module}`);
}

/** Wraps paragraphs (already escaped) in a small, inline-styled HTML document. */
function html(locale: Locale, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">
${body}
</body></html>`;
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

export function resetCodeMail(links: MailLinks, code: string, minutes: number): MailContent {
  const url = loginModule(links, 'reset-pwd');
  if (links.locale === 'zh-CN') {
    return {
      subject: '您的重置密码验证码',
      text: `您好，\n\n您的重置密码验证码是：${code}\n\n验证码 ${minutes} 分钟内有效，只能使用一次。请在重置密码页面输入：${url}\n\n如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。\n`,
      html: html(links.locale, [
        '您好，',
        `您的重置密码验证码是：<strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
        `验证码 ${minutes} 分钟内有效，只能使用一次。请在${link(url, '重置密码页面')}输入。`,
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      ]),
    };
  }
  return {
    subject: 'Your verification code to reset your password',
    text: `Hello,\n\nYour verification code to reset your password is: ${code}\n\nIt is valid for ${minutes} minutes and works once. Enter it on the reset password page: ${url}\n\nIf you did not ask for it, ignore this email: your password stays as it is.\n`,
    html: html(links.locale, [
      'Hello,',
      `Your verification code to reset your password is: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      `It is valid for ${minutes} minutes and works once. Enter it on the ${link(url, 'reset password page')}.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ]),
  };
}

/** The login page's code-login module: a one-time sign-in code (the reset code's rules). */
export function loginCodeMail(links: MailLinks, code: string, minutes: number): MailContent {
  const url = loginModule(links, 'code-login');
  if (links.locale === 'zh-CN') {
    return {
      subject: '您的登录验证码',
      text: `您好，\n\n您的登录验证码是：${code}\n\n验证码 ${minutes} 分钟内有效，只能使用一次。请在登录页面输入：${url}\n\n如果这不是您本人的操作，请忽略此邮件，没有人能在没有此验证码的情况下登录。\n`,
      html: html(links.locale, [
        '您好，',
        `您的登录验证码是：<strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
        `验证码 ${minutes} 分钟内有效，只能使用一次。请在${link(url, '登录页面')}输入。`,
        '如果这不是您本人的操作，请忽略此邮件，没有人能在没有此验证码的情况下登录。',
      ]),
    };
  }
  return {
    subject: 'Your verification code to sign in',
    text: `Hello,\n\nYour verification code to sign in is: ${code}\n\nIt is valid for ${minutes} minutes and works once. Enter it on the sign-in page: ${url}\n\nIf you did not ask for it, ignore this email: nobody can sign in without the code.\n`,
    html: html(links.locale, [
      'Hello,',
      `Your verification code to sign in is: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      `It is valid for ${minutes} minutes and works once. Enter it on the ${link(url, 'sign-in page')}.`,
      'If you did not ask for it, ignore this email: nobody can sign in without the code.',
    ]),
  };
}

export function welcomeMail(links: MailLinks, firstName: string): MailContent {
  const url = page(links, 'account');
  if (links.locale === 'zh-CN') {
    return {
      subject: '欢迎加入',
      text: `${firstName}，您好：\n\n您的账户已创建。登录后可以管理地址、查看订单和收藏商品：${url}\n\n如果这不是您本人注册的，请回复此邮件告诉我们。\n`,
      html: html(links.locale, [
        `${escapeHtml(firstName)}，您好：`,
        `您的账户已创建。${link(url, '登录')}后可以管理地址、查看订单和收藏商品。`,
        '如果这不是您本人注册的，请回复此邮件告诉我们。',
      ]),
    };
  }
  return {
    subject: 'Welcome to the shop',
    text: `Hello ${firstName},\n\nYour account is ready. Sign in to keep addresses, follow orders and save favourites: ${url}\n\nIf you did not create it, reply to this email and tell us.\n`,
    html: html(links.locale, [
      `Hello ${escapeHtml(firstName)},`,
      `Your account is ready. ${link(url, 'Sign in')} to keep addresses, follow orders and save favourites.`,
      'If you did not create it, reply to this email and tell us.',
    ]),
  };
}

/** Sent to an existing account's address when someone registers with it. */
export function registrationAttemptMail(links: MailLinks): MailContent {
  const login = page(links, 'login');
  const reset = loginModule(links, 'reset-pwd');
  if (links.locale === 'zh-CN') {
    return {
      subject: '有人尝试用您的邮箱注册',
      text: `您好，\n\n有人刚刚尝试用此邮箱注册新账户，但此邮箱已经有账户了，所以没有创建新账户。\n\n如果是您本人：请直接登录 ${login}，忘记密码可以在此重置 ${reset}\n如果不是您本人：无需任何操作，您的账户没有变化。\n`,
      html: html(links.locale, [
        '您好，',
        '有人刚刚尝试用此邮箱注册新账户，但此邮箱已经有账户了，所以没有创建新账户。',
        `如果是您本人：请直接${link(login, '登录')}，忘记密码可以${link(reset, '重置密码')}。`,
        '如果不是您本人：无需任何操作，您的账户没有变化。',
      ]),
    };
  }
  return {
    subject: 'Someone tried to register with your email',
    text: `Hello,\n\nSomeone just tried to create an account with this email. You already have one, so no new account was made.\n\nIf it was you: sign in at ${login} (forgot your password? reset it at ${reset}).\nIf it was not you: there is nothing to do, your account is unchanged.\n`,
    html: html(links.locale, [
      'Hello,',
      'Someone just tried to create an account with this email. You already have one, so no new account was made.',
      `If it was you: ${link(login, 'sign in')} (forgot your password? ${link(reset, 'reset it')}).`,
      'If it was not you: there is nothing to do, your account is unchanged.',
    ]),
  };
}

export function passwordChangedMail(links: MailLinks): MailContent {
  const reset = loginModule(links, 'reset-pwd');
  if (links.locale === 'zh-CN') {
    return {
      subject: '您的密码已更改',
      text: `您好，\n\n您账户的密码刚刚已更改，其他设备上的登录已退出。\n\n如果这不是您本人的操作，请立即重置密码：${reset}\n`,
      html: html(links.locale, ['您好，', '您账户的密码刚刚已更改，其他设备上的登录已退出。', `如果这不是您本人的操作，请立即${link(reset, '重置密码')}。`]),
    };
  }
  return {
    subject: 'Your password was changed',
    text: `Hello,\n\nThe password of your account was just changed, and other devices were signed out.\n\nIf you did not do this, reset your password now: ${reset}\n`,
    html: html(links.locale, [
      'Hello,',
      'The password of your account was just changed, and other devices were signed out.',
      `If you did not do this, ${link(reset, 'reset your password')} now.`,
    ]),
  };
}

/** Sent to a staff member when one of their two-step sign-in recovery codes signed them in. */
export function recoveryCodeUsedMail(links: MailLinks, left: number): MailContent {
  if (links.locale === 'zh-CN') {
    return {
      subject: '您的一个恢复码刚刚被使用',
      text: `您好，\n\n刚刚有人用您的一个两步登录恢复码登录了后台，还剩 ${left} 个。\n\n如果这不是您本人的操作，请立即告诉店主：店主可以重置您的两步登录并结束所有登录。\n`,
      html: html(links.locale, ['您好，', `刚刚有人用您的一个两步登录恢复码登录了后台，还剩 ${left} 个。`, '如果这不是您本人的操作，请立即告诉店主：店主可以重置您的两步登录并结束所有登录。']),
    };
  }
  return {
    subject: 'One of your recovery codes was just used',
    text: `Hello,\n\nOne of your two-step sign-in recovery codes was just used to sign in to the back office; ${left} remain.\n\nIf this was not you, tell the owner now: they can reset your two-step sign-in and end every session.\n`,
    html: html(links.locale, [
      'Hello,',
      `One of your two-step sign-in recovery codes was just used to sign in to the back office; ${left} remain.`,
      'If this was not you, tell the owner now: they can reset your two-step sign-in and end every session.',
    ]),
  };
}

/** What a new-sign-in notice names: the device as recognised, the address, and when. */
export interface SignInNotice {
  device: { browser: string; os: string };
  ip: string;
  at: Date;
}

/** "Firefox on Windows", or what is known of it. */
function deviceName(locale: Locale, device: SignInNotice['device']): string {
  const zh = locale === 'zh-CN';
  const browser = device.browser || (zh ? '未知浏览器' : 'an unknown browser');
  const os = device.os || (zh ? '未知系统' : 'an unknown system');
  return zh ? `${os} 上的 ${browser}` : `${browser} on ${os}`;
}

/**
 * Sent to a staff member when their account signs in to the back office from a device none of
 * their sessions had (docs/accounts-and-security.md "Staff sessions"). The time is UTC: the mail
 * does not know the reader's zone.
 */
export function newSignInMail(links: MailLinks, notice: SignInNotice): MailContent {
  const device = deviceName(links.locale, notice.device);
  const at = `${notice.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const ip = notice.ip || '?';
  if (links.locale === 'zh-CN') {
    const lines = [`设备：${device}`, `地址：${ip}`, `时间：${at}`];
    const ifNot = '如果这不是您本人：请立即重置密码（其他登录会随之结束），并告诉店主：店主可以结束您的所有登录。';
    return {
      subject: '后台有一次新的登录',
      text: `您好，\n\n您的账户刚刚从一台新设备登录了后台。\n\n${lines.join('\n')}\n\n如果是您本人，无需任何操作。${ifNot}\n`,
      html: html(links.locale, ['您好，', '您的账户刚刚从一台新设备登录了后台。', lines.map(escapeHtml).join('<br>'), `如果是您本人，无需任何操作。${ifNot}`]),
    };
  }
  const lines = [`Device: ${device}`, `Address: ${ip}`, `Time: ${at}`];
  const ifNot = 'If this was not you, reset your password now (your other sessions end with it) and tell the owner: they can end every session of yours.';
  return {
    subject: 'New sign-in to the back office',
    text: `Hello,\n\nYour account just signed in to the back office from a new device.\n\n${lines.join('\n')}\n\nIf this was you, there is nothing to do. ${ifNot}\n`,
    html: html(links.locale, ['Hello,', 'Your account just signed in to the back office from a new device.', lines.map(escapeHtml).join('<br>'), `If this was you, there is nothing to do. ${ifNot}`]),
  };
}

/** Sent to the old address when the account's email changes. */
export function emailChangedMail(links: MailLinks, newEmail: string): MailContent {
  if (links.locale === 'zh-CN') {
    return {
      subject: '您账户的邮箱已更改',
      text: `您好，\n\n您账户的登录邮箱已改为 ${newEmail}。以后的邮件将发送到新邮箱。\n\n如果这不是您本人的操作，请回复此邮件告诉我们。\n`,
      html: html(links.locale, ['您好，', `您账户的登录邮箱已改为 ${escapeHtml(newEmail)}。以后的邮件将发送到新邮箱。`, '如果这不是您本人的操作，请回复此邮件告诉我们。']),
    };
  }
  return {
    subject: 'The email of your account was changed',
    text: `Hello,\n\nYour account now signs in with ${newEmail}, and our mail goes there from now on.\n\nIf you did not do this, reply to this email and tell us.\n`,
    html: html(links.locale, [
      'Hello,',
      `Your account now signs in with ${escapeHtml(newEmail)}, and our mail goes there from now on.`,
      'If you did not do this, reply to this email and tell us.',
    ]),
  };
}

// ---------- orders ----------

/** A line as the order's page shows it (names already in the mail's language); order-lines.ts renders it. */
export type OrderMailLine = MailLine;

/** The order's amounts as its page shows them (OrderAmounts), and what else the mail says. */
export interface OrderMailData extends OrderAmounts {
  orderNo: string;
  /** order-success/{orderNo}?token=... for guests, order-detail/{orderNo} for members. */
  link: string;
  firstName: string;
  lines: OrderMailLine[];
  shippingMethod: ShippingMethod;
  delivery: { minDays: number; maxDays: number };
  address: string[];
  personalised: boolean;
}

const METHOD_NAMES: Record<Locale, Record<ShippingMethod, string>> = {
  'en-US': { standard: 'Standard shipping', express: 'Express shipping' },
  'zh-CN': { standard: '标准配送', express: '快速配送' },
};

const TAX_RATE_MESSAGES = {
  VAT: 'tax.rate.VAT',
  GST: 'tax.rate.GST',
  HST: 'tax.rate.HST',
  QST: 'tax.rate.QST',
  PST: 'tax.rate.PST',
  RST: 'tax.rate.RST',
  'Sales tax': 'tax.rate.salesTax',
} as const satisfies Record<TaxName, MessageId>;

/** A tax's name and rate in the reader's language: "VAT 19%", "增值税 19%". */
export function taxLabel(row: TaxBreakdown['rows'][number], locale: Locale): string {
  return render(msg(TAX_RATE_MESSAGES[row.tax], { rate: ratePercent(row.rate) }), locale);
}

/**
 * "Order summary" rows as [label, amount] in the mail's language, and which is the total. Tax
 * added on top of the prices comes before the total ("GST 5%"); tax the prices include after it
 * ("incl. VAT 19%"). Rows without tax (zero-rated) are left out: the invoice lists them.
 */
function amountRows(locale: Locale, data: OrderMailData): { rows: [string, string][]; totalIndex: number } {
  const money = (minor: number) => formatMoney(minor, data.currency, locale);
  const say = (said: Said) => render(said, locale);
  const rows: [string, string][] = [[say('mail.order.items'), money(data.items)]];
  if (data.tierDiscount > 0) rows.push([say(msg('mail.order.tierDiscount', { percent: data.tierPercent })), `-${money(data.tierDiscount)}`]);
  if (data.couponDiscount > 0) rows.push([say(msg('mail.order.coupon', { code: data.couponCode ?? '' })), `-${money(data.couponDiscount)}`]);
  rows.push([METHOD_NAMES[locale][data.shippingMethod], data.shipping === 0 ? say('mail.order.freeShipping') : money(data.shipping)]);
  const taxRows = data.tax.rows.filter((row) => row.amount > 0);
  const included = data.tax.display === 'inclusive';
  if (!included) for (const row of taxRows) rows.push([taxLabel(row, locale), money(row.amount)]);
  const totalIndex = rows.push([say('mail.order.total'), money(data.total)]) - 1;
  if (included) for (const row of taxRows) rows.push([say(msg('mail.order.taxIncluded', { tax: taxLabel(row, locale) })), money(row.amount)]);
  return { rows, totalIndex };
}

export function orderConfirmationMail(locale: Locale, data: OrderMailData): MailContent {
  const say = (said: Said) => render(said, locale);
  const money = (minor: number) => formatMoney(minor, data.currency, locale);
  const cell = 'padding:4px 8px;border-bottom:1px solid #eee';
  const rendered = renderMailLines(data.lines, locale, money, escapeHtml, cell);
  const { rows, totalIndex } = amountRows(locale, data);
  const importNotice = data.tax.importTaxesOnDelivery ? [say('mail.order.importTaxes')] : [];
  const delivery = say(msg('mail.order.delivery', { min: data.delivery.minDays, max: data.delivery.maxDays }));
  const personalised = say('mail.order.personalised');
  const subject = say(msg('mail.order.confirmed', { orderNo: data.orderNo }));
  const greeting = say(msg('mail.greeting', { firstName: data.firstName }));
  const intro = say(msg('mail.order.thanks', { orderNo: data.orderNo }));
  const follow = say('mail.order.follow');
  const shipTo = say('mail.order.shipTo');
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rendered.text,
    '',
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    ...importNotice,
    '',
    shipTo,
    ...data.address,
    '',
    delivery,
    ...(data.personalised ? [personalised] : []),
    '',
    `${follow} ${data.link}`,
    '',
  ].join('\n');
  const lineRows = rendered.html;
  const summaryRows = rows.map(([label, amount], i) => `<tr><td style="${cell}${i === totalIndex ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td style="${cell};text-align:right;white-space:nowrap${i === totalIndex ? ';font-weight:bold' : ''}">${escapeHtml(amount)}</td></tr>`).join('');
  return {
    subject,
    text,
    html: html(locale, [
      escapeHtml(greeting),
      escapeHtml(intro),
      `<table style="width:100%;border-collapse:collapse">${lineRows}${summaryRows}</table>`,
      ...importNotice.map(escapeHtml),
      `${escapeHtml(shipTo)}<br>${data.address.map(escapeHtml).join('<br>')}`,
      escapeHtml(delivery) + (data.personalised ? `<br>${escapeHtml(personalised)}` : ''),
      `${escapeHtml(follow)} ${link(data.link, data.orderNo)}`,
    ]),
  };
}

/** The pieces order-mails.ts and parcel-mails.ts build their mails from. */
export const mailParts = { html, link };

export interface StaffInviteMailData {
  /** The back office's accept page with the token. */
  url: string;
  shop: string;
  role: string;
  /** Who invited (an email). */
  inviter: string;
  hours: number;
}

/** An invitation to join a shop's staff: the link works once, for `hours`. */
export function staffInviteMail(links: MailLinks, data: StaffInviteMailData): MailContent {
  if (links.locale === 'zh-CN') {
    const lines = [`${data.inviter} 邀请您以 ${data.role} 角色加入 ${data.shop} 的后台。`, `请在 ${data.hours} 小时内打开下面的链接设置密码。链接只能使用一次。`, '如果您不认识邀请人，请忽略此邮件。'];
    return {
      subject: `加入 ${data.shop} 后台的邀请`,
      text: `您好，\n\n${lines[0]}\n\n${lines[1]}\n${data.url}\n\n${lines[2]}\n`,
      html: html(links.locale, ['您好，', escapeHtml(lines[0]!), escapeHtml(lines[1]!), link(data.url, '接受邀请'), escapeHtml(lines[2]!)]),
    };
  }
  const lines = [
    `${data.inviter} invited you to join the back office of ${data.shop} as ${data.role}.`,
    `Open the link below within ${data.hours} hours to set your password. It works once.`,
    'If you do not know who invited you, ignore this mail.',
  ];
  return {
    subject: `Your invitation to the ${data.shop} back office`,
    text: `Hello,\n\n${lines[0]}\n\n${lines[1]}\n${data.url}\n\n${lines[2]}\n`,
    html: html(links.locale, ['Hello,', escapeHtml(lines[0]!), escapeHtml(lines[1]!), link(data.url, 'Accept the invitation'), escapeHtml(lines[2]!)]),
  };
}
