/**
 * The shopper account endpoints (src/domain/api/accounts.ts). The request types are the zod
 * schemas' inputs from `domain/account.schema.ts`, which the pages validate with before calling; the
 * server checks again. The token refresh itself lives in `auth.ts`, which the page shell loads on
 * its own.
 */
import type { Profile, SendCodeAnswer, TokenPairAnswer, UserInfo } from '../domain/account.model.ts';
import { accountsApi } from '../domain/api/accounts.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import { call, type RequestOptions } from './http.ts';

export type LoginBody = RequestOf<typeof accountsApi.login>;
export type RegisterBody = RequestOf<typeof accountsApi.register>;
export type ProfileBody = RequestOf<typeof accountsApi.updateProfile>;
export type ChangePasswordBody = RequestOf<typeof accountsApi.changePassword>;
export type ResetPasswordBody = RequestOf<typeof accountsApi.resetPassword>;
export type CodeLoginBody = RequestOf<typeof accountsApi.codeLogin>;

/** `{username (the email), password}` → the token pair; the caller's guest cart is merged. */
export function doLogin(body: LoginBody, options?: RequestOptions): Promise<TokenPairAnswer> {
  return call(accountsApi.login, body, options);
}

/**
 * Ends the session on the server: the bearer token's, and the refresh token's, so a page whose
 * access token has lapsed still ends its session (the server takes an expired bearer here and
 * always answers success). Silent: the page signs out locally whatever the answer.
 */
export function logout(refreshToken: string | null, options?: RequestOptions): Promise<null> {
  return call(accountsApi.logout, refreshToken ? { refreshToken } : {}, { silent: true, ...options });
}

/** Creates the account (or mails the owner of a taken email); signs nobody in. */
export function registerUser(body: RegisterBody, options?: RequestOptions): Promise<null> {
  return call(accountsApi.register, body, options);
}

/** `{userId, userName, roles, buttons, email, firstName, lastName}` of the signed-in shopper. */
export function getUserInfo(options?: RequestOptions): Promise<UserInfo> {
  return call(accountsApi.userInfo, undefined, options);
}

/** The profile: user info plus gender, birthday, newsletter and the unpaid-orders email choice. */
export function getUser(options?: RequestOptions): Promise<Profile> {
  return call(accountsApi.profile, undefined, options);
}

/** Saves the profile (a new email needs `currentPassword`); answers the saved profile. */
export function updateUser(body: ProfileBody, options?: RequestOptions): Promise<Profile> {
  return call(accountsApi.updateProfile, body, options);
}

/** The new password twice; the current session stays, the others end. */
export function updatePwd(body: ChangePasswordBody, options?: RequestOptions): Promise<null> {
  return call(accountsApi.changePassword, body, options);
}

/** Mails a reset code (the same answer for any email); `resendAfterSeconds` is the countdown. */
export function sendVerificationCode(email: string, options?: RequestOptions): Promise<SendCodeAnswer> {
  return call(accountsApi.sendResetCode, { email }, options);
}

/** Sets a new password with the mailed code; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody, options?: RequestOptions): Promise<null> {
  return call(accountsApi.resetPassword, body, options);
}

/** Mails a sign-in code (the same answer for any email); `resendAfterSeconds` is the countdown. */
export function sendLoginCode(email: string, options?: RequestOptions): Promise<SendCodeAnswer> {
  return call(accountsApi.sendLoginCode, { email }, options);
}

/** `{email, code}` → the token pair, as `doLogin`; the caller's guest cart is merged. */
export function codeLogin(body: CodeLoginBody, options?: RequestOptions): Promise<TokenPairAnswer> {
  return call(accountsApi.codeLogin, body, options);
}
