/**
 * Sign-in, token refresh, logout, registration and password reset (spec section 7 paths).
 * Token pairs are answered as the specification's login response {token, refreshToken}.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendCodeRequestSchema,
} from '../../../domain/account.ts';
import { loggableError } from '../../errors.ts';
import { bearerToken } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AccountService } from './accounts.ts';
import type { CartService } from '../cart/index.ts';
import type { SessionService } from './sessions.ts';
import { callerOf } from '../../http/context.ts';

export function authRoutes(services: { accounts: AccountService; sessions: SessionService; cart: CartService }) {
  const { accounts, sessions, cart } = services;
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    r.post(
      '/demo/permissionAuth/doLogin',
      { schema: { tags, summary: "Sign in with email (username) and password; merges the caller's guest cart", body: loginRequestSchema } },
      async (request) => {
        const { userId, ...pair } = await accounts.login(request.body, callerOf(request));
        if (request.visitorId) {
          // The sign-in stands even if the merge fails: the guest lines are still there to retry.
          await cart.mergeGuestCart(request.visitorId, userId).catch((error: unknown) => request.log.error({ err: loggableError(error) }, 'guest cart merge failed'));
        }
        return ok(pair);
      },
    );
    r.post(
      '/auth/refreshToken',
      { schema: { tags, summary: 'Rotate a refresh token: the new pair replaces the stored one; a reused token ends the session (8889)', body: refreshRequestSchema } },
      async (request) => ok(await sessions.refresh(request.body.refreshToken)),
    );
    r.post(
      '/demo/permissionAuth/logout',
      { schema: { tags, summary: "End the session of the bearer token (expired is fine) or of the body's refreshToken", body: logoutRequestSchema } },
      async (request) => {
        await sessions.logout(bearerToken(request) ?? null, request.body?.refreshToken ?? null);
        return ok(null);
      },
    );
    r.post(
      '/demo/ironUser/registerUser',
      {
        schema: {
          tags,
          summary: 'Register; the same answer for a new and a taken email, and nobody is signed in: the page then signs in with the same credentials',
          body: registerRequestSchema,
        },
      },
      async (request) => {
        await accounts.register(request.body, callerOf(request));
        return ok(null, 'account.registered');
      },
    );
    r.post(
      '/demo/mail/sendVerificationCode',
      { schema: { tags, summary: 'Mail a 6-digit password reset code (the same answer for any email); data.resendAfterSeconds is the countdown', body: sendCodeRequestSchema } },
      async (request) => ok(await accounts.sendResetCode(request.body.email, callerOf(request)), 'account.codeSent'),
    );
    r.post(
      '/demo/ironUser/resetPassword',
      { schema: { tags, summary: 'Set a new password with the mailed code; every session of the account ends', body: resetPasswordRequestSchema } },
      async (request) => {
        await accounts.resetPassword(request.body, callerOf(request));
        return ok(null, 'account.resetSucceeded');
      },
    );
  };
}
