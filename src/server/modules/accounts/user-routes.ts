/** The signed-in shopper's own account: user info, profile, password. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordRequestSchema, profileRequestSchema } from '../../../domain/account.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AccountService } from './accounts.ts';
import { callerOf, userOf } from '../../http/context.ts';

export function userRoutes(accounts: AccountService, guards: Guards) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];
    app.addHook('preValidation', guards.requireUser);

    const info = async (request: Parameters<typeof userOf>[0]) => {
      const { gender: _g, birthday: _b, subscribe: _s, updateOrderEmail: _u, ...userInfo } = await accounts.profile(userOf(request).userId);
      return ok(userInfo);
    };
    r.get('/demo/ironUser/getUserInfo', { schema: { tags, summary: 'userId, userName, roles, buttons, email and names of the signed-in shopper' } }, info);
    r.get('/demo/ironUser/getUser', { schema: { tags, summary: 'The profile: user info plus gender, birthday, newsletter and the unpaid-orders email choice' } }, async (request) =>
      ok(await accounts.profile(userOf(request).userId)),
    );
    r.post(
      '/demo/ironUser/updateUser',
      { schema: { tags, summary: 'Save the profile; a new email needs currentPassword', body: profileRequestSchema } },
      async (request) => ok(await accounts.updateProfile(userOf(request), request.body, callerOf(request)), 'account.editSucceeded'),
    );
    r.post(
      '/demo/ironUser/updatePwd',
      { schema: { tags, summary: 'New password twice; the session is the proof; other sessions end', body: changePasswordRequestSchema } },
      async (request) => {
        await accounts.changePassword(userOf(request), request.body.password, callerOf(request));
        return ok(null, 'account.editSucceeded');
      },
    );
  };
}
