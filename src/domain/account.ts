/**
 * Shopper accounts: the forms' rules and messages (docs/accounts-and-security.md) and the API's
 * request and answer shapes for registration, sign-in, password reset, profile, addresses,
 * newsletter, wishlist and reviews. The pages validate with these same schemas before calling; the
 * server validates again, and is the authority.
 *
 * Every request schema is strict: an unknown field (`userId`, `roles`, `status`...) is refused,
 * not ignored (docs/accounts-and-security.md, threat 15).
 */
import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import { ACCOUNT_MESSAGES, fieldMessage } from './field-messages.ts';
import { idSchema, pageRequestShape } from './catalogue.schema.ts';
import { RATING_MAX, RATING_MIN, REVIEW_MAX } from './review.ts';
import type { PostalAddress } from './address.model.ts';

/** The account endpoints' answers (docs/accounts-and-security.md "Endpoints", "Enumeration"). */
export const ACCOUNT_ANSWERS = {
  loginFailed: 'Login failed',
  codeSent: 'Verification code sent successfully',
  codeNotSent: 'Failed to send verification code',
  resetSucceeded: 'Password reset successful',
  resetFailed: 'Password reset failed',
  editSucceeded: 'Edit Success',
  accountDisabled: 'User status is invalid, please log in again',
  registered: 'Thank you for registering',
  subscribed: 'Thank you for subscribing',
} as const;

export { ACCOUNT_MESSAGES };

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 15;
/** Longer input is refused before any hashing, so a huge body cannot cost CPU time. */
export const LOGIN_PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const NAME_MAX = 50;
export { REVIEW_MAX };
export const RESET_CODE_PATTERN = /^[0-9]{6}$/;
/** Seconds a reset code lives, and the resend countdown the page shows. */
export const RESET_CODE_TTL_SECONDS = 600;
export const RESET_CODE_RESEND_SECONDS = 60;
export const RESET_CODE_MAX_TRIES = 5;
export const MAX_ADDRESSES_PER_USER = 50;

export const ROLES = {
  CUSTOMER: 'R_CUSTOMER',
  ADMIN: 'R_ADMIN',
  /** docs/accounts-and-security.md "Roles": passes every role check. */
  SUPER: 'R_SUPER',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = Object.values(ROLES) as Role[];

/** docs/accounts-and-security.md "Roles": a route without roles is open to every signed-in user; R_SUPER passes all. */
export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  if (required.length === 0 || userRoles.includes(ROLES.SUPER)) return true;
  return required.some((role) => userRoles.includes(role));
}

export const GENDERS = ['secrecy', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

// Control characters (tabs, newlines, escapes, DEL) never belong in a one-line field; finding
// them is the point of these patterns.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A one-line text the shopper must fill in: trimmed, then required, bounded and printable. */
function requiredLine(required: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, fieldMessage('tooLong', { max }))
    .refine((value) => !CONTROL.test(value), ACCOUNT_MESSAGES.textInvalid);
}

/** An optional one-line text; blank becomes "". */
function optionalLine(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .max(max, fieldMessage('tooLong', { max }))
    .refine((value) => !CONTROL.test(value), ACCOUNT_MESSAGES.textInvalid)
    .nullish()
    .transform((value) => value ?? '');
}

/** Emails are trimmed and lower-cased, so one mailbox is one account whatever the typing. */
export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.emailInvalid, abort: true })
  .regex(z.regexes.email, ACCOUNT_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A new password: 6-15 characters (docs/accounts-and-security.md "Passwords"), not on the common-password list. */
export function newPasswordSchema(required: string = ACCOUNT_MESSAGES.passwordRequired) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(PASSWORD_MIN, { error: ACCOUNT_MESSAGES.passwordLength, abort: true })
    .max(PASSWORD_MAX, { error: ACCOUNT_MESSAGES.passwordLength, abort: true })
    .refine((value) => !isCommonPassword(value), ACCOUNT_MESSAGES.passwordCommon);
}

const confirmationSchema = z
  .string({ error: ACCOUNT_MESSAGES.confirmPasswordRequired })
  .min(1, { error: ACCOUNT_MESSAGES.confirmPasswordRequired, abort: true })
  .max(LOGIN_PASSWORD_MAX);

/** The fields of a form that sets a new password (reset, change; docs/accounts-and-security.md "Passwords"): required, 6-15; the confirmation required. */
const newPasswordFields = {
  password: newPasswordSchema(ACCOUNT_MESSAGES.newPasswordRequired),
  confirmPassword: confirmationSchema,
};

