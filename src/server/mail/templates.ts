/**
 * The account mails, in the shopper's locale (en-US or zh-CN), each as plain text and HTML.
 * Values put into HTML are escaped; links point at the storefront's pages.
 */
import type { Locale } from '../../domain/locale.ts';

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
  const url = page(links, 'reset-password');
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
  const reset = page(links, 'reset-password');
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
  const reset = page(links, 'reset-password');
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
