/** A customer's erasure: their newsletter sign-up, reviews, wishlist and saved team rosters (players' names) go. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newsletterSubscriptions, productComments, teamRosters, wishlistItems } from './schema.ts';

export async function forgetShopper(tx: Tx, who: { userId: number; email: string }): Promise<void> {
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, who.email));
  await tx.delete(productComments).where(eq(productComments.userId, who.userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, who.userId));
  await tx.delete(teamRosters).where(eq(teamRosters.userId, who.userId));
}
