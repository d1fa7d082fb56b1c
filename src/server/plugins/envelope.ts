/**
 * The API's envelope {code, msg, data} for every answer, good or bad: request ids, error
 * mapping (validation, bad JSON, wrong content type, oversized bodies, unknown routes) and the
 * rule that a client never sees a stack trace, SQL or internal detail.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODES, REQUEST_ID_HEADER, type Envelope } from '../../domain/api.ts';
import { AppError, loggableError } from '../errors.ts';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Accepts the caller's request id when it is sane (for tracing across services), else makes one. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** A success envelope; `msg` carries the specification's wording where it has one ("Edit Success"). */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODES.SUCCESS, msg, data };
}

function failure(reply: FastifyReply, status: number, code: string, msg: string, data: unknown = null) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code, msg, data } satisfies Envelope<unknown>);
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string; code?: string; keys?: string[] } };
}

/** "body.quantity: quantity must be at least 1; body.userId: unknown field" */
function describeValidation(context: string, issues: ValidationIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const zodIssue = issue.params?.issue;
    const pathParts = zodIssue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const where = [context, ...pathParts.map(String)].join('.');
    if (zodIssue?.code === 'unrecognized_keys' && zodIssue.keys) return `${where}: unknown field ${zodIssue.keys.map((k) => `"${k}"`).join(', ')}`;
    return `${where}: ${zodIssue?.message ?? issue.message ?? 'invalid value'}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}

export interface EnvelopeOptions {
  apiPrefix: string;
  /** HTML shown for unknown page paths; unknown API paths always get the envelope. */
  notFoundPage: string | null;
  /** HTML for page paths that have no file but stand for a real page (e.g. a product added after the build). */
  pageFallback?: (path: string) => Promise<string | null>;
}

async function envelopePlugin(app: FastifyInstance, options: EnvelopeOptions) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return failure(reply, error.status, error.code, error.message, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return failure(reply, 400, CODES.INVALID_INPUT, describeValidation(error.validationContext ?? 'body', error.validation as ValidationIssue[]));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return failure(reply, 400, CODES.MALFORMED_JSON, 'Malformed JSON body');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return failure(reply, 415, CODES.UNSUPPORTED_MEDIA_TYPE, 'Unsupported content type: send application/json');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return failure(reply, 413, CODES.PAYLOAD_TOO_LARGE, 'Request body is too large');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return failure(reply, 400, CODES.INVALID_INPUT, 'Invalid Content-Length');
      default:
        break;
    }
    if (error.statusCode === 429) return failure(reply, 429, CODES.TOO_MANY_REQUESTS, 'Too many requests, please slow down');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad URL encoding, ...): their message names no internals.
      return failure(reply, error.statusCode, CODES.INVALID_INPUT, 'Invalid request');
    }
    // Never the raw error: a failed query's message holds its parameters (checklist item 35).
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return failure(reply, 500, CODES.INTERNAL, `An error occurred (request ${request.id})`);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = !path.startsWith(options.apiPrefix) && (request.method === 'GET' || request.method === 'HEAD');
    const fallback = isPage && options.pageFallback ? await options.pageFallback(path) : null;
    if (fallback) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fallback);
    if (options.notFoundPage && !path.startsWith(options.apiPrefix) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(options.notFoundPage);
    }
    return failure(reply, 404, CODES.NOT_FOUND, `No such endpoint: ${request.method} ${path}`);
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
