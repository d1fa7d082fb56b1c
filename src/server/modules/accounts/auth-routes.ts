/**
 * Sign-in (by password or mailed code), token refresh, logout, registration and password reset. Token pairs are answered as
 * {token, refreshToken}.
 */
import type { FastifyRequest } from 'fastify';
import { codeLoginRequestSchema, loginRequestSchema, logoutRequestSchema, refreshRequestSchema, registerRequestSchema, resetPasswordRequestSchema, sendCodeRequestSchema } from '../../../domain/account.schema.ts';
import { accountsApi } from '../../../domain/api/accounts.ts';
import { loggableError } from '../../errors.ts';
import { bearerToken } from '../../http/auth.ts';
import { done, ok } from '../../http/envelope.ts';
import type { AccountService } from './accounts.ts';
import type { CartService } from '../cart/index.ts';
import type { SessionService, TokenPair } from './sessions.ts';
import { callerOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export function authRoutes(services: { accounts: AccountService; sessions: SessionService; cart: CartService }) {
  const { accounts, sessions, cart } = services;
  return contractRoutes({ tags: ['accounts'] }, (route) => {
    /** Answers a sign-in's token pair after merging the caller's guest cart (password and code alike). */
    const signedIn = async (request: FastifyRequest, { userId, ...pair }: TokenPair & { userId: number }) => {
      if (request.visitorId) {
        // The sign-in stands even if the merge fails: the guest lines are still there to retry.
        await cart.mergeGuestCart(request.visitorId, userId).catch((error: unknown) => request.log.error({ err: loggableError(error) }, 'guest cart merge failed'));
      }
      return ok(pair);
    };
    route(accountsApi.login, {
      summary: "Sign in with email (username) and password; merges the caller's guest cart",
      request: loginRequestSchema,
      handler: async (request) => signedIn(request, await accounts.login(request.body, callerOf(request))),
    });
    route(accountsApi.sendLoginCode, {
      summary: 'Mail a 6-digit sign-in code (10 minutes, 5 tries, single use; the same answer for any email); data.resendAfterSeconds is the countdown',
      request: sendCodeRequestSchema,
      handler: async (request) => ok(await accounts.sendLoginCode(request.body.email, callerOf(request)), 'account.codeSent'),
    });
    route(accountsApi.codeLogin, {
      summary: "Sign in with the mailed code instead of the password; the same token pair, and the caller's guest cart merged, as the password sign-in",
      request: codeLoginRequestSchema,
      handler: async (request) => signedIn(request, await accounts.loginWithCode(request.body, callerOf(request))),
    });
    route(accountsApi.refreshToken, {
      summary: 'Rotate a refresh token: the new pair replaces the stored one; a reused token ends the session (8889)',
      request: refreshRequestSchema,
      handler: async (request) => ok(await sessions.refresh(request.body.refreshToken)),
    });
    route(accountsApi.logout, {
      summary: "End the session of the bearer token (expired is fine) or of the body's refreshToken",
      request: logoutRequestSchema,
      handler: async (request) => done(sessions.logout(bearerToken(request) ?? null, request.body?.refreshToken ?? null)),
    });
    route(accountsApi.register, {
      summary: 'Register; the same answer for a new and a taken email, and nobody is signed in: the page then signs in with the same credentials',
      request: registerRequestSchema,
      handler: async (request) => done(accounts.register(request.body, callerOf(request)), 'account.registered'),
    });
    route(accountsApi.sendResetCode, {
      summary: 'Mail a 6-digit password reset code (the same answer for any email); data.resendAfterSeconds is the countdown',
      request: sendCodeRequestSchema,
      handler: async (request) => ok(await accounts.sendResetCode(request.body.email, callerOf(request)), 'account.codeSent'),
    });
    route(accountsApi.resetPassword, {
      summary: 'Set a new password with the mailed code; every session of the account ends',
      request: resetPasswordRequestSchema,
      handler: async (request) => done(accounts.resetPassword(request.body, callerOf(request)), 'account.resetSucceeded'),
    });
  });
}
