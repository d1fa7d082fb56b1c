/** What the back office's global search takes (docs/back-office.md "Header"); the answer is in search.model.ts. */
import { z } from 'zod';

export const globalSearchRequestSchema = z.strictObject({
  /** Any part of an order number, an email, a name, a product title or handle, a team, a coupon code. */
  query: z.string().trim().min(1, 'type something to search for').max(100, 'at most 100 characters'),
});
