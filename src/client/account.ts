/**
 * The shopper account endpoints (spec section 7; bodies as README "Accounts and security" and
 * `src/server/routes/{auth,users}.ts` take them). The request types are the zod schemas' inputs
 * from `domain/account.ts`, which the pages validate with before calling; the server checks
 * again. The token refresh itself lives in `auth.ts`, which the page shell loads on its own.
 */
import type { z } from 'zod';
import type {
  Profile,
  SendCodeAnswer,
  TokenPairAnswer,
  UserInfo,
  changePasswordRequestSchema,
  loginRequestSchema,
  profileRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../domain/account.ts';
import { get, post, type RequestOptions } from './http.ts';

export type LoginBody = z.input<typeof loginRequestSchema>;
export type RegisterBody = z.input<typeof registerRequestSchema>;
export type ProfileBody = z.input<typeof profileRequestSchema>;
export type ChangePasswordBody = z.input<typeof changePasswordRequestSchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordRequestSchema>;

/** `{username (the email), password}` → the token pair; the caller's guest cart is merged. */
export function doLogin(body: LoginBody, options?: RequestOptions): Promise<TokenPairAnswer> {
  return post('/demo/permissionAuth/doLogin', body, options);
}

/**
 * Ends the session on the server: the bearer token's, and the refresh token's, so a page whose
 * access token has lapsed still ends its session (the server takes an expired bearer here and
 * always answers success). Silent: the page signs out locally whatever the answer.
 */
export function logout(refreshToken: string | null, options?: RequestOptions): Promise<null> {
  return post('/demo/permissionAuth/logout', refreshToken ? { refreshToken } : {}, { silent: true, ...options });
}

/** Creates the account (or mails the owner of a taken email); signs nobody in. */
export function registerUser(body: RegisterBody, options?: RequestOptions): Promise<null> {
  return post('/demo/ironUser/registerUser', body, options);
}

/** `{userId, userName, roles, buttons, email, firstName, lastName}` of the signed-in shopper. */
export function getUserInfo(options?: RequestOptions): Promise<UserInfo> {
  return get('/demo/ironUser/getUserInfo', options);
}

/** The profile: user info plus gender, birthday, newsletter and the unpaid-orders email choice. */
export function getUser(options?: RequestOptions): Promise<Profile> {
  return get('/demo/ironUser/getUser', options);
}

/** Saves the profile (a new email needs `currentPassword`); answers the saved profile. */
export function updateUser(body: ProfileBody, options?: RequestOptions): Promise<Profile> {
  return post('/demo/ironUser/updateUser', body, options);
}

/** The new password twice; the current session stays, the others end. */
export function updatePwd(body: ChangePasswordBody, options?: RequestOptions): Promise<null> {
  return post('/demo/ironUser/updatePwd', body, options);
}

/** Mails a reset code (the same answer for any email); `resendAfterSeconds` is the countdown. */
export function sendVerificationCode(email: string, options?: RequestOptions): Promise<SendCodeAnswer> {
  return post('/demo/mail/sendVerificationCode', { email }, options);
}

/** Sets a new password with the mailed code; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody, options?: RequestOptions): Promise<null> {
  return post('/demo/ironUser/resetPassword', body, options);
}
