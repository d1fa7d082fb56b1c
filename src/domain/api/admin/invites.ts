/**
 * Staff invites (docs/back-office.md "Inviting staff"): the owner's invite, list, resend and revoke
 * (staff:manage), and the invitee's read and accept, open to anyone holding the mailed token.
 */
import type { z } from 'zod';
import type { acceptInviteRequestSchema, inviteIdRequestSchema, inviteRequestSchema, inviteTokenRequestSchema, joinInviteRequestSchema, InviteAccepted, InviteView, PendingInvite } from '../../back-office/invites.ts';
import { post, type NoRequest } from '../endpoint.ts';

export const invitesApi = {
  invite: post<z.input<typeof inviteRequestSchema>, PendingInvite>('/admin/invites/create'),
  pending: post<NoRequest, PendingInvite[]>('/admin/invites/pending'),
  /** A new link (the old one dies) and a new 72 hours. */
  resend: post<z.input<typeof inviteIdRequestSchema>, PendingInvite>('/admin/invites/resend'),
  revoke: post<z.input<typeof inviteIdRequestSchema>, null>('/admin/invites/revoke'),
  /** Open: what a live link invites to. */
  view: post<z.input<typeof inviteTokenRequestSchema>, InviteView>('/admin/invites/view'),
  /** Open: a new staff account with a name and password. */
  accept: post<z.input<typeof acceptInviteRequestSchema>, InviteAccepted>('/admin/invites/accept'),
  /** Open: the email's existing account joins the staff, proven by its password. */
  join: post<z.input<typeof joinInviteRequestSchema>, InviteAccepted>('/admin/invites/join'),
};
