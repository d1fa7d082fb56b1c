/**
 * The back office's routes arrive later; this one proves the role guard (checklist item 14):
 * customers get 403 (code 1403), anonymous callers 401 (8888).
 */
import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../../domain/account.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/context.ts';

export function adminRoutes(guards: Guards) {
  return async function routes(app: FastifyInstance) {
    app.get('/admin/ping', { preValidation: guards.requireRoles(ROLES.ADMIN), schema: { tags: ['admin'], summary: 'Answers admins and super admins only' } }, async (request) =>
      ok({ pong: true, roles: userOf(request).roles }),
    );
  };
}
