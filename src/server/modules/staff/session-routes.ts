/**
 * Staff sessions' calls (docs/accounts-and-security.md "Staff sessions"): the caller's own (any
 * signed-in account: like signing out, they need no permission and write no audit row), and the
 * owner's view of a member's (staff:manage, audited).
 */
import { sessionsApi } from '../../../domain/api/admin/sessions.ts';
import { sessionEndRequestSchema, staffSessionEndRequestSchema, staffSessionsRequestSchema } from '../../../domain/back-office/sessions.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { notFound } from '../../errors.ts';
import type { Guards } from '../../http/auth.ts';
import { userOf } from '../../http/context.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { SessionService } from '../accounts/index.ts';
import type { StaffSessionsDesk } from './staff-sessions.ts';

export function sessionRoutes(deps: { sessions: SessionService; desk: StaffSessionsDesk }, guards: Guards) {
  const { sessions, desk } = deps;
  return contractRoutes({ tags: ['admin'] }, (route) => {
    route(sessionsApi.mine, {
      summary: "The caller's live sessions (device, address, sign-in, last use), the calling one marked current",
      preValidation: guards.requireUser,
      handler: async (request) => ok(await sessions.mine(userOf(request))),
    });
    route(sessionsApi.endMine, {
      summary: "End one of the caller's sessions: its tokens are refused from the next call on; the current one is signing out",
      preValidation: guards.requireUser,
      request: sessionEndRequestSchema,
      handler: async (request) => {
        if (!(await sessions.endMine(userOf(request), request.body.sessionId))) throw notFound('session');
        return ok(null);
      },
    });
    route(sessionsApi.endMyOthers, {
      summary: "End every session of the caller's but the calling one",
      preValidation: guards.requireUser,
      handler: async (request) => {
        const user = userOf(request);
        return ok({ ended: await sessions.revokeAll(user.userId, 'logout', user.sessionId) });
      },
    });
    const manage = staffCalls(route, guards.requirePermission(PERMISSIONS.STAFF_MANAGE));
    manage(sessionsApi.ofMember, "A staff member's live sessions", staffSessionsRequestSchema, ({ body }) => desk.of(body.userId));
    manage(sessionsApi.endMember, "End one of a staff member's sessions (audited): refused at its next call on every instance", staffSessionEndRequestSchema, ({ body, actor }) =>
      desk.endOne(actor, body.userId, body.sessionId),
    );
    manage(sessionsApi.endAllMember, "End every session of a staff member (audited)", staffSessionsRequestSchema, ({ body, actor }) => desk.endAll(actor, body.userId));
  });
}
