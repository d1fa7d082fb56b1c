/**
 * Review moderation (the back office's reviews screen, `review:moderate`): the list by state and
 * product, and hiding or showing a review with a reason (required to hide), in one transaction
 * with its audit row. The storefront's review list and its count and average read only visible
 * reviews (reviews.ts), so a hidden one is gone from the API at once; the catalogue stamp moves
 * the catalogue version so the pre-rendered product page is rebuilt without it.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { AdminReviewRow, ReviewState } from '../../../domain/back-office/reviews.model.ts';
import type { Tx } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { productTitleIn, products } from '../catalogue/index.ts';
import { productComments } from './schema.ts';

/** A review's columns, its product titled in the reader's language. */
const columnsIn = (locale: Locale) => ({
  id: productComments.id,
  productId: productComments.productId,
  productTitle: productTitleIn(locale),
  authorName: productComments.authorName,
  rating: productComments.rating,
  content: productComments.content,
  visible: productComments.visible,
  reason: productComments.moderationReason,
  createdAt: productComments.createdAt,
});

type Row = Omit<AdminReviewRow, 'state' | 'createdAt'> & { visible: boolean; createdAt: Date };

function toRow(row: Row): AdminReviewRow {
  const { visible, createdAt, ...rest } = row;
  return { ...rest, state: visible ? 'visible' : 'hidden', createdAt: createdAt.toISOString() };
}

export class ReviewDesk extends AuditedDesk {
  /** Newest first. */
  async list(filter: { state?: ReviewState | undefined; productId?: number | undefined }, page: PageRequest, locale: Locale): Promise<Page<AdminReviewRow>> {
    const where: SQL[] = [];
    if (filter.state) where.push(eq(productComments.visible, filter.state === 'visible'));
    if (filter.productId) where.push(eq(productComments.productId, filter.productId));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      onePage(
        this.db.select(columnsIn(locale)).from(productComments).innerJoin(products, eq(products.id, productComments.productId)).where(condition).orderBy(desc(productComments.createdAt), desc(productComments.id)).$dynamic(),
        page,
      ),
      this.db.select({ n: count() }).from(productComments).where(condition),
    ]);
    return pageOf(rows.map(toRow), total?.n ?? 0, page);
  }

  /** Hides or shows a review; asking for the state it is in changes nothing and records nothing. */
  async moderate(actor: AuditActor, input: { id: number; state: ReviewState; reason?: string | undefined }, locale: Locale): Promise<AdminReviewRow> {
    return this.db.transaction(async (tx) => {
      const before = await this.one(tx, input.id, true, locale);
      if (before.state === input.state) return before;
      const reason = input.reason ?? null;
      await tx.update(productComments).set({ visible: input.state === 'visible', moderationReason: reason }).where(eq(productComments.id, input.id));
      await this.audit.record(tx, {
        actor,
        action: input.state === 'hidden' ? 'review.hide' : 'review.show',
        entity: 'review',
        entityId: input.id,
        before: { state: before.state, reason: before.reason },
        after: { state: input.state, reason, productId: before.productId },
      });
      return this.one(tx, input.id, false, locale);
    });
  }

  private async one(tx: Tx, id: number, lock: boolean, locale: Locale): Promise<AdminReviewRow> {
    const query = tx.select(columnsIn(locale)).from(productComments).innerJoin(products, eq(products.id, productComments.productId)).where(eq(productComments.id, id));
    const [row] = lock ? await query.for('update', { of: productComments }) : await query;
    if (!row) throw notFound('review');
    return toRow(row);
  }
}
