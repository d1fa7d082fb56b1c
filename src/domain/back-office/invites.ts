/**
 * Staff invites (docs/back-office.md "Inviting staff"): what the owner's calls and the invitee's
 * accept page send and get back. Strict.
 */
import { z } from 'zod';
import { LOGIN_PASSWORD_MAX, ROLES } from '../account.model.ts';
import { ACCOUNT_MESSAGES } from '../field-messages.ts';
import { confirmsNewPassword, emailSchema, newPasswordFields, registerRequestSchema } from '../account.schema.ts';
import { idSchema } from '../catalogue.schema.ts';
import { LOCALES, type Locale } from '../locale.ts';
import { isCustomRole } from './staff.model.ts';

/** How long a mailed link works: 72 hours from its (last) sending. */
export const INVITE_HOURS = 72;

/**
 * The roles an invite may give: the built-in staff roles, or a custom role (`C_<id>`, which the
 * desk also finds in the Roles screen's table). The one check every invite passes through.
 */
export const INVITABLE_ROLES: readonly string[] = [ROLES.ADMIN, ROLES.SUPER];
export function isInvitableRole(role: string): boolean {
  return INVITABLE_ROLES.includes(role) || isCustomRole(role);
}

/** A mailed token: 256 random bits, base64url. */
const tokenSchema = z.string().trim().min(20, 'invalid invite link').max(200, 'invalid invite link');

export const inviteRequestSchema = z.strictObject({
  email: emailSchema,
  /** Any text here: an unknown role gets the desk's words naming the ones that can be given. */
  role: z.string().trim().min(1).max(64),
  /** The mail's language; the inviter's own when left out. */
  locale: z.enum(LOCALES).optional(),
});
export const inviteIdRequestSchema = z.strictObject({ id: idSchema });
export const inviteTokenRequestSchema = z.strictObject({ token: tokenSchema });

/** Accepting as a new account: a name and a password by the shop's password rules. */
export const acceptInviteRequestSchema = z
  .strictObject({
    token: tokenSchema,
    firstName: registerRequestSchema.shape.firstName,
    lastName: registerRequestSchema.shape.lastName,
    ...newPasswordFields,
  })
  .check(confirmsNewPassword(ACCOUNT_MESSAGES.resetPasswordsInconsistent));

/** Accepting with an account the email already has: its password proves it is theirs. */
export const joinInviteRequestSchema = z.strictObject({
  token: tokenSchema,
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
    .max(LOGIN_PASSWORD_MAX),
});

/** A pending invite on the staff screen; `expired` ones can still be resent. */
export interface PendingInvite {
  id: number;
  email: string;
  role: string;
  locale: Locale;
  invitedBy: string | null;
  createdAt: string;
  sentAt: string;
  sendCount: number;
  expiresAt: string;
  expired: boolean;
}

/** What the accept page may know of a live link: nothing beyond what the mail said. */
export interface InviteView {
  email: string;
  shop: string;
  role: string;
  expiresAt: string;
  /** The email has an account already (a customer): it joins by proving its password, no new one is made. */
  hasAccount: boolean;
}

/** What accepting answers: the email to sign in with. */
export interface InviteAccepted {
  email: string;
}
