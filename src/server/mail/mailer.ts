/**
 * Outgoing mail. With SMTP_URL, nodemailer sends over SMTP. Without it (a developer running
 * `npm start`), each message is written to DATA_DIR/outbox as `<time>-<id>.eml` (the full message)
 * and `<time>-<id>.txt` (headers and the plain text, readable with `cat`), and the path is logged:
 * never the content, which may hold a reset code.
 *
 * Sending happens after the answer, not before it: waiting for SMTP would make requests for
 * known emails slower than for unknown ones (an enumeration signal), and a slow mail server
 * would hold requests open. Failures are logged; the shopper can ask again after the countdown.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import { loggableError } from '../errors.ts';
import type { MailContent } from './templates.ts';

export interface OutgoingMail extends MailContent {
  to: string;
  /** What it is, for the log: reset-code, welcome, ... */
  kind: string;
}

export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: MailLog;
  clock: Clock;
}

type Transport = { sendMail(message: object): Promise<{ messageId?: string; message?: Buffer | unknown }>; close(): void };

export class Mailer {
  private readonly options: MailerOptions;
  private readonly transport: Transport;
  private readonly pending = new Set<Promise<void>>();

  constructor(options: MailerOptions) {
    this.options = options;
    this.transport = (
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from })
    ) as unknown as Transport;
  }

  /** Where mail goes, for the start-up log. */
  get destination(): string {
    return this.options.smtpUrl ? 'smtp' : this.options.outboxDir;
  }

  /** Queues a message; the caller does not wait for it. */
  send(mail: OutgoingMail): void {
    const task = this.deliver(mail).catch((error: unknown) => {
      this.options.log.error({ kind: mail.kind, err: loggableError(error) }, 'mail could not be sent');
    });
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** Resolves once every queued message was sent or failed (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.transport.close();
  }

  private async deliver(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    if (this.options.smtpUrl) {
      this.options.log.info({ kind: mail.kind, messageId: info.messageId }, 'mail sent');
      return;
    }
    const stamp = this.options.clock().toISOString().replace(/[:.]/g, '-');
    const stem = path.join(this.options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}`);
    await mkdir(this.options.outboxDir, { recursive: true });
    await writeFile(`${stem}.eml`, info.message as Buffer);
    await writeFile(`${stem}.txt`, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    this.options.log.info({ kind: mail.kind, path: `${stem}.txt` }, 'mail written to the outbox');
  }
}