/** The confirmation repeats the new password; the reset and change forms word the mismatch differently. */
function confirmsNewPassword(inconsistent: string) {
  return z.refine<{ password: string; confirmPassword: string }>((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], error: inconsistent });
}

export const registerRequestSchema = z.strictObject({
  firstName: requiredLine(ACCOUNT_MESSAGES.firstNameRequired, NAME_MAX),
  lastName: requiredLine(ACCOUNT_MESSAGES.lastNameRequired, NAME_MAX),
  email: emailSchema,
  password: newPasswordSchema(),
  subscribe: z.boolean().default(false),
});
export type RegisterRequest = z.output<typeof registerRequestSchema>;

/** Sign-in checks presence only: an old password of another length is simply wrong. */
export const loginRequestSchema = z.strictObject({
  username: emailSchema,
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
    .max(LOGIN_PASSWORD_MAX, fieldMessage('tooLong', { max: LOGIN_PASSWORD_MAX })),
});
export type LoginRequest = z.output<typeof loginRequestSchema>;

const refreshTokenText = z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(1024, 'refreshToken is too long');

export const refreshRequestSchema = z.strictObject({ refreshToken: refreshTokenText });
/** Logout needs nothing but may name the refresh token, so a page whose access token lapsed can still end its session. */
export const logoutRequestSchema = z.strictObject({ refreshToken: refreshTokenText.optional() }).optional();

export const sendCodeRequestSchema = z.strictObject({ email: emailSchema });

export const resetCodeSchema = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.codeRequired, abort: true })
  .regex(RESET_CODE_PATTERN, ACCOUNT_MESSAGES.codeInvalid);

export const resetPasswordRequestSchema = z
  .strictObject({ email: emailSchema, code: resetCodeSchema, ...newPasswordFields })
  .check(confirmsNewPassword(ACCOUNT_MESSAGES.resetPasswordsInconsistent));
export type ResetPasswordRequest = z.output<typeof resetPasswordRequestSchema>;

/** Change password: the current session is the proof (the specification's form has no current-password field). */
export const changePasswordRequestSchema = z.strictObject(newPasswordFields).check(confirmsNewPassword(ACCOUNT_MESSAGES.changePasswordsInconsistent));
export type ChangePasswordRequest = z.output<typeof changePasswordRequestSchema>;

export interface Birthday {
  day: number;
  month: number;
  year: number;
}

