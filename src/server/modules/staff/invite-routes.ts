/**
 * Staff invites' calls (docs/back-office.md "Inviting staff"): the owner's invite, list, resend and
 * revoke (staff:manage, audited), and the invitee's read and accept, open to whoever holds the
 * mailed token and throttled per address.
 */
import { invitesApi } from '../../../domain/api/admin/invites.ts';
import { acceptInviteRequestSchema, inviteIdRequestSchema, inviteRequestSchema, inviteTokenRequestSchema, joinInviteRequestSchema } from '../../../domain/back-office/invites.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { callerOf } from '../../http/context.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { StaffInvites } from './invites.ts';

export function inviteRoutes(invites: StaffInvites, guards: Guards) {
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const manage = staffCalls(route, guards.requirePermission(PERMISSIONS.STAFF_MANAGE));
    manage(invitesApi.invite, 'Mail a staff invite: a link for 72 hours, single use; refused for staff already and for an email invited already (resend that)', inviteRequestSchema, ({ body, actor, locale }) =>
      invites.invite(actor, body, locale),
    );
    manage(invitesApi.pending, 'Invites neither accepted nor revoked, expired ones included', undefined, () => invites.pending());
    manage(invitesApi.resend, 'Mail a pending invite again: a new link (the old one dies) and a new 72 hours', inviteIdRequestSchema, ({ body, actor }) => invites.resend(actor, body.id));
    manage(invitesApi.revoke, 'Withdraw a pending invite: its link dies', inviteIdRequestSchema, async ({ body, actor }) => {
      await invites.revoke(actor, body.id);
      return null;
    });
    route(invitesApi.view, {
      summary: 'What a live invite link invites to (email, shop, role, expiry, whether the email has an account); a dead link gets one answer',
      request: inviteTokenRequestSchema,
      handler: async (request) => ok(await invites.view(request.body.token, callerOf(request))),
    });
    route(invitesApi.accept, {
      summary: 'Accept an invite with a name and a password: a new staff account; the page then signs in',
      request: acceptInviteRequestSchema,
      handler: async (request) => ok(await invites.accept(request.body, callerOf(request))),
    });
    route(invitesApi.join, {
      summary: "Accept an invite with the email's existing account, proven by its password; the account takes the invite's role",
      request: joinInviteRequestSchema,
      handler: async (request) => ok(await invites.join(request.body, callerOf(request))),
    });
  });
}
