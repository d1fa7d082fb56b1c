/**
 * Request fields several back-office modules take alike (the ids and paging are the storefront's,
 * catalogue.schema.ts).
 */
import { z } from 'zod';

/** A list's free-text search. */
export const querySchema = z.string().trim().max(100).optional();

/** Why staff did something the audit log keeps (hiding a review, a refund). */
export const reasonSchema = z.string().trim().min(1, 'give a reason').max(500);

/** A day filter (orders placed, audit rows written), UTC. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD');
