/**
 * Read requests whose bodies repeat (the catalogue's: a product id, a search query, a page of a
 * listing), parsed and validated once per body text instead of on every request: JSON parsing
 * and the zod check were a measurable share of a cached answer's time (docs/performance.md "The
 * read path"). Only a body that passed both is kept, so a bad body is refused every time exactly
 * as before (the same parser's errors, the same validation envelope); a kept body was validated
 * by this route's schema when its text was first seen. Kept bodies are frozen, all the way down:
 * every request with that text shares the object, so a handler that tried to change it would
 * throw instead of changing the next request's body.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { memoByText } from './text-memo.ts';

/** Longer bodies are parsed and checked on every request (and never held in memory). */
const MAX_KEPT_TEXT = 512;
/** Distinct body texts kept per context (and validated bodies per route), at most. */
const MAX_KEPT = 2_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

type Validation = { value: unknown } | { error: Error };

/**
 * The zod validator (app.ts's), remembering each route's answer for a body object the parser
 * below kept: the same object comes back for the same text, so the answer is the same.
 */
const rememberingValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as never) as (data: unknown) => Validation;
  if (route.httpPart !== 'body') return validate;
  let checked = new WeakMap<object, Validation>();
  let size = 0;
  return (data: unknown): Validation => {
    if (data === null || typeof data !== 'object' || !keptBodies.has(data)) return validate(data);
    let answer = checked.get(data);
    if (answer === undefined) {
      answer = validate(data);
      if (!('value' in answer)) return answer;
      deepFreeze(answer.value);
      if (++size > MAX_KEPT) {
        checked = new WeakMap();
        size = 1;
      }
      checked.set(data, answer);
    }
    return answer;
  };
};

/** Bodies the parser handed out from its memo (only those are the same object for the same text). */
const keptBodies = new WeakSet<object>();

/**
 * Makes JSON bodies of the routes of `app`'s context (a plugin of its own: the parser and the
 * validator apply there only) parsed and validated once per text. Call before adding its routes.
 */
export function parseRepeatedBodiesOnce(app: FastifyInstance): void {
  // Fastify's own parser, with its prototype-poisoning checks and errors.
  const parse = app.getDefaultJsonParser('error', 'error') as (request: unknown, text: string, done: (error: Error | null, body?: unknown) => void) => void;
  const failed = Symbol('not kept');
  const parseOnce = memoByText((text: string): object | typeof failed => {
    let kept: object | typeof failed = failed;
    parse(null, text, (error, body) => {
      if (error === null && body !== null && typeof body === 'object') kept = deepFreeze(body);
    });
    if (kept !== failed) keptBodies.add(kept);
    return kept;
  }, MAX_KEPT);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const body = (text as string).length > MAX_KEPT_TEXT ? failed : parseOnce(text as string);
    // What was not kept (an error, a long body, a bare number) is parsed again, with an error of its own.
    if (body === failed) parse(request, text as string, done);
    else done(null, body);
  });
  app.setValidatorCompiler(rememberingValidator);
}
