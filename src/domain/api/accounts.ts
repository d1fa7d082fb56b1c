/** Sign-in (password or mailed code), sessions, registration, password reset and the signed-in shopper's own account. */
import type { z } from 'zod';
import type { Profile, SendCodeAnswer, TokenPairAnswer, UserInfo } from '../account.model.ts';
import type { changePasswordRequestSchema, codeLoginRequestSchema, loginRequestSchema, logoutRequestSchema, profileRequestSchema, refreshRequestSchema, registerRequestSchema, resetPasswordRequestSchema, sendCodeRequestSchema } from '../account.schema.ts';
import { get, post, type NoRequest } from './endpoint.ts';

export const accountsApi = {
  /** Merges the caller's guest cart into the account's. */
  login: post<z.input<typeof loginRequestSchema>, TokenPairAnswer>('/demo/permissionAuth/doLogin'),
  refreshToken: post<z.input<typeof refreshRequestSchema>, TokenPairAnswer>('/auth/refreshToken'),
  logout: post<z.input<typeof logoutRequestSchema>, null>('/demo/permissionAuth/logout'),
  register: post<z.input<typeof registerRequestSchema>, null>('/demo/ironUser/registerUser'),
  sendResetCode: post<z.input<typeof sendCodeRequestSchema>, SendCodeAnswer>('/demo/mail/sendVerificationCode'),
  resetPassword: post<z.input<typeof resetPasswordRequestSchema>, null>('/demo/ironUser/resetPassword'),
  /** Mails a sign-in code under the reset code's rules (the same answer for any email). */
  sendLoginCode: post<z.input<typeof sendCodeRequestSchema>, SendCodeAnswer>('/demo/mail/sendLoginCode'),
  /** Signs in with the mailed code: the same token pair and guest-cart merge as `login`. */
  codeLogin: post<z.input<typeof codeLoginRequestSchema>, TokenPairAnswer>('/demo/permissionAuth/codeLogin'),
  userInfo: get<NoRequest, UserInfo>('/demo/ironUser/getUserInfo'),
  profile: get<NoRequest, Profile>('/demo/ironUser/getUser'),
  updateProfile: post<z.input<typeof profileRequestSchema>, Profile>('/demo/ironUser/updateUser'),
  changePassword: post<z.input<typeof changePasswordRequestSchema>, null>('/demo/ironUser/updatePwd'),
};