/** A real calendar date from 1900 on (29 February only in leap years). The server also refuses dates after today. */
export function isCalendarDate({ day, month, year }: Birthday): boolean {
  if (![day, month, year].every(Number.isInteger) || year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function birthdayToIso({ day, month, year }: Birthday): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function birthdayFromIso(iso: string): Birthday {
  const [year, month, day] = iso.split('-').map(Number);
  return { day: day!, month: month!, year: year! };
}

const datePart = z.number({ error: ACCOUNT_MESSAGES.invalidDate }).int(ACCOUNT_MESSAGES.invalidDate);

export const birthdaySchema = z
  .strictObject({ day: datePart, month: datePart, year: datePart }, { error: ACCOUNT_MESSAGES.birthdayRequired })
  .refine(isCalendarDate, ACCOUNT_MESSAGES.invalidDate);

export const profileRequestSchema = z.strictObject({
  email: emailSchema,
  firstName: requiredLine(ACCOUNT_MESSAGES.firstNameRequired, NAME_MAX),
  lastName: requiredLine(ACCOUNT_MESSAGES.lastNameRequired, NAME_MAX),
  gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(', ')}` }).default('secrecy'),
  birthday: birthdaySchema,
  subscribe: z.boolean().default(false),
  /**
   * "Also use the new email on my unpaid orders" (docs/accounts-and-security.md): stored on the
   * account, and when set, the account's unpaid orders take the profile's email as it is saved.
   */
  updateOrderEmail: z.boolean().default(false),
  /** Needed only when the email changes (docs/accounts-and-security.md, threat 9). */
  currentPassword: z.string().max(LOGIN_PASSWORD_MAX).optional(),
});
export type ProfileRequest = z.output<typeof profileRequestSchema>;

/** The user info (docs/accounts-and-security.md "Endpoints", `getUserInfo`), with the names and email the account pages show. */
export interface UserInfo {
  userId: number;
  userName: string;
  roles: string[];
  /** Back-office button permissions; customers have none. */
  buttons: string[];
  email: string;
  firstName: string;
  lastName: string;
}

export interface Profile extends UserInfo {
  gender: Gender;
  birthday: Birthday | null;
  subscribe: boolean;
  updateOrderEmail: boolean;
}

export interface TokenPairAnswer {
  token: string;
  refreshToken: string;
}

export interface SendCodeAnswer {
  /** Seconds before another code may be asked for: the page's countdown. */
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

// ---------- addresses ----------

export const addressInputSchema = z.strictObject({
  /** Present to update that address, absent to create one. */
  id: idSchema.optional(),
  firstName: requiredLine(ACCOUNT_MESSAGES.firstNameRequired, NAME_MAX),
  lastName: requiredLine(ACCOUNT_MESSAGES.lastNameRequired, NAME_MAX),
  company: optionalLine(100),
  address: requiredLine(ACCOUNT_MESSAGES.addressRequired, 200),
  address2: optionalLine(200),
  /** ISO 3166-1 alpha-2 code, one of the country list's (geoApi.countries). */
  country: z.string({ error: ACCOUNT_MESSAGES.countryRequired }).regex(/^[A-Z]{2}$/, ACCOUNT_MESSAGES.countryRequired),
  /** A state's code or name for countries that have states (checked by the server), else free text. */
  province: optionalLine(100),
  postalCode: optionalLine(20).refine((value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 -]{0,19}$/.test(value), ACCOUNT_MESSAGES.postalCodeInvalid),
  phoneCode: z.string({ error: ACCOUNT_MESSAGES.phoneCodeInvalid }).regex(/^\+[1-9][0-9]{0,3}$/, ACCOUNT_MESSAGES.phoneCodeInvalid),
  city: requiredLine(ACCOUNT_MESSAGES.cityRequired, 100),
  phone: z
    .string({ error: ACCOUNT_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.phoneRequired, abort: true })
    .regex(/^[0-9][0-9 ()-]{3,19}$/, ACCOUNT_MESSAGES.phoneInvalid),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.output<typeof addressInputSchema>;

export const saveAddressesRequestSchema = z
  .array(addressInputSchema, { error: 'expected an array of addresses' })
  .min(1, 'give at least one address')
  .max(20, 'at most 20 addresses at once');

export const idListRequestSchema = z.array(idSchema, { error: 'expected an array of ids' }).min(1, 'give at least one id').max(100);

/** `?id=12` on the GET endpoints: digits only, so "1e3", "-1" and "1 or 1=1" are refused. */
export const idQuerySchema = z.strictObject({
  id: z
    .string({ error: 'id is required' })
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive whole number')
    .transform(Number)
    .pipe(idSchema),
});

export interface AddressRecord extends PostalAddress {
  id: number;
  countryName: string;
  provinceName: string;
  isDefault: boolean;
}

// ---------- newsletter, wishlist, reviews ----------

export const subscribeRequestSchema = z.strictObject({ email: emailSchema });

export const WISHLIST_ACTIONS = ['add', 'remove'] as const;
export const wishlistRequestSchema = z.strictObject({
  productId: idSchema,
  action: z.enum(WISHLIST_ACTIONS, { error: 'action must be add or remove' }),
});
export const wishlistListRequestSchema = z.strictObject({ ...pageRequestShape });
export const wishlistStatusRequestSchema = z.strictObject({ productIds: z.array(idSchema).max(100) });

export const reviewRequestSchema = z.strictObject({
  productId: idSchema,
  rating: z.number({ error: ACCOUNT_MESSAGES.ratingInvalid }).int(ACCOUNT_MESSAGES.ratingInvalid).min(RATING_MIN, ACCOUNT_MESSAGES.ratingInvalid).max(RATING_MAX, ACCOUNT_MESSAGES.ratingInvalid),
  /** Stored and answered as text; pages show it escaped (docs/accounts-and-security.md, threat 21). */
  content: z
    .string({ error: ACCOUNT_MESSAGES.reviewRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.reviewRequired, abort: true })
    .max(REVIEW_MAX, fieldMessage('tooLong', { max: REVIEW_MAX }))
    .refine((value) => !CONTROL_EXCEPT_NEWLINES.test(value), ACCOUNT_MESSAGES.textInvalid),
});
export const reviewRemoveRequestSchema = z.strictObject({ id: idSchema });
