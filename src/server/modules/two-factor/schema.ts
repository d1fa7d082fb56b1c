/**
 * Staff two-step sign-in (docs/accounts-and-security.md "Two-step sign-in"): each staff member's
 * TOTP secret (encrypted), their one-time recovery codes (hashed), the sign-in challenges between
 * the password and the code, and the owner's "required for every staff member" switch.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, createdAt, parentId, updatedAt } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';

export const staffTwoFactor = pgTable('staff_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the 20-byte secret under a key derived from AUTH_SECRET: "v1.<iv>.<tag>.<data>" (base64url). */
  secret: text('secret').notNull(),
  /** Null while enrolment waits for its first code; set once a code confirmed it. */
  enabledAt: at('enabled_at'),
  /** The last 30-second step a code was accepted for: that step and earlier ones are refused (no replay). */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Ten per enrolment, single use; a new enrolment or a reset replaces them. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    userId: parentId('user_id', () => users.id),
    /** HMAC-SHA256 (keyed by AUTH_SECRET) of the code without its dash: the codes are random, so a slow hash adds nothing. */
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The step between a correct password and the code: five minutes, single use, stored as a digest. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: parentId('user_id', () => users.id),
    expiresAt: at('expires_at').notNull(),
    /** Wrong codes counted on the challenge too: it dies at five. */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_expires_idx').on(t.expiresAt)],
);

/** One row: whether the owner requires two-step sign-in of every staff member. */
export const twoFactorPolicy = pgTable(
  'two_factor_policy',
  {
    id: smallint('id').primaryKey().default(1),
    required: boolean('required').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('two_factor_policy_one_row_ck', sql`${t.id} = 1`)],
);
