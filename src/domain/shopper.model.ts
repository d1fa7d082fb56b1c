/** What the newsletter, wishlist and review endpoints answer (src/domain/api/shopper.ts). */
import type { Page } from './api/envelope.ts';
import type { ProductCard, ProductComment } from './catalogue.model.ts';

export type WishlistAction = 'add' | 'remove';

export interface WishlistEntry extends ProductCard {
  /** When it was added (ISO time). */
  collectedAt: string;
}

/** Whether the product is on the wishlist after the change. */
export interface WishlistChange {
  productId: number;
  collected: boolean;
}

/** A page of reviews with the product's average rating (one decimal; null without reviews). */
export interface CommentPage extends Page<ProductComment> {
  averageRating: number | null;
}
