/**
 * API tokens for other systems (docs/accounts-and-security.md "API tokens"): what the owner's calls
 * take and answer. A token holds the codes it was made with, never more than the owner's, and never
 * the codes below. Strict.
 */
import { z } from 'zod';
import { idSchema } from '../catalogue.schema.ts';
import { PERMISSIONS, PERMISSION_VALUES, type Permission } from './staff.model.ts';

/** What every token's secret starts with: the guards tell it from a session's JWT by it, and secret scanners find leaked ones. */
export const API_TOKEN_PREFIX = 'jst_';

/**
 * Codes no token may hold. staff:manage makes staff and tokens: a leaked token holding it would
 * mint itself successors and outlive its revocation. customer:erase cannot be undone, so it stays a
 * person's deliberate act in the back office.
 */
export const TOKEN_FORBIDDEN_CODES: readonly Permission[] = [PERMISSIONS.STAFF_MANAGE, PERMISSIONS.CUSTOMER_ERASE];

/** The codes a token may be given, in PERMISSION_VALUES order. */
export const TOKEN_CODES: readonly Permission[] = PERMISSION_VALUES.filter((code) => !TOKEN_FORBIDDEN_CODES.includes(code));

/** A token lives at most a year: a forgotten one dies on its own. */
export const TOKEN_MAX_DAYS = 365;

export const apiTokenCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the token').max(60, 'At most 60 characters'),
  codes: z
    .array(z.enum(TOKEN_CODES as [Permission, ...Permission[]], { error: 'A token cannot hold this code' }))
    .min(1, 'Choose at least one code')
    .max(TOKEN_CODES.length),
  days: z.number().int('Whole days').min(1, 'At least one day').max(TOKEN_MAX_DAYS, `At most ${TOKEN_MAX_DAYS} days`),
});

export const apiTokenRevokeRequestSchema = z.strictObject({ id: idSchema });

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** A token as the list shows it: never its secret nor its hash. */
export interface ApiToken {
  id: number;
  name: string;
  codes: Permission[];
  createdByEmail: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiTokenStatus;
}

/** The create call's answer: the token, and its secret this once. */
export interface NewApiToken {
  token: ApiToken;
  secret: string;
}
