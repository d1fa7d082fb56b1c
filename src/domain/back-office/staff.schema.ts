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

/** A role's key: a built-in's (R_SUPER, R_ADMIN) or a custom one's (`C_<id>`); the desk says which exist. */
const roleKeySchema = z.string().trim().min(1).max(32);

/**
 * A custom role as the owner writes it. Codes are any short text here, so that one a custom role
 * may not carry gets the desk's own words naming it (staff.model.ts CUSTOM_ROLE_PERMISSIONS).
 */
const staffRoleShape = {
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500).default(''),
  codes: z.array(z.string().trim().min(1).max(64)).max(100),
};

export const staffRoleCreateSchema = z.strictObject(staffRoleShape);

export const staffRoleUpdateSchema = z.strictObject({ key: roleKeySchema, ...staffRoleShape });

export const staffRoleKeyRequestSchema = z.strictObject({ key: roleKeySchema });

/** Every staff role a member holds after the change, built-in and custom (none: they leave the staff). */
export const staffSetRolesRequestSchema = z.strictObject({
  userId: idSchema,
  roles: z.array(roleKeySchema).max(20),
});
