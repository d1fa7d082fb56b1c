/**
 * Guest identity: the X-Visitor-Id cookie (or header) names a guest's cart. It is 128 random
 * bits, so guessing another guest's id is hopeless.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_ID_COOKIE, VISITOR_ID_HEADER, VISITOR_ID_MAX_AGE_SECONDS, VISITOR_ID_PATTERN } from '../../domain/api/envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's valid visitor id, or null when none was sent. */
    visitorId: string | null;
  }
}

export function newVisitorId(): string {
  return randomBytes(16).toString('hex');
}

function readVisitorId(request: FastifyRequest): string | null {
  const header = request.headers[VISITOR_ID_HEADER];
  const candidate = (typeof header === 'string' ? header : undefined) ?? request.cookies?.[VISITOR_ID_COOKIE];
  return candidate && VISITOR_ID_PATTERN.test(candidate) ? candidate : null;
}

/** Returns the caller's visitor id, issuing one (cookie and header) when a write needs it. */
export function ensureVisitorId(request: FastifyRequest, reply: FastifyReply): string {
  if (request.visitorId) return request.visitorId;
  const id = newVisitorId();
  request.visitorId = id;
  reply.setCookie(VISITOR_ID_COOKIE, id, {
    path: '/',
    maxAge: VISITOR_ID_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  reply.header(VISITOR_ID_HEADER, id);
  return id;
}

/** The request's visitor id once read (undefined until then). */
const kVisitorId = Symbol('visitor id');
type Visiting = FastifyRequest & { [kVisitorId]: string | null | undefined };

async function visitorPlugin(app: FastifyInstance) {
  // Read on first use rather than by a hook on every request: only cart, checkout and order
  // routes ask, and a hook costs every other answer too (docs/performance.md "The read path").
  app.decorateRequest(kVisitorId as never, undefined as never);
  app.decorateRequest('visitorId', {
    getter(this: FastifyRequest) {
      const request = this as Visiting;
      if (request[kVisitorId] === undefined) request[kVisitorId] = readVisitorId(request);
      return request[kVisitorId];
    },
    setter(this: FastifyRequest, id: string | null) {
      (this as Visiting)[kVisitorId] = id;
    },
  });
}

export default fp(visitorPlugin, { name: 'visitor', dependencies: ['@fastify/cookie'] });
