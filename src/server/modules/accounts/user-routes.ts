/** The signed-in shopper's own account: user info, profile, password. */
import type { FastifyInstance } from 'fastify';
import { changePasswordRequestSchema, profileRequestSchema } from '../../../domain/account.schema.ts';
import { accountsApi } from '../../../domain/api/accounts.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AccountService } from './accounts.ts';
import { callerOf, userOf } from '../../http/context.ts';
import { defineRoute } from '../../http/define-route.ts';

export function userRoutes(accounts: AccountService, guards: Guards) {
  return async function routes(app: FastifyInstance) {
    const tags = ['accounts'];
    app.addHook('preValidation', guards.requireUser);

    defineRoute(app, accountsApi.userInfo, {
      tags,
      summary: 'userId, userName, roles, buttons, email and names of the signed-in shopper',
      handler: async (request) => {
        const { gender: _g, birthday: _b, subscribe: _s, updateOrderEmail: _u, ...userInfo } = await accounts.profile(userOf(request).userId);
        return ok(userInfo);
      },
    });
    defineRoute(app, accountsApi.profile, {
      tags,
      summary: 'The profile: user info plus gender, birthday, newsletter and the unpaid-orders email choice',
      handler: async (request) => ok(await accounts.profile(userOf(request).userId)),
    });
    defineRoute(app, accountsApi.updateProfile, {
      tags,
      summary: 'Save the profile; a new email needs currentPassword',
      request: profileRequestSchema,
      handler: async (request) => ok(await accounts.updateProfile(userOf(request), request.body, callerOf(request)), 'account.editSucceeded'),
    });
    defineRoute(app, accountsApi.changePassword, {
      tags,
      summary: 'New password twice; the session is the proof; other sessions end',
      request: changePasswordRequestSchema,
      handler: async (request) => {
        await accounts.changePassword(userOf(request), request.body.password, callerOf(request));
        return ok(null, 'account.editSucceeded');
      },
    });
  };
}
