/**
 * Shopper accounts: the limits and messages of the forms (docs/accounts-and-security.md), roles,
 * birthdays, and the shapes the account endpoints answer. The request schemas are in
 * account.schema.ts.
 */
import { ACCOUNT_MESSAGES } from './field-messages.ts';
import { REVIEW_MAX } from './review.ts';
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
/**
 * What a mailed code proves the mailbox for: a password reset, or a sign-in without the password
 * (the login page's code-login module). Both follow the reset code's rules below.
 */
export const MAIL_CODE_PURPOSES = ['reset-password', 'login'] as const;
export type MailCodePurpose = (typeof MAIL_CODE_PURPOSES)[number];
/** Seconds a mailed code (reset or sign-in) lives, and the resend countdown the page shows. */
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
/** users.status: a disabled account cannot sign in (staff or shopper alike). */
export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** docs/accounts-and-security.md "Roles": a route without roles is open to every signed-in user; R_SUPER passes all. */
export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  if (required.length === 0 || userRoles.includes(ROLES.SUPER)) return true;
  return required.some((role) => userRoles.includes(role));
}
export const GENDERS = ['secrecy', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
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
export interface AddressRecord extends PostalAddress {
  id: number;
  countryName: string;
  provinceName: string;
  isDefault: boolean;
}
export const WISHLIST_ACTIONS = ['add', 'remove'] as const;
