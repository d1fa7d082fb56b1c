/**
 * Every route the server registers under /api comes from a contract entry (src/domain/api/), and
 * every entry is registered: method and path both. The routes are read from Fastify's own table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEntries } from '../../src/domain/api/index.ts';
import { API_PREFIX } from '../../src/domain/site-routes.ts';
import { createTestShop, type TestShop } from './harness.ts';

/**
 * Not endpoints of the contract: the OpenAPI document and its viewer, and the catalogue pictures,
 * whose addresses the server writes into its answers (src/server/media/shirt-svg.ts) and which
 * answer SVG rather than the envelope.
 */
const NOT_CONTRACT = [/^\/api\/docs(\/|\*|$)/, /^\/api\/media\//];

/** `METHOD /path` of every route in Fastify's route tree (`printRoutes` without common prefixes). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${full}`);
  }
  return routes;
}

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({}, { seed: false });
});

afterAll(async () => {
  await shop?.close();
});

describe('the contract and the registered routes', () => {
  it('reads the route tree, children continuing their parent path', () => {
    const tree = ['├── /api/demo/a/query (POST)', '│   └── List (POST)', '├── /api/demo/shop/config (GET, POST, HEAD)', '└── /api/media/:file (GET, HEAD)'].join('\n');
    expect(registeredRoutes(tree)).toEqual(['POST /api/demo/a/query', 'POST /api/demo/a/queryList', 'GET /api/demo/shop/config', 'POST /api/demo/shop/config', 'GET /api/media/:file']);
  });

  it('registers exactly the entries under /api', () => {
    const registered = registeredRoutes(shop.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.split(' ')[1]!.startsWith(`${API_PREFIX}/`))
      .filter((route) => !NOT_CONTRACT.some((pattern) => pattern.test(route.split(' ')[1]!)));
    const entries = contractEntries().map(({ entry }) => `${entry.method} ${API_PREFIX}${entry.path}`);
    expect(registered.length).toBeGreaterThan(40);
    expect([...registered].sort()).toEqual([...entries].sort());
  });
});
