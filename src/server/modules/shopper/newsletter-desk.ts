/**
 * The newsletter's subscribers for the back office (`newsletter:manage`): search by the start of the email, a
 * page at a time or all of them for the CSV export, and unsubscribing one (audited).
 */
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { AdminSubscriber } from '../../../domain/back-office/newsletter.model.ts';
import { prefixPattern } from '../../db/like.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import { users } from '../accounts/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { newsletterSubscriptions } from './schema.ts';

const columns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  source: newsletterSubscriptions.source,
  // Qualified by hand: drizzle leaves a lone table's columns unqualified.
  userId: sql<number | null>`(select u.id from ${users} u where u.email = ${sql.raw('"newsletter_subscriptions"."email"')})`,
  createdAt: newsletterSubscriptions.createdAt,
};

/** The start of the email, any case: by prefix, so migration 0011's index answers it. */
function where(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  return sql`lower(${newsletterSubscriptions.email}) like ${prefixPattern(query.toLowerCase())}`;
}

export class NewsletterDesk extends AuditedDesk {
  async list(query: string | undefined, page: PageRequest): Promise<Page<AdminSubscriber>> {
    const [rows, [total]] = await Promise.all([
      onePage(this.db.select(columns).from(newsletterSubscriptions).where(where(query)).orderBy(asc(newsletterSubscriptions.id)).$dynamic(), page),
      this.db.select({ n: count() }).from(newsletterSubscriptions).where(where(query)),
    ]);
    return pageOf(rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total?.n ?? 0, page);
  }

  async count(query: string | undefined): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(newsletterSubscriptions).where(where(query));
    return total?.n ?? 0;
  }

  async all(query: string | undefined): Promise<AdminSubscriber[]> {
    const rows = await this.db.select(columns).from(newsletterSubscriptions).where(where(query)).orderBy(asc(newsletterSubscriptions.id));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async unsubscribe(actor: AuditActor, id: number): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning();
      if (!gone) throw notFound('subscriber');
      // The email is what was unsubscribed: the row names who, as an order note would.
      await this.audit.record(tx, { actor, action: 'newsletter.unsubscribe', entity: 'newsletter_subscription', entityId: id, before: { email: gone.email, source: gone.source }, after: null });
      return { removed: 1 };
    });
  }
}
