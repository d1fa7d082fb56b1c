/**
 * The per-address request limit (RATE_LIMIT_PER_MINUTE) is counted by every instance together:
 * in Redis when REDIS_URL is set (Redis at 127.0.0.1:6379, as in CI), in the database otherwise.
 * Two app instances share one database here; requests from one address alternate between them.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { createTestShop, type TestShop } from './harness.ts';

const LIMIT = 6;
let shop: TestShop | null = null;
let second: FastifyInstance | null = null;
afterEach(async () => {
  await second?.close();
  await shop?.close();
  shop = null;
  second = null;
});

/** An address no other run used within the window (Redis outlives the test). */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each([
  { counter: 'the database', redisUrl: null },
  { counter: 'Redis', redisUrl: 'redis://127.0.0.1:6379' },
])('the request limit counted in $counter', ({ redisUrl }) => {
  it('is shared by two instances: the address is turned away after the limit, whichever instance it reaches', async () => {
    shop = await createTestShop({ rateLimitPerMinute: LIMIT, redisUrl });
    second = await buildApp({ config: shop.config, database: shop.database, logger: false });
    await second.ready();
    const instances = [shop.app, second];
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const answer = await instances[i % 2]!.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
      statuses.push(answer.statusCode);
    }
    // Counted per instance, each would have seen 4 requests and let all 8 through.
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    // Another address is counted on its own.
    expect((await second.inject({ method: 'GET', url: '/api/health', remoteAddress: freshAddress() })).statusCode).toBe(200);
  });
});
