/**
 * API tokens for other systems (docs/accounts-and-security.md "API tokens"): made by an owner with
 * chosen codes and an expiry; only the secret's SHA-256 is kept, so the table leaks nothing usable.
 */
import { index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, keyedTable, staffAuthor } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';
import type { Permission } from '../../../domain/back-office/staff.model.ts';

export const apiTokens = keyedTable(
  'api_tokens',
  {
    name: text('name').notNull(),
    codes: text('codes').array().$type<Permission[]>().notNull(),
    /** SHA-256 (base64url) of the whole secret: a random 256-bit secret needs no slow hash. */
    tokenHash: text('token_hash').notNull(),
    /** The owner who made it: the token acts for them, and stops when they are disabled or lose R_SUPER. */
    ...staffAuthor('createdBy', () => users.id),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_created_idx').on(t.createdAt)],
);
