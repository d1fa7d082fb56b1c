/**
 * The account pages' actions: sign in with a password or a mailed code (docs/storefront.md "Page states": store the token pair, then
 * load the user info; if that fails the session is reset), register and sign in, sign out, the
 * profile, the password change and the reset by emailed code. Islands call these and never the HTTP
 * layer.
 *
 * Calls go out `silent`: the forms show their own message beside the fields, in the page's
 * language, rather than an error toast. Session codes are still handled (an expired token is
 * refreshed once and the call retried): `http-ready.ts` installs the code handling even when an
 * island calls before the page shell's script has run.
 */
import {
  codeLogin,
  doLogin,
  getUser,
  getUserInfo,
  logout,
  registerUser,
  resetPassword as resetPasswordCall,
  sendLoginCode as sendLoginCodeCall,
  sendVerificationCode,
  updatePwd,
  updateUser,
  type ChangePasswordBody,
  type ProfileBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '../client/account.ts';
import { isApiError, isUnreachable, type ApiError } from '../client/errors.ts';
import type { Profile, SendCodeAnswer, TokenPairAnswer, UserInfo } from '../domain/account.model.ts';
import { CODES, classifyCode, fieldIssuesOf, type FieldIssue } from '../domain/api/envelope.ts';
import './http-ready.ts';
import { resetSession, setSession, setUserRoles, storedRefreshToken } from './session.ts';

/** docs/storefront.md "Constants": the login notification stays this long. */
export const LOGIN_NOTICE_MS = 4500;

/**
 * Why an action failed, as the forms tell it: the credentials or code were refused (1401), too
 * many tries (1429), the email is in use (1409), the input was refused (1001, with the server's
 * field messages in `issues`), the shop could not be reached, the session ended (the page shell
 * has reset it; the route guard takes over), or anything else.
 */
export type FailureKind = 'rejected' | 'throttled' | 'conflict' | 'invalid' | 'unreachable' | 'signed-out' | 'other';

export interface AccountFailure {
  kind: FailureKind;
  /** The server's message (in the page's language), for what the form has no words of its own. */
  message: string;
  /** A 1001's refused fields, with the server's messages. */
  issues: FieldIssue[];
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: AccountFailure };

export function failureOf(error: ApiError): AccountFailure {
  const failure = (kind: FailureKind): AccountFailure => ({ kind, message: error.msg, issues: kind === 'invalid' ? fieldIssuesOf(error.data) : [] });
  if (isUnreachable(error)) return failure('unreachable');
  if (classifyCode(error.code) !== 'failure') return failure('signed-out');
  switch (error.code) {
    case CODES.CREDENTIALS_REJECTED:
      return failure('rejected');
    case CODES.TOO_MANY_REQUESTS:
      return failure('throttled');
    case CODES.CONFLICT:
      return failure('conflict');
    case CODES.INVALID_INPUT:
      return failure('invalid');
    default:
      return failure('other');
  }
}

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (isApiError(error)) return { ok: false, failure: failureOf(error) };
    throw error;
  }
}

const quiet = { silent: true } as const;

/**
 * Signs in: stores the token pair, then loads the user info and records the roles. If the user
 * info cannot be loaded the session is reset again (docs/storefront.md "Page states"), so a half
 * sign-in never stays behind.
 */
async function openSession(pairCall: () => Promise<TokenPairAnswer>): Promise<Outcome<UserInfo>> {
  const pair = await attempt(pairCall);
  if (!pair.ok) return pair;
  setSession(pair.value);
  const user = await attempt(() => getUserInfo(quiet));
  if (!user.ok) {
    resetSession();
    return user;
  }
  setUserRoles(user.value.roles);
  return user;
}

/** Signs in with email and password. */
export function signIn(email: string, password: string): Promise<Outcome<UserInfo>> {
  return openSession(() => doLogin({ username: email, password }, quiet));
}

/** Signs in with email and the code mailed by {@link sendLoginCode}. */
export function signInWithCode(email: string, code: string): Promise<Outcome<UserInfo>> {
  return openSession(() => codeLogin({ email, code }, quiet));
}

export function sendLoginCode(email: string): Promise<Outcome<SendCodeAnswer>> {
  return attempt(() => sendLoginCodeCall(email, quiet));
}

/**
 * Registers, then signs in with the same email and password: the server signs nobody in on
 * registration and answers a taken email like a new one, so a refused sign-in here means the
 * email already had an account (kind `conflict`: its owner has been mailed).
 */
export async function registerAndSignIn(body: RegisterBody): Promise<Outcome<UserInfo>> {
  const registered = await attempt(() => registerUser(body, quiet));
  if (!registered.ok) return registered;
  const signedIn = await signIn(body.email, body.password);
  if (!signedIn.ok && signedIn.failure.kind === 'rejected') return { ok: false, failure: { ...signedIn.failure, kind: 'conflict' } };
  return signedIn;
}

/** Ends the session on the server (whatever it answers) and here; other tabs follow through storage. */
export async function signOut(): Promise<void> {
  await logout(storedRefreshToken()).catch(() => {
    // Signed out here all the same; the server's session then simply runs out.
  });
  resetSession();
}

/** The user info of the signed-in shopper; records the roles. */
export async function loadUserInfo(): Promise<Outcome<UserInfo>> {
  const user = await attempt(() => getUserInfo(quiet));
  if (user.ok) setUserRoles(user.value.roles);
  return user;
}

export async function loadProfile(): Promise<Outcome<Profile>> {
  const profile = await attempt(() => getUser(quiet));
  if (profile.ok) setUserRoles(profile.value.roles);
  return profile;
}

export function saveProfile(body: ProfileBody): Promise<Outcome<Profile>> {
  return attempt(() => updateUser(body, quiet));
}

export function changePassword(body: ChangePasswordBody): Promise<Outcome<null>> {
  return attempt(() => updatePwd(body, quiet));
}

export function sendResetCode(email: string): Promise<Outcome<SendCodeAnswer>> {
  return attempt(() => sendVerificationCode(email, quiet));
}

/**
 * Sets a new password with the mailed code. The server ends every session of the account, so a
 * session kept in this browser is dropped too: it could only fail from now on.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<Outcome<null>> {
  const done = await attempt(() => resetPasswordCall(body, quiet));
  if (done.ok) resetSession();
  return done;
}
