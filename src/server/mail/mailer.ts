/**
 * Outgoing mail. Whoever mails queues the message in the outbox (modules/outbox) inside the
 * transaction of what caused it; the outbox's worker hands each message to this transport.
 *
 * With SMTP_URL, nodemailer sends over SMTP. Without it (a developer running `npm start`), each
 * message is written to DATA_DIR/outbox as `<time>-<id>.eml` (the full message) and
 * `<time>-<id>.txt` (the id is the outbox row's, in hex) (headers and the plain text, readable with `cat`), and the path is logged:
 * never the content, which may hold a reset code.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import type { MailContent } from './templates.ts';

/** What a message attaches, named rather than held (the outbox stores the reference; the file is found when it is sent). */
export type MailAttachmentRef = { kind: 'tax-document'; documentId: number };

/** An attachment's file as the transport sends it. */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Who turns an attachment reference into its file when the message is sent (app.ts wires the invoices module). */
export interface MailAttachments {
  resolve(ref: MailAttachmentRef): Promise<MailFile>;
}

export interface OutgoingMail extends MailContent {
  to: string;
  /** What it is, for the log: reset-code, welcome, ... */
  kind: string;
  attachments?: readonly MailAttachmentRef[];
}

/** What modules mail through: the message is written with `db`, so it commits or rolls back with their transaction. */
export interface MailQueue {
  queue(db: Db | Tx, mail: OutgoingMail): Promise<void>;
}

/** A queued message as the transport gets it: `id` names it in the Message-ID and the outbox folder. */
export interface QueuedMail extends Omit<OutgoingMail, 'attachments'> {
  id: number;
  files?: readonly MailFile[];
}

export interface TransportOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  /** The domain of Message-IDs. */
  domain: string;
}

type Transport = { sendMail(message: object): Promise<{ messageId?: string; message?: Buffer | unknown }>; close(): void };

/** How long one SMTP step may take: a claim lasts longer (outbox.ts), so a hung server cannot make a message sent twice. */
const SMTP_TIMEOUT_MS = 20_000;

export class MailTransport {
  private readonly options: TransportOptions;
  private readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.options = options;
    this.transport = (
      options.smtpUrl
        ? nodemailer.createTransport(
            { url: options.smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS } as never,
            { from: options.from },
          )
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from })
    ) as unknown as Transport;
  }

  /** Where mail goes, for the start-up log. */
  get destination(): string {
    return this.options.smtpUrl ? 'smtp' : this.options.outboxDir;
  }

  /**
   * Sends one message; throws when the server refused it or could not be reached. Its Message-ID
   * comes from the outbox row, so a message sent again after a crash is recognisably the same.
   * Answers where it went, for the log.
   */
  async transmit(mail: QueuedMail): Promise<string> {
    const messageId = `<outbox-${mail.id}@${this.options.domain}>`;
    const attachments = mail.files?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content }));
    const info = await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId, ...(attachments?.length ? { attachments } : {}) });
    if (this.options.smtpUrl) return info.messageId ?? messageId;
    // <time>-<outbox id in hex>: sorted by time, and one message's file named by its row.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const stem = path.join(this.options.outboxDir, `${stamp}-${mail.id.toString(16).padStart(8, '0')}`);
    await mkdir(this.options.outboxDir, { recursive: true });
    await writeFile(`${stem}.eml`, info.message as Buffer);
    await writeFile(`${stem}.txt`, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    return `${stem}.txt`;
  }

  close(): void {
    this.transport.close();
  }
}
