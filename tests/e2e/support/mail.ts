/**
 * The mail the e2e server sent, as the test SMTP receiver kept it (see `server.ts`): one JSON
 * file per message in `.data/e2e/mail/`. For any journey that needs a mail (reset codes today,
 * order confirmations later):
 *
 * ```ts
 * const mail = await waitForMail({ to: shopper.email, subject: /code/i });
 * const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
 * ```
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { E2E_MAIL_DIR } from './env.ts';

export interface E2EMailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64 (`Buffer.from(attachment.base64, 'base64')`). */
  base64: string;
}

export interface E2EMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (an order confirmation's invoice PDF); none in mail from before attachments. */
  attachments?: E2EMailAttachment[];
  /** Epoch milliseconds. */
  receivedAt: number;
}

export interface MailQuery {
  /** A recipient (compared ignoring case). */
  to: string;
  subject?: RegExp;
  /** Only mail received at or after this moment (epoch milliseconds), e.g. a second code. */
  since?: number;
}

/** Every message received so far, oldest first. */
export async function receivedMail(): Promise<E2EMail[]> {
  const names = (await readdir(E2E_MAIL_DIR).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(E2E_MAIL_DIR, name), 'utf8')) as E2EMail));
}

/** The newest message matching `query`, waiting up to `timeoutMs` for one to arrive. */
export async function waitForMail(query: MailQuery, timeoutMs = 10_000): Promise<E2EMail> {
  const to = query.to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await receivedMail())
      .filter((mail) => mail.to.some((address) => address.toLowerCase() === to))
      .filter((mail) => !query.subject || query.subject.test(mail.subject))
      .filter((mail) => query.since === undefined || mail.receivedAt >= query.since)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${query.to}${query.subject ? ` matching ${query.subject}` : ''} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
