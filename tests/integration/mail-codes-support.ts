/** Reading mailed codes (reset and sign-in) out of the test SMTP receiver's messages. */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { MAIL_CODE_PURPOSES } from '../../src/domain/account.model.ts';
import { mailCodes, users } from '../../src/server/db/schema.ts';
import type { MailReceiver, ReceivedMail } from '../support/mail-receiver.ts';
import { call, newEmail, newIp, signUp, type Answer, type TestAccount, type TestShop } from './harness.ts';

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
  /** The stored rows' purpose. */
  purpose: (typeof MAIL_CODE_PURPOSES)[number];
  /** The account's stored codes. */
  stored(account: TestAccount): Promise<(typeof mailCodes.$inferSelect)[]>;
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
  /** Every message to `email` so far (of any kind), once the outbox has sent what it holds. */
  anyMail(email: string): Promise<ReceivedMail[]>;
  /** After refusals: what must hold still (the password unchanged). */
  unharmed(account: TestAccount): Promise<void>;
}

/**
 * One purpose's mailed codes in a test file: asking for one (`send`, the API path), the mails of
 * that purpose (`subject`) and their codes, and the parts of `codeRules` every purpose shares.
 * `env` is read at each call: the shop and receiver are made in the file's `beforeAll`.
 */
export function mailedCodes(
  env: () => { shop: TestShop; mail: MailReceiver },
  clock: { advance(ms: number): void },
  purpose: { name: (typeof MAIL_CODE_PURPOSES)[number]; send: string; subject: RegExp },
) {
  const sendCode = (email: string, init: { ip?: string; headers?: Record<string, string> } = {}) =>
    call(env().shop.app, purpose.send, { email }, { ip: init.ip ?? newIp(), ...(init.headers ? { headers: init.headers } : {}) });
  const codeMails = (email: string) => mailsTo(env().mail, email, purpose.subject);
  const readCode = (email: string, nth = 1) => codeFrom(env().mail, email, purpose.subject, nth);
  const shared: Pick<CodePurpose, 'purpose' | 'stored' | 'account' | 'send' | 'codeFrom' | 'disable' | 'mailed' | 'anyMail' | 'advance'> = {
    purpose: purpose.name,
    stored: (account) => env().shop.database.db.select().from(mailCodes).where(eq(mailCodes.userId, account.userId)),
    account: () => signUp(env().shop.app),
    send: (email, headers) => sendCode(email, headers ? { headers } : {}),
    codeFrom: readCode,
    disable: async (account) => void (await env().shop.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, account.userId))),
    mailed: async (email) => {
      await env().shop.app.outbox.drain();
      return codeMails(email);
    },
    anyMail: async (email) => {
      await env().shop.app.outbox.drain();
      return env().mail.messages.filter((m) => m.to.includes(email));
    },
    advance: (ms) => clock.advance(ms),
  };
  return { sendCode, codeMails, codeFrom: readCode, shared };
}

/** The rules every mailed code keeps (docs/accounts-and-security.md "Mailed codes"), as `it` blocks. */
export function codeRules(p: CodePurpose): void {
  it('answers an unknown email exactly as a known one, and mails nothing to it', async () => {
    const account = await p.account();
    const unknown = newEmail('nobody');
    const shape = (answer: Answer) => ({ status: answer.status, code: answer.code, msg: answer.msg });
    const known = await p.send(account.email);
    const stranger = await p.send(unknown);
    expect({ ...shape(stranger), data: stranger.data }).toEqual({ ...shape(known), data: known.data });
    const failedKnown = await p.use(account.email, otherThan((await p.codeFrom(account.email)).code));
    const failedUnknown = await p.use(unknown, '123456');
    expect(shape(failedUnknown)).toEqual(shape(failedKnown));
    expect(failedKnown).toMatchObject({ status: 401, code: '1401', msg: p.refused });
    expect(await p.anyMail(unknown)).toEqual([]);
  });

  it('keeps only a digest of the code, marked for its purpose', async () => {
    const account = await p.account();
    await p.send(account.email);
    const { code } = await p.codeFrom(account.email);
    const rows = await p.stored(account);
    expect(rows).toHaveLength(1);
    expect(rows[0]!).toMatchObject({ purpose: p.purpose, email: account.email, attempts: 0 });
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

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
