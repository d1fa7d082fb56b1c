/** What the staff calls take (docs/back-office.md "Roles and permission codes"); the rows are StaffMember of staff.model.ts. Strict. */
import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLE_VALUES } from '../account.model.ts';
import { emailSchema } from '../account.schema.ts';
import { idSchema, pageRequestShape } from '../catalogue.schema.ts';
import { querySchema } from './common.schema.ts';

export const staffListRequestSchema = z.strictObject({ ...pageRequestShape, query: querySchema });

export const staffRoleRequestSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(ROLE_VALUES),
});

/**
 * One grant given or taken (GRANTABLE_PERMISSIONS of staff.model.ts): any text here, so that a code
 * that cannot be granted gets the desk's own words naming the ones that can.
 */
export const staffGrantRequestSchema = z.strictObject({
  userId: idSchema,
  code: z.string().trim().min(1).max(64),
  granted: z.boolean(),
});

export const staffStatusRequestSchema = z.strictObject({
  userId: idSchema,
  status: z.enum(ACCOUNT_STATUSES),
});
