/**
 * The API's envelope {code, msg, data} for every answer, good or bad: request ids, error
 * mapping (validation, bad JSON, wrong content type, oversized bodies, unknown routes) and the
 * rule that a client never sees a stack trace, SQL or internal detail.
 *
 * Failures, and the successes that say something ("Edit Success"), are worded in the request's
 * language (Accept-Language, en-US unless it asks for zh-CN) from the server's messages
 * (src/server/messages), with `Vary: Accept-Language`.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODES, REQUEST_ID_HEADER, type Envelope } from '../../domain/api/envelope.ts';
import { CACHE_CONTROL } from '../../domain/site-routes.ts';
import { AppError, invalidFields, loggableError, type FieldProblem } from '../errors.ts';
import { msg, render, type PlainMessageId, type Said } from '../messages/index.ts';
import { localeOf } from './context.ts';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Accepts the caller's request id when it is sane (for tracing across services), else makes one. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** A success envelope's message id, kept beside its English text until the answer is worded for its request. */
const SAYS = Symbol('envelope message');

/**
 * A success envelope. `said` is a message where the specification words the success ("Edit
 * Success"): the answer then says it in the request's language; otherwise msg is "success".
 */
export function ok<T>(data: T, said?: PlainMessageId): Envelope<T> {
  const envelope: Envelope<T> = { code: CODES.SUCCESS, msg: said ? render(said) : 'success', data };
  // Not enumerable: the serialiser never sees it.
  if (said) Object.defineProperty(envelope, SAYS, { value: said });
  return envelope;
}

/** The success envelope of an action that answers no data, once the action is done. */
export async function done(action: Promise<unknown>, said?: PlainMessageId): Promise<Envelope<null>> {
  await action;
  return ok(null, said);
}

/** Adds a header name to Vary, keeping what other plugins (compression, CORS) put there. */
function varyOn(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' ? current.split(',').map((part) => part.trim()).filter(Boolean) : [];
  if (names.includes('*') || names.some((part) => part.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names, name].join(', '));
}

function failure(request: FastifyRequest, reply: FastifyReply, status: number, code: string, said: Said) {
  return sendFailure(reply, status, code, render(said, localeOf(request)), null);
}

function sendFailure(reply: FastifyReply, status: number, code: string, text: string, data: unknown) {
  varyOn(reply, 'Accept-Language');
  return reply.code(status).type('application/json; charset=utf-8').send({ code, msg: text, data } satisfies Envelope<unknown>);
}

/** A zod issue as fastify-type-provider-zod hands it over: the code as `keyword`, the rest of it in `params`. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: unknown };
}

/**
 * A schema failure's problems by field path, at most five: `body.quantity` with the schema's
 * text, or unknown fields. Rendered like any field failure ("Invalid request: body.quantity:
 * quantity must be at least 1; body: Unrecognized key: "userId"").
 */
function validationIssues(context: string, issues: ValidationIssue[]): FieldProblem[] {
  return issues.slice(0, 5).map((issue) => {
    const path = [context, ...(issue.instancePath?.split('/').filter(Boolean) ?? [])].join('.');
    const keys = issue.params?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return { path, problem: msg('request.unknownKeys', { count: keys.length, keys: keys.map((k) => `"${String(k)}"`).join(', ') }) };
    }
    return issue.message ? { path, schemaText: issue.message } : { path, problem: msg('request.invalidValue') };
  });
}

export interface EnvelopeOptions {
  apiPrefix: string;
  /** The HTML shown for an unknown page path (src/server/http/site.ts `notFoundPages`); unknown API paths always get the envelope. */
  notFoundPage: ((path: string) => Promise<string | null>) | null;
  /** HTML for page paths that have no file but stand for a real page (e.g. a product added after the build). */
  pageFallback?: (path: string) => Promise<string | null>;
}

async function envelopePlugin(app: FastifyInstance, options: EnvelopeOptions) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = hasZodFastifySchemaValidationErrors(error) ? invalidFields(...validationIssues(error.validationContext ?? 'body', error.validation as ValidationIssue[])) : error;
    if (known instanceof AppError) {
      for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
      const locale = localeOf(request);
      return sendFailure(reply, known.status, known.code, known.messageIn(locale), known.dataIn(locale));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return failure(request, reply, 400, CODES.MALFORMED_JSON, 'request.malformedJson');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return failure(request, reply, 415, CODES.UNSUPPORTED_MEDIA_TYPE, 'request.unsupportedMediaType');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return failure(request, reply, 413, CODES.PAYLOAD_TOO_LARGE, 'request.tooLarge');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return failure(request, reply, 400, CODES.INVALID_INPUT, 'request.badContentLength');
      default:
        break;
    }
    if (error.statusCode === 429) return failure(request, reply, 429, CODES.TOO_MANY_REQUESTS, 'request.tooMany');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad URL encoding, ...): their message names no internals.
      return failure(request, reply, error.statusCode, CODES.INVALID_INPUT, 'request.invalid');
    }
    // Never the raw error: a failed query's message holds its parameters.
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return failure(request, reply, 500, CODES.INTERNAL, msg('request.internal', { requestId: request.id }));
  });

  // A success that says something ("Edit Success") says it in the request's language.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object' || !(SAYS in payload)) return payload;
    varyOn(reply, 'Accept-Language');
    return { ...payload, msg: render((payload as { [SAYS]: PlainMessageId })[SAYS], localeOf(request)) };
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = !path.startsWith(options.apiPrefix) && (request.method === 'GET' || request.method === 'HEAD');
    const fallback = isPage && options.pageFallback ? await options.pageFallback(path) : null;
    if (fallback) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', CACHE_CONTROL.shell).send(fallback);
    const notFound = isPage && options.notFoundPage ? await options.notFoundPage(path) : null;
    if (notFound) return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(notFound);
    return failure(request, reply, 404, CODES.NOT_FOUND, msg('request.noEndpoint', { method: request.method, path }));
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
