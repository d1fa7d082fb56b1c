/**
 * Registers a route from its contract entry (src/domain/api/): the entry gives the method and the
 * path, the route gives the zod schema the server validates with, which is also what the OpenAPI
 * document at /api/docs is generated from. The schema's input type must be the entry's request
 * type, and the handler must answer the entry's answer type: a route that drifts from the
 * contract the browser calls with does not compile.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, preValidationHookHandler, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { Envelope } from '../../domain/api/envelope.ts';
import type { AnswerOf, Endpoint, NoRequest, RequestOf } from '../../domain/api/endpoint.ts';
import type { Permission, StaffCaller } from '../../domain/back-office/staff.model.ts';
import type { Locale } from '../../domain/locale.ts';
import type { Guard, Guards, PermissionGuard } from './auth.ts';
import type { Actor } from './caller.ts';
import { localeOf, staffOf } from './context.ts';
import { ok } from './envelope.ts';
import { parseRepeatedBodiesOnce } from './repeated-bodies.ts';

type Schema = z.ZodType;

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type Parsed<S> = S extends Schema ? z.output<S> : unknown;

/** The request as the handler sees it: the body (POST) or the query (GET) parsed by the schema. */
export type ContractRequest<E extends Endpoint, S, H> = FastifyRequest<{
  Body: E['method'] extends 'POST' ? Parsed<S> : unknown;
  Querystring: E['method'] extends 'GET' ? Parsed<S> : unknown;
  Headers: H extends Schema ? z.output<H> : unknown;
}>;

export interface ContractRoute<E extends Endpoint, S extends Schema | undefined, H extends Schema | undefined> {
  /** Validates the body of a POST, the query of a GET; none for an entry without a request. */
  request?: S;
  headers?: H;
  tags: string[];
  summary: string;
  preValidation?: preValidationHookHandler;
  /** Largest body this route takes, when it needs more than the app's (an image upload). */
  bodyLimit?: number;
  /**
   * The handler sends answers it compressed itself (cached-answer.ts): @fastify/compress's hooks
   * (the answer's compression, and the request body's decompression, which these small read
   * requests never need: a compressed body is refused as malformed JSON) are left off the route
   * instead of running on every request to find nothing to do.
   */
  compressesItself?: boolean;
  /** Its answer, or the reply it sent; undefined only when it has sent the answer itself, synchronously (a kept answer). */
  handler(request: ContractRequest<E, S, H>, reply: FastifyReply): Promise<Envelope<AnswerOf<E>> | FastifyReply> | undefined;
}

/** Without a schema the entry must take no request (or an unchecked one, like PayPal's webhook). */
type Matches<S, Request> = [S] extends [Schema] ? Same<z.input<S>, Request> : Same<Request, undefined> extends true ? true : Same<Request, unknown>;

/** What the compiler names when a route's schema does not take the entry's request type. */
type ContractCheck<E extends Endpoint, S> =
  Matches<S, RequestOf<E>> extends true ? unknown : { requestSchemaDiffersFromContract: { schemaInput: S extends Schema ? z.input<S> : undefined; contractRequest: RequestOf<E> } };

