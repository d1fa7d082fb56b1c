/** What routes read off a request, in one place. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../../domain/locale.ts';
import { ensureVisitorId } from '../plugins/visitor.ts';
import type { CartOwner } from '../services/cart.ts';

export function localeOf(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}

/** The cart's owner for a read: null when the caller has no cart yet. */
export function cartOwnerOf(request: FastifyRequest): CartOwner | null {
  return request.visitorId ? { visitorId: request.visitorId } : null;
}

/** The cart's owner for a write: a guest without a visitor id gets one. */
export function cartOwnerFor(request: FastifyRequest, reply: FastifyReply): CartOwner {
  return { visitorId: ensureVisitorId(request, reply) };
}
