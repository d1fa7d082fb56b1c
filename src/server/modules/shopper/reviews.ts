/**
 * Product reviews: the public list, and posting by signed-in shoppers. One review per shopper
 * per product: posting again edits it. Content is stored exactly as typed and answered as JSON
 * text; pages render it escaped.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { ProductComment } from '../../../domain/catalogue.schema.ts';
import type { Db } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { products } from '../catalogue/index.ts';
import { productComments } from './schema.ts';
import { notFound } from '../../errors.ts';

export interface ReviewInput {
  productId: number;
  rating: number;
  content: string;
}

type CommentRow = typeof productComments.$inferSelect;

function toComment(row: CommentRow): ProductComment {
  return { id: row.id, productId: row.productId, authorName: row.authorName, rating: row.rating, content: row.content, createdAt: row.createdAt.toISOString() };
}

export class ReviewService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async list(request: PageRequest & { productId: number }): Promise<Page<ProductComment> & { averageRating: number | null }> {
    const where = and(eq(productComments.productId, request.productId), eq(productComments.visible, true));
    const [rows, totals] = await Promise.all([
      onePage(this.db.select().from(productComments).where(where).orderBy(desc(productComments.createdAt), desc(productComments.id)).$dynamic(), request),
      this.db.select({ total: count(), average: sql<string | null>`avg(${productComments.rating})` }).from(productComments).where(where),
    ]);
    const average = totals[0]?.average;
    return {
      ...pageOf(rows.map(toComment), totals[0]?.total ?? 0, request),
      averageRating: average == null ? null : Math.round(Number(average) * 10) / 10,
    };
  }

  /** Posts the shopper's review of a product, or replaces the one they posted before. */
  async save(userId: number, authorName: string, input: ReviewInput, now: Date): Promise<ProductComment> {
    const [product] = await this.db.select({ id: products.id }).from(products).where(and(eq(products.id, input.productId), eq(products.active, true)));
    if (!product) throw notFound('product');
    const [row] = await this.db
      .insert(productComments)
      .values({ productId: input.productId, userId, authorName, rating: input.rating, content: input.content, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [productComments.userId, productComments.productId],
        targetWhere: sql`${productComments.userId} is not null`,
        set: { rating: input.rating, content: input.content, authorName, updatedAt: now },
      })
      .returning();
    return toComment(row!);
  }

  /** Deletes one of the shopper's own reviews; anyone else's id is "not found". */
  async remove(userId: number, id: number): Promise<{ deleted: number }> {
    const rows = await this.db.delete(productComments).where(and(eq(productComments.id, id), eq(productComments.userId, userId))).returning({ id: productComments.id });
    if (rows.length === 0) throw notFound('review');
    return { deleted: 1 };
  }
}
