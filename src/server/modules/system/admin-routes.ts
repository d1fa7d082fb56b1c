/**
 * The back office's routes arrive later; this one proves the role guard: customers get 403
 * (code 1403), anonymous callers 401 (8888).
 */
import { ROLES } from '../../../domain/account.model.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export function adminRoutes(guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(adminStaffApi.ping, {
      summary: 'Answers admins and super admins only',
      preValidation: guards.requireRoles(ROLES.ADMIN),
      handler: async (request) => ok({ pong: true as const, roles: userOf(request).roles }),
    });
  });
}
