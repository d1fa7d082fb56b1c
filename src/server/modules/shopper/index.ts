/** The shopper module: newsletter sign-ups, wishlists, product reviews and saved team rosters. */
export * from './schema.ts';
export { NewsletterService, type SubscriptionSource } from './newsletter.ts';
export { ReviewService } from './reviews.ts';
export { WishlistService } from './wishlist.ts';
export { SavedRosters } from './saved-rosters.ts';
export { shopperRoutes, type ShopperServices } from './routes.ts';
export { forgetShopper } from './erasure.ts';
export { ReviewDesk } from './review-desk.ts';
export { NewsletterDesk } from './newsletter-desk.ts';
