/**
 * Sends webhook deliveries with the mail outbox's machinery (outbox/worker-loop.ts and backoffMs):
 * due rows are claimed with FOR UPDATE SKIP LOCKED under a lease, posted, and on failure retried
 * with the same exponential backoff until maxAttempts, then `failed` (the delivery log can send
 * one again). Only a 2xx answer counts as delivered. A receiver may get a delivery twice (its
 * worker died after the answer); the X-Jersey-Delivery and event id let it fold repeats.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { INSTANCE_ID } from '../jobs/index.ts';
import { backoffMs, CLAIM_BATCH, dueOrLapsed, later, OutboxLoop, SENT_KEPT_MS, type OutboxLog } from '../outbox/index.ts';
import { resolvesInternal } from './addresses.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.ts';
import { webhookDeliveries, webhookEndpoints } from './schema.ts';

/** NOTIFYed by migration 0028's trigger when deliveries are queued. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** A receiver gets this long to answer. */
export const SEND_TIMEOUT_MS = 10_000;
/** A claim outlasts a send with room to spare. */
const CLAIM_MS = 60_000;

export interface WebhookWorkerOptions {
  db: Db;
  log: OutboxLog;
  retryBaseMs: number;
  maxAttempts: number;
  /** Refuses to send to addresses that resolve inside the shop's network. */
  production: boolean;
  pollMs?: number;
  holder?: string;
  /** The unix time of a signature (tests). */
  now?: () => number;
}

type Claimed = typeof webhookDeliveries.$inferSelect;

export class WebhookWorker extends OutboxLoop {
  private readonly o: Required<WebhookWorkerOptions>;

  constructor(options: WebhookWorkerOptions) {
    const o = { pollMs: 2_000, holder: INSTANCE_ID, now: () => Math.floor(Date.now() / 1000), ...options };
    super({ log: o.log, pollMs: o.pollMs, what: 'webhook outbox' });
    this.o = o;
  }

  async pass(): Promise<number> {
    const { db, holder } = this.o;
    const due = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(dueOrLapsed(webhookDeliveries)).orderBy(webhookDeliveries.nextAttemptAt).limit(CLAIM_BATCH).for('update', { skipLocked: true });
    const claimed = await db
      .update(webhookDeliveries)
      .set({ status: 'sending', claimedBy: holder, claimedUntil: later(CLAIM_MS), attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
    if (claimed.length === 0) return 0;
    const endpoints = await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    await Promise.all(claimed.map((row) => this.send(row, byId.get(row.endpointId)!)));
    return claimed.length;
  }

  /** Posts one delivery; answers the status code, or throws when the receiver cannot be reached. */
  private async post(row: Claimed, endpoint: typeof webhookEndpoints.$inferSelect): Promise<number> {
    const url = new URL(endpoint.url);
    if (this.o.production && (await resolvesInternal(url.hostname))) throw new Error('the address resolves inside the shop network; refused');
    const body = JSON.stringify(row.payload);
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'jersey-shop-webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, body, this.o.now()),
        [EVENT_HEADER]: row.type,
        [DELIVERY_HEADER]: String(row.id),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // The answer's body is not read past its start: only the status counts.
    await answer.body?.cancel().catch(() => {});
    return answer.status;
  }

  private async send(row: Claimed, endpoint: typeof webhookEndpoints.$inferSelect): Promise<void> {
    const { db, holder, log } = this.o;
    const mine = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.claimedBy, holder), eq(webhookDeliveries.status, 'sending'));
    let code: number | null = null;
    let problem: string | null = null;
    try {
      code = await this.post(row, endpoint);
      if (code < 200 || code >= 300) problem = `HTTP ${code}`;
    } catch (error) {
      problem = (error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error)).slice(0, 500);
    }
    if (problem === null) {
      await db.update(webhookDeliveries).set({ status: 'sent', sentAt: sql`now()`, claimedBy: null, claimedUntil: null, lastStatusCode: code, lastError: null }).where(mine);
      log.info({ deliveryId: row.id, type: row.type, endpointId: endpoint.id, status: code }, 'webhook delivered');
      return;
    }
    const last = row.attempts >= this.o.maxAttempts;
    await db
      .update(webhookDeliveries)
      .set(
        last
          ? { status: 'failed', claimedBy: null, claimedUntil: null, lastStatusCode: code, lastError: problem }
          : { status: 'pending', claimedBy: null, claimedUntil: null, lastStatusCode: code, lastError: problem, nextAttemptAt: later(backoffMs(row.attempts, this.o.retryBaseMs)) },
      )
      .where(mine);
    const details = { deliveryId: row.id, type: row.type, endpointId: endpoint.id, attempts: row.attempts, status: code, problem };
    if (last) log.error(details, 'webhook failed for good; its delivery log can send it again');
    else log.warn(details, 'webhook not delivered; it is retried later');
  }
}

/** Removes delivered rows kept as long as sent mail (SENT_KEPT_MS), by the same housekeeping. */
export async function sweepDelivered(db: Db): Promise<void> {
  await db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.status, 'sent'), sql`${webhookDeliveries.sentAt} < now() - ${`${SENT_KEPT_MS} milliseconds`}::interval`));
}
