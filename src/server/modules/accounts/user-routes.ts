/** The signed-in shopper's own account: user info, profile, password. */
import { changePasswordRequestSchema, profileRequestSchema } from '../../../domain/account.schema.ts';
import { accountsApi } from '../../../domain/api/accounts.ts';
import type { Guards } from '../../http/auth.ts';
import { done, ok } from '../../http/envelope.ts';
import type { AccountService } from './accounts.ts';
import { callerOf, userOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export function userRoutes(accounts: AccountService, guards: Guards) {
  return contractRoutes({ tags: ['accounts'], guard: guards.requireUser }, (route) => {
    route(accountsApi.userInfo, {
      summary: 'userId, userName, roles, buttons, email and names of the signed-in shopper',
      handler: async (request) => {
        const { gender: _g, birthday: _b, subscribe: _s, updateOrderEmail: _u, ...userInfo } = await accounts.profile(userOf(request));
        return ok(userInfo);
      },
    });
    route(accountsApi.profile, {
      summary: 'The profile: user info plus gender, birthday, newsletter and the unpaid-orders email choice',
      handler: async (request) => ok(await accounts.profile(userOf(request))),
    });
    route(accountsApi.updateProfile, {
      summary: 'Save the profile; a new email needs currentPassword',
      request: profileRequestSchema,
      handler: async (request) => ok(await accounts.updateProfile(userOf(request), request.body, callerOf(request)), 'account.editSucceeded'),
    });
    route(accountsApi.changePassword, {
      summary: 'New password twice; the session is the proof; other sessions end',
      request: changePasswordRequestSchema,
      handler: async (request) => done(accounts.changePassword(userOf(request), request.body.password, callerOf(request)), 'account.editSucceeded'),
    });
  });
}
