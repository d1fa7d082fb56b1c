/** Catalogue bodies parsed and validated once per text (src/server/http/repeated-bodies.ts). */
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRepeatedBodiesOnce } from '../../../../src/server/http/repeated-bodies.ts';

let app: FastifyInstance;
afterEach(() => app.close());

/** An app whose /kept route parses repeated bodies once and whose /plain route does not; both hand back what the handler saw. */
async function appWith(seen: unknown[], checks: { count: number }) {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  const schema = z.object({ id: z.number().int().positive(), tags: z.array(z.string()).default([]) }).transform((body) => {
    checks.count++;
    return body;
  });
  const handler = async (request: { body: unknown }) => {
    seen.push(request.body);
    return { frozen: Object.isFrozen(request.body) };
  };
  await app.register(async (kept) => {
    parseRepeatedBodiesOnce(kept);
    kept.post('/kept', { schema: { body: schema } }, handler);
    kept.post('/mutates', { schema: { body: schema } }, async (request) => {
      (request.body as { id: number }).id = 99;
      return {};
    });
  });
  app.post('/plain', { schema: { body: schema } }, handler);
  return app;
}

const post = (url: string, payload: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('parseRepeatedBodiesOnce', () => {
  it('parses and validates a body text once: later requests with that text share the frozen, validated body', async () => {
    const seen: unknown[] = [];
    const checks = { count: 0 };
    await appWith(seen, checks);
    const answers = [await post('/kept', '{"id":5}'), await post('/kept', '{"id":5}'), await post('/kept', '{"id":6}')];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]!.json()).toEqual({ frozen: true });
    expect(seen[0]).toEqual({ id: 5, tags: [] });
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toEqual({ id: 6, tags: [] });
    expect(checks.count).toBe(2);
    // Outside the context nothing changes: every request parsed and checked.
    await post('/plain', '{"id":5}');
    await post('/plain', '{"id":5}');
    expect(checks.count).toBe(4);
    expect(seen[3]).not.toBe(seen[4]);
    expect(Object.isFrozen(seen[3])).toBe(false);
  });

  it('refuses a bad body every time, as the plain routes do', async () => {
    const checks = { count: 0 };
    await appWith([], checks);
    for (const payload of ['{"id":-1}', '{"id":"5"}', '{"id":', '', '{"__proto__":{"id":1},"id":1}']) {
      const plain = await post('/plain', payload);
      for (let i = 0; i < 2; i++) {
        const kept = await post('/kept', payload);
        expect(kept.statusCode, payload).toBe(plain.statusCode);
        expect(kept.statusCode, payload).toBe(400);
        expect(kept.json().code, payload).toBe(plain.json().code);
      }
    }
    expect(checks.count).toBe(0);
  });

  it('a handler cannot change a body later requests share', async () => {
    await appWith([], { count: 0 });
    expect((await post('/mutates', '{"id":7}')).statusCode).toBe(500);
    const seen: unknown[] = [];
    await app.close();
    await appWith(seen, { count: 0 });
    await post('/kept', '{"id":7,"tags":["a"]}');
    expect(Object.isFrozen((seen[0] as { tags: string[] }).tags)).toBe(true);
  });

  it('parses long bodies on every request and keeps none of them', async () => {
    const seen: unknown[] = [];
    const checks = { count: 0 };
    await appWith(seen, checks);
    const long = JSON.stringify({ id: 1, tags: Array.from({ length: 100 }, (_, i) => `tag-${i}`) });
    expect(long.length).toBeGreaterThan(512);
    await post('/kept', long);
    await post('/kept', long);
    expect(checks.count).toBe(2);
    expect(seen[0]).not.toBe(seen[1]);
  });
});
