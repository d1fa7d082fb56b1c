/**
 * Newsletter sign-ups, by email, for guests and account holders alike. An account's "subscribe"
 * flag is whether its email is on this list, so there is one source of truth.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from './schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SubscriptionSource = 'footer' | 'register' | 'profile';

export class NewsletterService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Adds the email; returns false when it was already on the list (the caller decides what to say). */
  async subscribe(email: string, source: SubscriptionSource, db: Db | Tx = this.db): Promise<boolean> {
    const rows = await db.insert(newsletterSubscriptions).values({ email, source }).onConflictDoNothing({ target: newsletterSubscriptions.email }).returning({ id: newsletterSubscriptions.id });
    return rows.length > 0;
  }

  async unsubscribe(email: string, db: Db | Tx = this.db): Promise<void> {
    await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  }

  async isSubscribed(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    return Boolean(row);
  }
}
