/**
 * The mail outbox. `queue` writes a message in the caller's transaction, so a message exists
 * exactly when what caused it committed. Workers on every instance claim due messages with
 * `FOR UPDATE SKIP LOCKED` (two workers never claim one message) and a claim that lapses (its
 * worker died mid-send) makes the message due again. A failed send is retried with exponential
 * backoff until MAIL_MAX_ATTEMPTS, then the message is `failed` (at once when the server refuses
 * it with a 5xx): logged, counted by outboxStats and listed in the back office, which can send it
 * again.
 *
 * A message is sent twice only if its worker dies after the server accepted it and before the
 * row is marked sent; the copy carries the same Message-ID, which mail clients use to fold copies.
 */
import { and, count, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loggableError } from '../../errors.ts';
import type { MailAttachmentRef, MailAttachments, MailFile, MailQueue, MailTransport, OutgoingMail } from '../../mail/mailer.ts';
import { INSTANCE_ID } from '../jobs/index.ts';
import { mailOutbox, type MailState } from './schema.ts';
import { CLAIM_BATCH, dueOrLapsed, later, OutboxLoop } from './worker-loop.ts';

export { CLAIM_BATCH } from './worker-loop.ts';

/** NOTIFYed by migration 0014's trigger when messages are queued, so workers start at once. */
export const OUTBOX_CHANNEL = 'mail_outbox';

/** A claim lasts this long; longer than a send can (three SMTP steps of 20 s at most). */
export const CLAIM_MS = 120_000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 3_600_000;

export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WorkerOptions {
  db: Db;
  transport: MailTransport;
  log: OutboxLog;
  /** The wait after the first failure; doubled after each next one. */
  retryBaseMs: number;
  maxAttempts: number;
  /** Looks for due messages this often when nothing wakes it. */
  pollMs?: number;
  holder?: string;
  /** Finds each attachment's file when its message is sent (an invoice's PDF is rendered after the paying transaction). */
  attachments?: MailAttachments;
}

export class MailOutbox implements MailQueue {
  async queue(db: Db | Tx, mail: OutgoingMail): Promise<void> {
    await db.insert(mailOutbox).values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, ...(mail.attachments?.length ? { attachments: [...mail.attachments] } : {}) });
  }
}

/** The wait before attempt `attempts + 1`: base, 2x, 4x, ... at most an hour, with a fifth of jitter so many failures do not retry in step. */
export function backoffMs(attempts: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.9 + random() * 0.2));
}

export class MailWorker extends OutboxLoop {
  private readonly o: Required<Omit<WorkerOptions, 'attachments'>>;
  private readonly attachments: MailAttachments | null;

  constructor(options: WorkerOptions) {
    const { attachments, ...rest } = options;
    const o = { pollMs: 2_000, holder: INSTANCE_ID, ...rest };
    super({ log: o.log, pollMs: o.pollMs, what: 'mail outbox' });
    this.o = o;
    this.attachments = attachments ?? null;
  }

  /** Claims up to a batch of due messages and sends them; answers how many it claimed. */
  async pass(): Promise<number> {
    const { db, holder } = this.o;
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(dueOrLapsed(mailOutbox))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({ status: 'sending', claimedBy: holder, claimedUntil: later(CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    await Promise.all(claimed.map((row) => this.send(row)));
    return claimed.length;
  }

  private async filesOf(refs: readonly MailAttachmentRef[]): Promise<MailFile[]> {
    if (refs.length === 0) return [];
    const source = this.attachments;
    if (!source) throw new Error('the message has attachments and this worker has no way to find them');
    return Promise.all(refs.map((ref) => source.resolve(ref)));
  }

  private async send(row: typeof mailOutbox.$inferSelect): Promise<void> {
    const { db, holder, log } = this.o;
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimedBy, holder), eq(mailOutbox.status, 'sending'));
    let where: string;
    try {
      // Resolved at each attempt, inside it: a file that cannot be had yet fails the attempt, which is retried, so a message never goes without its attachment.
      const files = await this.filesOf(row.attachments);
      where = await this.o.transport.transmit({ id: row.id, kind: row.kind, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, files });
    } catch (error) {
      // A 5xx answer is the server's final word (no such mailbox, refused): trying again changes nothing.
      const code = (error as { responseCode?: unknown }).responseCode;
      const refused = typeof code === 'number' && code >= 500 && code < 600;
      const last = refused || row.attempts >= this.o.maxAttempts;
      const problem = error instanceof Error ? error.message.slice(0, 500) : String(error);
      await db
        .update(mailOutbox)
        .set(
          last
            ? { status: 'failed', claimedBy: null, claimedUntil: null, lastError: problem }
            : { status: 'pending', claimedBy: null, claimedUntil: null, lastError: problem, nextAttemptAt: later(backoffMs(row.attempts, this.o.retryBaseMs)) },
        )
        .where(mine);
      if (last) log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: loggableError(error) }, 'mail failed for good; the back office can send it again');
      else log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: loggableError(error) }, 'mail could not be sent; it is retried later');
      return;
    }
    // The bodies go once sent: a reset code must not outlive its mail in the database.
    await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, claimedBy: null, claimedUntil: null, lastError: null, textBody: '', htmlBody: '' }).where(mine);
    log.info({ mailId: row.id, kind: row.kind, ...(where.startsWith('<') ? { messageId: where } : { path: where }) }, where.startsWith('<') ? 'mail sent' : 'mail written to the outbox');
  }
}

export interface OutboxStats {
  /** Waiting for a first or next attempt, or being sent. */
  backlog: number;
  failed: number;
  /** When the oldest unsent message was queued; null when none waits. */
  oldestQueuedAt: Date | null;
}

/** The backlog and failures, for metrics and the back office. */
export async function outboxStats(db: Db): Promise<OutboxStats> {
  const [row] = await db
    .select({
      backlog: sql<number>`count(*) filter (where ${mailOutbox.status} in ('pending', 'sending'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
      oldest: sql<unknown>`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} in ('pending', 'sending'))`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']));
  const oldest = row?.oldest;
  // node-postgres answers a bare timestamp expression as text, PGlite as a Date.
  return { backlog: row?.backlog ?? 0, failed: row?.failed ?? 0, oldestQueuedAt: oldest ? new Date(oldest as string | Date) : null };
}

/** Sent messages are kept this long, for the back office and for support questions. */
export const SENT_KEPT_MS = 30 * 86_400_000;

/** Removes sent messages older than SENT_KEPT_MS (housekeeping). */
export async function sweepSent(db: Db): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, sql`now() - ${`${SENT_KEPT_MS} milliseconds`}::interval`)));
}

export type OutboxRow = Omit<typeof mailOutbox.$inferSelect, 'textBody' | 'htmlBody'>;

/** The messages of a state, newest first, without their bodies (which may hold reset codes). */
export async function outboxPage(db: Db, status: MailState, page: number, size: number): Promise<{ rows: OutboxRow[]; total: number }> {
  const { textBody: _text, htmlBody: _html, ...columns } = getTableColumns(mailOutbox);
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(mailOutbox).where(eq(mailOutbox.status, status)).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, status)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Makes a failed or waiting message due now, with its attempts counted afresh; the row as it was, or null. */
export async function retryNow(tx: Tx, id: number): Promise<OutboxRow | null> {
  const [before] = await tx.select().from(mailOutbox).where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'pending']))).for('update');
  if (!before) return null;
  await tx.update(mailOutbox).set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
  const { textBody: _t, htmlBody: _h, ...row } = before;
  return row;
}
