/**
 * The back office's newsletter subscribers (docs/back-office.md "Teams, navigation, customers,
 * reviews and the newsletter"): what its calls answer. The requests are in newsletter.schema.ts.
 */

export interface AdminSubscriber {
  id: number;
  email: string;
  source: string;
  /** The account with this email, if any. */
  userId: number | null;
  createdAt: string;
}
