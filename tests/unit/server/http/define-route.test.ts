/**
 * defineRoute (src/server/http/define-route.ts): a route registers at its contract entry's
 * method and path, its schema validating the body of a POST and the query of a GET; a schema or
 * an answer that differs from the entry's types does not compile (the @ts-expect-error lines
 * below fail `npm run typecheck` the day they compile). contractRoutes groups a module's routes:
 * shared tags and guard, with the same checks.
 */
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { get, post } from '../../../../src/domain/api/endpoint.ts';
import type { PermissionGuard } from '../../../../src/server/http/auth.ts';
import { contractRoutes, defineRoute, staffCalls, type StaffAsk } from '../../../../src/server/http/define-route.ts';

const echoSchema = z.strictObject({ name: z.string(), times: z.number().int().default(1) });
const echo = post<z.input<typeof echoSchema>, { said: string }>('/echo');
const lookupSchema = z.strictObject({ id: z.string().regex(/^[0-9]+$/) });
const lookup = get<z.input<typeof lookupSchema>, { id: number }>('/lookup');
const ping = get<undefined, { pong: true }>('/ping');
const rebuild = post<undefined, { by: string }>('/rebuild');

function app() {
  const server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  defineRoute(server, echo, {
    tags: ['test'],
    summary: 'Echo',
    request: echoSchema,
    handler: async (request) => ({ code: '0000', msg: '', data: { said: request.body.name.repeat(request.body.times) } }),
  });
  defineRoute(server, lookup, {
    tags: ['test'],
    summary: 'Lookup',
    request: lookupSchema,
    handler: async (request) => ({ code: '0000', msg: '', data: { id: Number(request.query.id) } }),
  });
  defineRoute(server, ping, { tags: ['test'], summary: 'Ping', handler: async () => ({ code: '0000', msg: '', data: { pong: true as const } }) });
  return server;
}