export function defineRoute<E extends Endpoint<any, any>, S extends Schema | undefined = undefined, H extends Schema | undefined = undefined>(
  app: FastifyInstance,
  entry: E,
  route: ContractRoute<E, S, H> & ContractCheck<E, S>,
): void {
  const { request, headers, tags, summary, preValidation, bodyLimit, compressesItself, handler } = route;
  const permission = (preValidation as { permission?: string } | undefined)?.permission;
  app.route({
    method: entry.method,
    url: entry.path,
    ...(preValidation ? { preValidation } : {}),
    ...(bodyLimit ? { bodyLimit } : {}),
    ...(compressesItself ? { compress: false as const, decompress: false as const } : {}),
    schema: {
      tags,
      summary,
      // The code the caller's roles must hold (auth.ts requirePermission), for whoever reads /api/docs.
      ...(permission ? { description: `Permission: \`${permission}\``, 'x-permission': permission } : {}),
      ...(request ? { [entry.method === 'GET' ? 'querystring' : 'body']: request } : {}),
      ...(headers ? { headers } : {}),
    },
    // The type provider's compilers (app.ts) validate with the schemas above; the types are ours.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** A route of a group: as defineRoute takes it, the tags given by the group unless it names its own. */
type GroupRoute<E extends Endpoint, S extends Schema | undefined, H extends Schema | undefined, Tags> = Omit<ContractRoute<E, S, H>, 'tags'> & Tags & ContractCheck<E, S>;

/** Registers one contract route of a group; `Tags` says whether the route must name its tags. */
export type RouteDefiner<Tags> = <E extends Endpoint<any, any>, S extends Schema | undefined = undefined, H extends Schema | undefined = undefined>(
  entry: E,
  route: GroupRoute<E, S, H, Tags>,
) => void;

interface RouteGroup {
  /** Run before validation on every route of the group (each route may add its own too). */
  guard?: preValidationHookHandler;
  /**
   * Read-only routes whose bodies repeat (the catalogue's): each body text is parsed and validated
   * once, and its handlers get a frozen body shared by the requests with that text (repeated-bodies.ts).
   */
  repeatedBodies?: boolean;
}

/**
 * A module's routes as one plugin: the group's guard runs on each of its routes, and `route`
 * registers a contract route (defineRoute) with the group's tags. Groups without tags name them
 * route by route.
 */
export function contractRoutes(group: RouteGroup & { tags: string[] }, register: (route: RouteDefiner<{ tags?: string[] }>) => void): FastifyPluginAsync;
export function contractRoutes(group: RouteGroup, register: (route: RouteDefiner<{ tags: string[] }>) => void): FastifyPluginAsync;
export function contractRoutes(group: RouteGroup & { tags?: string[] }, register: (route: RouteDefiner<{ tags?: string[] }>) => void): FastifyPluginAsync {
  return async function routes(app) {
    if (group.guard) app.addHook('preValidation', group.guard);
    if (group.repeatedBodies) parseRepeatedBodiesOnce(app);
    register((entry, route) => defineRoute(app, entry, { tags: group.tags ?? [], ...route } as never));
  };
}

/** What a back-office call's answer reads off its request, once the guard has let the caller in. */
export interface StaffAsk<Body> {
  /** The body as the route's schema parsed it. */
  body: Body;
  /** The staff member calling, as a write's audit row names them (`staff.actor`). */
  actor: Actor;
  /** The staff member whole (`staffOf`): for the desks that weigh what the caller holds (roles and grants). */
  staff: StaffCaller;
  locale: Locale;
}

/** A call with a schema is a POST whose body it checks; one without (`undefined`) takes no request, GET or POST. */
type GuardedEntry<S> = S extends Schema ? Endpoint<any, any, 'POST'> : Endpoint<NoRequest, any>;

/**
 * Registers one call of a family (`guardedCalls`): its contract entry, its summary, the schema its
 * body must pass (`undefined` for an entry that takes nothing), and the answer, which gets the
 * parsed body with what the family reads off every request, and whose result is the envelope's
 * data. Extras (a larger body) go last.
 */
export type GuardedCall<Ask, Body = unknown> = <E extends Endpoint<any, any>, S extends z.ZodType<Body> | undefined>(
  entry: E & GuardedEntry<S>,
  summary: string,
  request: S & ContractCheck<E, S>,
  answer: (ask: Ask & { body: Parsed<S> }) => Promise<AnswerOf<E>>,
  extras?: Pick<ContractRoute<E, S, undefined>, 'bodyLimit'>,
) => void;

/**
 * A family of calls behind one guard that read the same things off the request (`askOf`: the staff
 * member, the order's buyer): each is guarded, validated, handed those and answered with `ok`, here
 * rather than in each route.
 */
export function guardedCalls<Ask, Body = unknown>(route: RouteDefiner<{ tags?: string[] }>, guard: Guard, askOf: (call: FastifyRequest<{ Body: Body }>) => Ask): GuardedCall<Ask, Body> {
  return (entry, summary, request, answer, extras) => {
    const handler = async (call: FastifyRequest<{ Body: Body }>) => ok(await answer({ ...askOf(call), body: call.body as never }));
    // The types were checked where the call was written (GuardedCall); route() cannot see them through the generics.
    route(entry, { summary, preValidation: guard, request, ...extras, handler } as never);
  };
}

/** The back office's calls of one permission, handed the caller (`actorOf`, roles and grants, language). */
export type StaffCall = GuardedCall<Omit<StaffAsk<unknown>, 'body'>>;

export function staffCalls(route: RouteDefiner<{ tags?: string[] }>, guard: PermissionGuard | Guard): StaffCall {
  return guardedCalls(route, guard, (call) => {
    const staff = staffOf(call);
    return { actor: staff.actor, staff, locale: localeOf(call) };
  });
}

/** One registrar (staffCalls) per permission named, in the same order. */
export function staffCallsFor<const P extends readonly Permission[]>(route: RouteDefiner<{ tags?: string[] }>, guards: Guards, permissions: P): { [K in keyof P]: StaffCall } {
  return permissions.map((permission) => staffCalls(route, guards.requirePermission(permission))) as { [K in keyof P]: StaffCall };
}

/**
 * A module of back-office calls only (tagged `admin`): one registrar per permission named
 * (staffCallsFor), handed to `register` in the same order, so the module writes only its calls.
 */
export function backOfficeCalls<const P extends readonly Permission[]>(
  guards: Guards,
  permissions: P,
  register: (...calls: { [K in keyof P]: StaffCall }) => void,
): FastifyPluginAsync {
  return contractRoutes({ tags: ['admin'] }, (route) => register(...staffCallsFor(route, guards, permissions)));
}
