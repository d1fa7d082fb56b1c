/**
 * Staff invites (docs/back-office.md "Inviting staff"): a mailed, single-use link to join the staff
 * with a role. The token is stored as its digest only; one invite waits per email at a time.
 */
import { sql } from 'drizzle-orm';
import { check, index, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, keyedTable, refOrNull } from '../../db/columns.ts';
import { users } from '../accounts/schema.ts';

export const staffInvites = keyedTable(
  'staff_invites',
  {
    email: text('email').notNull(),
    /** The role the invitee gets (invites.ts `invitableRole` says which). */
    role: text('role').notNull(),
    /** The language the mail was written in, and is written in again on resend. */
    locale: text('locale').notNull(),
    invitedBy: refOrNull('invited_by', () => users.id),
    /** SHA-256 of the mailed token (accounts' tokenDigest): a resend replaces it, so the old link dies. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** When the link was last mailed, and how many times (the first send counts). */
    sentAt: at('sent_at').notNull().defaultNow(),
    sendCount: smallint('send_count').notNull().default(1),
    acceptedAt: at('accepted_at'),
    /** The account that joined (a new one, or the customer account that proved its password). */
    acceptedBy: refOrNull('accepted_by', () => users.id),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('staff_invites_token_uq').on(t.tokenHash),
    // One pending invite per email: a second invite is a resend of the first.
    uniqueIndex('staff_invites_pending_email_uq').on(t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('staff_invites_created_idx').on(t.createdAt),
    check('staff_invites_one_end_ck', sql`${t.acceptedAt} is null or ${t.revokedAt} is null`),
  ],
);
