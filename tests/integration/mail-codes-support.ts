/** Reading mailed codes (reset and sign-in) out of the test SMTP receiver's messages. */
import { expect, it } from 'vitest';
import type { MailReceiver, ReceivedMail } from '../support/mail-receiver.ts';
import type { Answer, TestAccount } from './harness.ts';

/** The messages to `email` whose subject matches `subject`. */
export function mailsTo(mail: MailReceiver, email: string, subject: RegExp): ReceivedMail[] {
  return mail.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));
}

/** Waits for the n-th such message and reads the 6-digit code out of its text. */
export async function codeFrom(mail: MailReceiver, email: string, subject: RegExp, nth = 1): Promise<{ code: string; message: ReceivedMail }> {
  await mail.waitFor(() => mailsTo(mail, email, subject).length >= nth);
  const message = mailsTo(mail, email, subject)[nth - 1]!;
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return { code, message };
}

/** A 6-digit code that is not this one. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** One purpose of mailed codes, as its tests use it (reset or sign-in). */
export interface CodePurpose {
  account(): Promise<TestAccount>;
  send(email: string, headers?: Record<string, string>): Promise<Answer>;
  codeFrom(email: string, nth?: number): Promise<{ code: string; message: ReceivedMail }>;
  /** The Chinese mail: the code's name in its subject and text, and the login page's module it links to. */
  chinese: { name: string; module: string };
  /** Uses the code once (resets the password, or signs in). */
  use(email: string, code: string): Promise<Answer>;
  /** The answer to a refused code. */
  refused: string;
  advance(ms: number): void;
  /** Marks the account disabled. */
  disable(account: TestAccount): Promise<void>;
  /** The codes mailed to `email` so far, once the outbox has sent what it holds. */
  mailed(email: string): Promise<ReceivedMail[]>;
  /** After refusals: what must hold still (the password unchanged). */
  unharmed(account: TestAccount): Promise<void>;
}

/** The rules every mailed code keeps (docs/accounts-and-security.md "Mailed codes"), as `it` blocks. */
export function codeRules(p: CodePurpose): void {
  it('writes the mail in the shopper’s language', async () => {
    const account = await p.account();
    await p.send(account.email, { 'accept-language': 'zh-CN,zh;q=0.9' });
    const { code, message } = await p.codeFrom(account.email);
    expect(message.subject).toBe(`您的${p.chinese.name}`);
    expect(message.text).toContain(`您的${p.chinese.name}是：${code}`);
    expect(message.html).toContain('lang="zh-CN"');
    expect(message.html).toContain(`/zh-CN/login?module=${p.chinese.module}`);
  });

  it('is not sent to a disabled account (the answer is the same)', async () => {
    const account = await p.account();
    await p.disable(account);
    expect((await p.send(account.email)).code).toBe('0000');
    expect(await p.mailed(account.email)).toEqual([]);
  });

  it('works once only', async () => {
    const account = await p.account();
    await p.send(account.email);
    const { code } = await p.codeFrom(account.email);
    expect((await p.use(account.email, code)).code).toBe('0000');
    expect(await p.use(account.email, code)).toMatchObject({ status: 401, code: '1401', msg: p.refused });
  });

  it('expires after 10 minutes', async () => {
    const account = await p.account();
    await p.send(account.email);
    const { code } = await p.codeFrom(account.email);
    p.advance(10 * 60_000 + 1000);
    expect((await p.use(account.email, code)).msg).toBe(p.refused);
    await p.unharmed(account);
  });

  it('still works on the fifth try and is dead after five wrong ones', async () => {
    const lucky = await p.account();
    await p.send(lucky.email);
    const luckyCode = (await p.codeFrom(lucky.email)).code;
    for (let i = 0; i < 4; i++) expect((await p.use(lucky.email, otherThan(luckyCode))).msg).toBe(p.refused);
    expect((await p.use(lucky.email, luckyCode)).code).toBe('0000');

    const unlucky = await p.account();
    await p.send(unlucky.email);
    const code = (await p.codeFrom(unlucky.email)).code;
    for (let i = 0; i < 5; i++) expect((await p.use(unlucky.email, otherThan(code))).msg).toBe(p.refused);
    expect((await p.use(unlucky.email, code)).msg).toBe(p.refused);
    await p.unharmed(unlucky);
  });

  it('is replaced by a newer code', async () => {
    const account = await p.account();
    await p.send(account.email);
    const first = (await p.codeFrom(account.email, 1)).code;
    p.advance(61_000);
    expect((await p.send(account.email)).code).toBe('0000');
    const second = (await p.codeFrom(account.email, 2)).code;
    if (first !== second) expect((await p.use(account.email, first)).msg).toBe(p.refused);
    expect((await p.use(account.email, second)).code).toBe('0000');
  });
}
