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

export const staffStatusRequestSchema = z.strictObject({
  userId: idSchema,
  status: z.enum(ACCOUNT_STATUSES),
});
