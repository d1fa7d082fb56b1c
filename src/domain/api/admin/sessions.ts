/**
 * Staff sessions (docs/accounts-and-security.md "Staff sessions"): the caller's own, and the
 * owner's view of a member's (staff:manage).
 */
import type { z } from 'zod';
import type { SessionInfo, SessionsEnded, sessionEndRequestSchema, staffSessionEndRequestSchema, staffSessionsRequestSchema } from '../../back-office/sessions.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const sessionsApi = {
  /** The caller's live sessions, the calling one marked `current`. */
  mine: get<NoRequest, SessionInfo[]>('/admin/sessions/mine'),
  /** Ends one of the caller's sessions; the current one is signing out. */
  endMine: post<z.input<typeof sessionEndRequestSchema>, null>('/admin/sessions/end'),
  endMyOthers: post<NoRequest, SessionsEnded>('/admin/sessions/endOthers'),
  ofMember: post<z.input<typeof staffSessionsRequestSchema>, SessionInfo[]>('/admin/staff/sessions'),
  endMember: post<z.input<typeof staffSessionEndRequestSchema>, SessionsEnded>('/admin/staff/endSession'),
  endAllMember: post<z.input<typeof staffSessionsRequestSchema>, SessionsEnded>('/admin/staff/endSessions'),
};
