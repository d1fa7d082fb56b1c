/**
 * Shopper accounts: the zod schemas the forms and the API validate with, for registration, sign-in,
 * password reset, profile, addresses, newsletter, wishlist and reviews. The pages validate with
 * these before calling; the server validates again, and is the authority. Limits, roles and
 * answers' shapes are in account.model.ts.
 *
 * Every request schema is strict: an unknown field (`userId`, `roles`, `status`...) is refused,
 * not ignored (docs/accounts-and-security.md, threat 15).
 */
import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import { ACCOUNT_MESSAGES, fieldMessage } from './field-messages.ts';
import { idSchema, pageRequestShape } from './catalogue.schema.ts';
import { RATING_MAX, RATING_MIN, REVIEW_MAX } from './review.ts';
import { EMAIL_MAX, GENDERS, LOGIN_PASSWORD_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, RESET_CODE_PATTERN, WISHLIST_ACTIONS, isCalendarDate } from './account.model.ts';

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
export const newPasswordFields = {
  password: newPasswordSchema(ACCOUNT_MESSAGES.newPasswordRequired),
  confirmPassword: confirmationSchema,
};
/** The confirmation repeats the new password; the reset and change forms word the mismatch differently. */
export function confirmsNewPassword(inconsistent: string) {
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
/** Sign-in by mailed code (the login page's code-login module): the email and its 6-digit code. */
export const codeLoginRequestSchema = z.strictObject({ email: emailSchema, code: resetCodeSchema });
export type CodeLoginRequest = z.output<typeof codeLoginRequestSchema>;
/** Change password: the current session is the proof (the specification's form has no current-password field). */
export const changePasswordRequestSchema = z.strictObject(newPasswordFields).check(confirmsNewPassword(ACCOUNT_MESSAGES.changePasswordsInconsistent));
export type ChangePasswordRequest = z.output<typeof changePasswordRequestSchema>;
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
// ---------- newsletter, wishlist, reviews ----------

export const subscribeRequestSchema = z.strictObject({ email: emailSchema });
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
