/**
 * The back office's webhook endpoints (docs/back-office.md "Webhooks"): made, changed, removed,
 * their secret rotated, a test event sent, their delivery log read and one delivery sent again.
 * Every write is audited; a secret never goes into the audit log and is answered only when it is
 * made (creation, rotation).
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret, WebhookEvent } from '../../../domain/back-office/webhooks.model.ts';
import type { Db } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { invalidFields, notFound } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { urlProblem } from './addresses.ts';
import { payloadOf } from './events.ts';
import { webhookDeliveries, webhookEndpoints } from './schema.ts';
import { newSecret } from './signature.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface WebhookSave {
  id?: number | undefined;
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
}

export function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** What the audit log keeps of an endpoint: everything but its secret. */
const audited = (row: EndpointRow) => ({ url: row.url, description: row.description, events: row.events, active: row.active });

export class WebhookDesk extends AuditedDesk {
  private readonly options: { production: boolean; wake: () => void };

  constructor(db: Db, options: { production: boolean; wake: () => void }) {
    super(db);
    this.options = options;
  }

  private checkUrl(url: string): void {
    const problem = urlProblem(url, this.options.production);
    if (problem) throw invalidFields({ path: 'body.url', problem: msg(problem) });
  }

  async list(): Promise<WebhookEndpointView[]> {
    const rows = await this.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [failures, latest] = await Promise.all([
      this.db
        .select({ endpointId: webhookDeliveries.endpointId, n: count() })
        .from(webhookDeliveries)
        .where(and(inArray(webhookDeliveries.endpointId, ids), eq(webhookDeliveries.status, 'failed')))
        .groupBy(webhookDeliveries.endpointId),
      this.db
        .selectDistinctOn([webhookDeliveries.endpointId], { endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, ids))
        .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id)),
    ]);
    const failed = new Map(failures.map((f) => [f.endpointId, f.n]));
    const last = new Map(latest.map((l) => [l.endpointId, l.status]));
    return rows.map((row) => this.view(row, last.get(row.id) ?? null, failed.get(row.id) ?? 0));
  }

  private view(row: EndpointRow, lastStatus: WebhookEndpointView['lastStatus'] = null, failed = 0): WebhookEndpointView {
    return { id: row.id, url: row.url, description: row.description, events: row.events as WebhookEvent[], active: row.active, createdAt: row.createdAt.toISOString(), lastStatus, failed };
  }

  async save(actor: AuditActor, body: WebhookSave): Promise<WebhookEndpointView | WebhookEndpointWithSecret> {
    this.checkUrl(body.url);
    const fields = { url: body.url, description: body.description, events: [...new Set(body.events)], active: body.active };
    return this.db.transaction(async (tx) => {
      if (body.id === undefined) {
        const [row] = await tx.insert(webhookEndpoints).values({ ...fields, secret: newSecret() }).returning();
        await this.audit.record(tx, { actor, action: 'webhook.create', entity: 'webhook', entityId: row!.id, before: null, after: audited(row!) });
        return { ...this.view(row!), secret: row!.secret };
      }
      const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, body.id)).for('update');
      if (!before) throw notFound('webhook');
      const [row] = await tx.update(webhookEndpoints).set({ ...fields, updatedAt: new Date() }).where(eq(webhookEndpoints.id, body.id)).returning();
      await this.audit.record(tx, { actor, action: 'webhook.update', entity: 'webhook', entityId: row!.id, before: audited(before), after: audited(row!) });
      return this.view(row!);
    });
  }

  /** Removes the endpoint and its delivery log (unsent deliveries go with it). */
  async remove(actor: AuditActor, id: number): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
      if (!row) throw notFound('webhook');
      await this.audit.record(tx, { actor, action: 'webhook.remove', entity: 'webhook', entityId: id, before: audited(row), after: null });
      return { removed: 1 };
    });
  }

  async rotate(actor: AuditActor, id: number): Promise<WebhookEndpointWithSecret> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(webhookEndpoints).set({ secret: newSecret(), updatedAt: new Date() }).where(eq(webhookEndpoints.id, id)).returning();
      if (!row) throw notFound('webhook');
      await this.audit.record(tx, { actor, action: 'webhook.rotate', entity: 'webhook', entityId: id, before: null, after: { rotated: true } });
      return { ...this.view(row), secret: row.secret };
    });
  }

  /** A `ping` to this endpoint alone, active or not, so an address can be tried before it is switched on. */
  async test(actor: AuditActor, id: number): Promise<WebhookDeliveryView> {
    const queued = await this.db.transaction(async (tx) => {
      const [endpoint] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      if (!endpoint) throw notFound('webhook');
      const payload = payloadOf('ping', { endpoint: id, note: 'A test event sent from the back office.' });
      const [row] = await tx.insert(webhookDeliveries).values({ endpointId: id, eventId: payload.id, type: 'ping', payload: { ...payload } }).returning();
      await this.audit.record(tx, { actor, action: 'webhook.test', entity: 'webhook', entityId: id, before: null, after: { delivery: row!.id } });
      return row!;
    });
    this.options.wake();
    return deliveryView(queued);
  }

  async deliveries(endpointId: number, page: PageRequest): Promise<Page<WebhookDeliveryView>> {
    const [endpoint] = await this.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw notFound('webhook');
    const mine = eq(webhookDeliveries.endpointId, endpointId);
    const [rows, [total]] = await Promise.all([
      onePage(this.db.select().from(webhookDeliveries).where(mine).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).$dynamic(), page),
      this.db.select({ n: count() }).from(webhookDeliveries).where(mine),
    ]);
    return pageOf(rows.map(deliveryView), total?.n ?? 0, page);
  }

  /** Makes a delivery due now with its attempts counted afresh (any state but one being sent: that one is already on its way). */
  async redeliver(actor: AuditActor, id: number): Promise<WebhookDeliveryView> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['pending', 'sent', 'failed'])))
        .for('update');
      if (!before) throw notFound('webhookDelivery');
      const [after] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, sentAt: null })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      await this.audit.record(tx, {
        actor,
        action: 'webhook.redeliver',
        entity: 'webhook',
        entityId: before.endpointId,
        before: { delivery: id, status: before.status, attempts: before.attempts, lastStatusCode: before.lastStatusCode },
        after: { delivery: id, status: 'pending', attempts: 0 },
      });
      return after!;
    });
    this.options.wake();
    return deliveryView(row);
  }
}
