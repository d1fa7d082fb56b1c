/** What routes read off a request, in one place. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_CODES } from '../../domain/api/envelope.ts';
import { pickLocale, type Locale } from '../../domain/locale.ts';
import { sessionFailure } from '../errors.ts';
import { ensureVisitorId } from './visitor.ts';
import { memoByText } from './text-memo.ts';
import type { StaffCaller } from '../../domain/back-office/staff.model.ts';
import type { Actor, AuthUser, Caller, CartOwner } from './caller.ts';

const localeOfHeader = memoByText(pickLocale);

export function localeOf(request: FastifyRequest): Locale {
  return localeOfHeader(request.headers['accept-language']);
}

/** The caller's address (for throttling; behind a proxy only with TRUST_PROXY) and language. */
export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, locale: localeOf(request), userAgent: request.headers['user-agent'] };
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw sessionFailure(SESSION_CODES.INVALID_TOKEN, 'session.loginRequired');
  return request.user;
}

/** The staff member making a back-office write (a route guarded by requirePermission or requireRoles). */
export function actorOf(request: FastifyRequest): Actor {
  const user = userOf(request);
  return { id: user.userId, email: user.email };
}

/** The staff member calling, whole: who the audit row names and the codes they hold (roles and grants). */
export function staffOf(request: FastifyRequest): StaffCaller & { actor: Actor } {
  const user = userOf(request);
  return { actor: { id: user.userId, email: user.email }, codes: user.codes };
}

/**
 * The cart's owner for a read: the signed-in user (routes guard with optionalUser), else the
 * guest's visitor id, else null when the caller has no cart yet.
 */
export function cartOwnerOf(request: FastifyRequest): CartOwner | null {
  if (request.user) return { userId: request.user.userId };
  return request.visitorId ? { visitorId: request.visitorId } : null;
}

/** The cart's owner for a write: a guest without a visitor id gets one. */
export function cartOwnerFor(request: FastifyRequest, reply: FastifyReply): CartOwner {
  if (request.user) return { userId: request.user.userId };
  return { visitorId: ensureVisitorId(request, reply) };
}
