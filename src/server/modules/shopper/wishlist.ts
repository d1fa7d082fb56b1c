/** The wishlist ("collection" in the specification's endpoint names): products a shopper keeps. */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { ProductCard } from '../../../domain/catalogue.schema.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { Db } from '../../db/client.ts';
import { onePage, pageOf, type PageRequest } from '../../db/paging.ts';
import { products } from '../catalogue/index.ts';
import { wishlistItems } from './schema.ts';
import { notFound } from '../../errors.ts';
import { cardColumns, toCard } from '../catalogue/index.ts';

export interface WishlistEntry extends ProductCard {
  collectedAt: string;
}

export class WishlistService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Adds or removes a product; both are idempotent. Answers whether it is now on the list. */
  async change(userId: number, productId: number, action: 'add' | 'remove'): Promise<{ productId: number; collected: boolean }> {
    if (action === 'remove') {
      await this.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      return { productId, collected: false };
    }
    const [product] = await this.db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.active, true)));
    if (!product) throw notFound('product');
    await this.db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
    return { productId, collected: true };
  }

  async list(userId: number, page: PageRequest, locale: Locale): Promise<Page<WishlistEntry>> {
    const where = and(eq(wishlistItems.userId, userId), eq(products.active, true));
    const [rows, totals] = await Promise.all([
      onePage(
        this.db
          .select({ ...cardColumns, collectedAt: wishlistItems.createdAt })
          .from(wishlistItems)
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(where)
          .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
          .$dynamic(),
        page,
      ),
      this.db.select({ total: count() }).from(wishlistItems).innerJoin(products, eq(products.id, wishlistItems.productId)).where(where),
    ]);
    const records = rows.map(({ collectedAt, ...card }) => ({ ...toCard(card, locale), collectedAt: collectedAt.toISOString() }));
    return pageOf(records, totals[0]?.total ?? 0, page);
  }

  /** Which of these products are on the list (the hearts on a page of product cards). */
  async collected(userId: number, productIds: readonly number[]): Promise<number[]> {
    if (productIds.length === 0) return [];
    const rows = await this.db
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, [...productIds])));
    return rows.map((row) => row.productId).sort((a, b) => a - b);
  }
}