describe('defineRoute', () => {
  it("registers the entry's method and path; the schema checks a POST's body and a GET's query", async () => {
    const server = app();
    const said = await server.inject({ method: 'POST', url: '/echo', payload: { name: 'ab', times: 2 } });
    expect(said.json()).toEqual({ code: '0000', msg: '', data: { said: 'abab' } });
    expect((await server.inject({ method: 'POST', url: '/echo', payload: { name: 3 } })).statusCode).toBe(400);
    expect((await server.inject({ method: 'GET', url: '/echo' })).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/lookup?id=12' })).json()).toEqual({ code: '0000', msg: '', data: { id: 12 } });
    expect((await server.inject({ method: 'GET', url: '/lookup?id=x' })).statusCode).toBe(400);
    expect((await server.inject({ method: 'GET', url: '/ping' })).json()).toEqual({ code: '0000', msg: '', data: { pong: true } });
    await server.close();
  });

  it("does not compile a schema or an answer that is not the entry's", () => {
    // Never run: only compiled.
    const drifts = (server: ReturnType<typeof Fastify>) => {
      // @ts-expect-error the schema takes {id}, the entry {name, times?}
      defineRoute(server, echo, { tags: [], summary: '', request: lookupSchema, handler: async () => ({ code: '0000', msg: '', data: { said: '' } }) });
      // @ts-expect-error an entry with a request needs its schema
      defineRoute(server, lookup, { tags: [], summary: '', handler: async () => ({ code: '0000', msg: '', data: { id: 1 } }) });
      // @ts-expect-error the answer is not the entry's
      defineRoute(server, echo, { tags: [], summary: '', request: echoSchema, handler: async () => ({ code: '0000', msg: '', data: { said: 1 } }) });
    };
    expect(drifts).toBeTypeOf('function');
  });

  it("registers a group's routes with its tags (a route may name its own) behind its guard", async () => {
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    const seen: { url: string; tags: unknown }[] = [];
    server.addHook('onRoute', (route) => {
      // Fastify adds a HEAD route beside each GET.
      if (route.method !== 'HEAD') seen.push({ url: route.url, tags: (route.schema as { tags?: unknown } | undefined)?.tags });
    });
    const guarded: string[] = [];
    const plugin = contractRoutes({ tags: ['test'], guard: async (request) => void guarded.push(request.url) }, (route) => {
      route(echo, { summary: 'Echo', request: echoSchema, handler: async (request) => ({ code: '0000', msg: '', data: { said: request.body.name } }) });
      route(ping, { tags: ['other'], summary: 'Ping', handler: async () => ({ code: '0000', msg: '', data: { pong: true as const } }) });
    });
    await server.register(plugin);
    expect(seen).toEqual([
      { url: '/echo', tags: ['test'] },
      { url: '/ping', tags: ['other'] },
    ]);
    expect((await server.inject({ method: 'POST', url: '/echo', payload: { name: 'a' } })).json()).toEqual({ code: '0000', msg: '', data: { said: 'a' } });
    expect((await server.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    expect(guarded).toEqual(['/echo', '/ping']);
    await server.close();
  });

  it("does not compile a group's route that drifts from its entry, or one without tags in a group without them", () => {
    // Never run: only compiled.
    const drifts = () => [
      contractRoutes({ tags: ['test'] }, (route) => {
        // @ts-expect-error the schema takes {id}, the entry {name, times?}
        route(echo, { summary: '', request: lookupSchema, handler: async () => ({ code: '0000', msg: '', data: { said: '' } }) });
        // @ts-expect-error the answer is not the entry's
        route(echo, { summary: '', request: echoSchema, handler: async () => ({ code: '0000', msg: '', data: { said: 1 } }) });
      }),
      contractRoutes({}, (route) => {
        // @ts-expect-error a group without tags leaves them to each route
        route(ping, { summary: '', handler: async () => ({ code: '0000', msg: '', data: { pong: true as const } }) });
      }),
    ];
    expect(drifts).toBeTypeOf('function');
  });
});

describe('defineRoute: answers compressed by their handler (issue 28)', () => {
  it('leaves @fastify/compress off a route that compresses its own answers, and on the others', async () => {
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await server.register(compress, { threshold: 0 });
    const big = 'x'.repeat(2_000);
    const own = post<undefined, { said: string }>('/own');
    const plain = post<undefined, { said: string }>('/plain');
    defineRoute(server, own, { tags: ['test'], summary: 'Own', compressesItself: true, handler: async () => ({ code: '0000', msg: '', data: { said: big } }) });
    defineRoute(server, plain, { tags: ['test'], summary: 'Plain', handler: async () => ({ code: '0000', msg: '', data: { said: big } }) });
    const ask = (url: string) => server.inject({ method: 'POST', url, headers: { 'accept-encoding': 'gzip' } });
    const [ownAnswer, plainAnswer] = [await ask('/own'), await ask('/plain')];
    expect(ownAnswer.headers['content-encoding']).toBeUndefined();
    expect(ownAnswer.json()).toEqual({ code: '0000', msg: '', data: { said: big } });
    expect(plainAnswer.headers['content-encoding']).toBe('gzip');
  });
});

describe('staffCalls: a back-office call of one permission in one line', () => {
  it('runs the guard, validates the body, hands the desk the body, the staff member (who, roles and grants) and the language, and answers with the envelope', async () => {
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    server.decorateRequest('user', null);
    const permissions: unknown[] = [];
    server.addHook('onRoute', (route) => void permissions.push((route.schema as { 'x-permission'?: unknown } | undefined)?.['x-permission']));
    // As requirePermission does: the caller is set on the request, or the call is refused.
    const guard = Object.assign(
      async (request: { headers: Record<string, unknown>; user: unknown }) => {
        if (request.headers['x-staff'] !== 'yes') throw Object.assign(new Error('refused'), { statusCode: 403 });
        request.user = { userId: 7, sessionId: 's', roles: ['R_ADMIN'], grants: ['order:price'], codes: ['order:view', 'order:price'], email: 'staff@example.com' };
      },
      { permission: 'product:edit' },
    ) as unknown as PermissionGuard;
    const asked: StaffAsk<unknown>[] = [];
    await server.register(
      contractRoutes({ tags: ['admin'] }, (route) => {
        const edit = staffCalls(route, guard);
        edit(echo, 'Echo', echoSchema, async (ask) => {
          asked.push(ask);
          return { said: ask.body.name.repeat(ask.body.times) };
        });
        // Entries that take no request, read (GET) or act (POST): no schema, the same guard and envelope.
        edit(ping, 'Ping', undefined, async () => ({ pong: true as const }));
        edit(rebuild, 'Rebuild', undefined, async ({ actor }) => ({ by: actor.email }));
      }),
    );
    // Four routes: Fastify adds a GET's HEAD.
    expect(permissions).toEqual(['product:edit', 'product:edit', 'product:edit', 'product:edit']);
    expect((await server.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(403);
    expect((await server.inject({ method: 'GET', url: '/ping', headers: { 'x-staff': 'yes' } })).json()).toEqual({ code: '0000', msg: 'success', data: { pong: true } });
    expect((await server.inject({ method: 'POST', url: '/rebuild', headers: { 'x-staff': 'yes' } })).json()).toEqual({ code: '0000', msg: 'success', data: { by: 'staff@example.com' } });
    const call = (headers: Record<string, string>, payload: unknown) => server.inject({ method: 'POST', url: '/echo', headers, payload: payload as object });
    expect((await call({}, { name: 'a' })).statusCode).toBe(403);
    expect((await call({ 'x-staff': 'yes' }, { name: 3 })).statusCode).toBe(400);
    const answer = await call({ 'x-staff': 'yes', 'accept-language': 'zh-CN' }, { name: 'ab', times: 2 });
    expect(answer.json()).toEqual({ code: '0000', msg: 'success', data: { said: 'abab' } });
    const actor = { id: 7, email: 'staff@example.com' };
    expect(asked).toEqual([{ body: { name: 'ab', times: 2 }, actor, staff: { actor, codes: ['order:view', 'order:price'] }, locale: 'zh-CN' }]);
    await server.close();
  });

  it("does not compile a call whose schema or answer is not the entry's", () => {
    // Never run: only compiled.
    const drifts = () =>
      contractRoutes({ tags: ['admin'] }, (route) => {
        const edit = staffCalls(route, {} as PermissionGuard);
        // @ts-expect-error the schema takes {id}, the entry {name, times?}
        edit(echo, '', lookupSchema, async () => ({ said: '' }));
        // @ts-expect-error the answer is not the entry's
        edit(echo, '', echoSchema, async () => ({ said: 1 }));
        // @ts-expect-error the entry takes a body, so it needs its schema
        edit(echo, '', undefined, async () => ({ said: '' }));
        // @ts-expect-error a GET's request is its query, which these calls do not read
        edit(lookup, '', lookupSchema, async () => ({ id: 1 }));
      });
    expect(drifts).toBeTypeOf('function');
  });
});
