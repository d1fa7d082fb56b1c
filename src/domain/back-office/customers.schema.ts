/**
 * What the back office's customer calls take (docs/back-office.md); the answers are in
 * customers.model.ts. Every request is strict.
 */
import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../account.model.ts';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { querySchema } from './common.schema.ts';
import { CUSTOMER_KINDS } from './customers.model.ts';

export const customerListRequestSchema = z.strictObject({
  ...pageRequestShape,
  /** The start of an email, of a name ("first last") or of a last name. */
  query: querySchema,
  /** Accounts only; guests have no status, so a status leaves them out. */
  status: z.enum(ACCOUNT_STATUSES).optional(),
  /** Accounts or guests; both when absent. */
  kind: z.enum(CUSTOMER_KINDS).optional(),
});

export const customerRequestSchema = z.strictObject({ userId: idSchema });

export const guestCustomerRequestSchema = z.strictObject({ email: z.string().trim().min(3).max(320) });

export const customerStatusRequestSchema = z.strictObject({ userId: idSchema, status: z.enum(ACCOUNT_STATUSES) });

export const customerEraseRequestSchema = z.strictObject({
  userId: idSchema,
  /** The account's email typed again: the confirmation that this is the account meant. */
  confirmEmail: z.string().trim().min(1, 'type the email to confirm').max(254),
});
