/**
 * Side-by-side CPU per cached answer (docs/performance.md "The read path"): this tree's server
 * and another tree's (`--base <dir>`, e.g. a `git archive` of main with node_modules linked in),
 * each started as `npm start` runs it on a copy of one seeded PGlite database, and the bare
 * node:http server as the reference. Every distinct request is sent once first, so what is
 * measured is the answers kept in memory. Then, round after round and in turns, each server gets
 * the same `--amount` requests (autocannon, 10 connections) and the server's own CPU time is read
 * from /proc/<pid>/task/<tid>/schedstat (nanoseconds, every thread) around them: CPU per request
 * barely moves with the machine's load, where req/s does. The lowest round of each side is the
 * figure least disturbed by other processes; the median is printed beside it.
 *
 *   node bench/read-path-ab.ts --base /tmp/base [--rounds 40] [--amount 1000] [--products 2000]
 */
import autocannon from 'autocannon';
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SHOP_READY, searchQueries } from './api.ts';
import { Inspector, summariseProfile } from './profile.ts';
import { ROOT, seed, serverEnv, startCommand, startServer, type Server } from './processes.ts';
import { median, rotate, seededRandom } from './stats.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '40' },
    amount: { type: 'string', default: '1000' },
    products: { type: 'string', default: '2000' },
    port: { type: 'string', default: '4710' },
    scenarios: { type: 'string', default: 'search,detail' },
    /** After the rounds, records a V8 CPU profile of each server under one more load of each scenario, into this folder. */
    profile: { type: 'string' },
    /** With --profile: sample allocations instead of CPU time. */
    allocations: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const amount = Number(values.amount);
const port = Number(values.port);

/** CPU time of every thread of a process so far, in microseconds (the scheduler's own count, in ns). */
async function cpuMicros(pid: number): Promise<number> {
  let ns = 0;
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const line = await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => '0');
    ns += Number(line.split(' ')[0]);
  }
  return ns / 1000;
}

interface HeapNode {
  selfSize: number;
  children: HeapNode[];
}
const sumHeap = (node: HeapNode): number => node.selfSize + node.children.reduce((sum, child) => sum + sumHeap(child), 0);

const BROWSER_HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const LOCALE = { en: { 'accept-language': 'en-US' }, zh: { 'accept-language': 'zh-CN' } };

interface Spec {
  method: 'GET' | 'POST';
  path: string;
  requests: { body?: string; headers?: Record<string, string> }[];
}

async function load(origin: string, spec: Spec, count: number): Promise<{ total: number; non2xx: number }> {
  const next = rotate(spec.requests);
  const result = await autocannon({
    url: origin,
    // autocannon refuses more connections than requests (a warm pass of one distinct request sends two).
    connections: Math.min(10, count),
    amount: count,
    headers: BROWSER_HEADERS,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        setupRequest: (request) => {
          const { body, headers } = next();
          return { ...request, ...(body !== undefined ? { body } : {}), headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
  return { total: result.requests.total, non2xx: result.non2xx + result.errors };
}

async function post<T>(origin: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(origin + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return ((await response.json()) as { data: T }).data;
}

const work = await mkdtemp(path.join(tmpdir(), 'read-path-ab-'));
const dataDir = path.join(work, 'data');
const env = (dir: string) => serverEnv({ DATA_DIR: dir, SITE_DIR: path.join(work, 'no-site'), DATABASE_URL: '' });
console.log(`seeding ${values.products} products in ${work}`);
const seedEnv = env(dataDir);
await seed(Number(values.products), { cwd: ROOT, env: seedEnv, logFile: path.join(work, 'seed.log') });

const sides: { name: string; server: Server; inspector: Inspector | null }[] = [];
const bare = await startServer({ script: 'bench/bare-server.ts', cwd: ROOT, env: { HTTP_PORT: String(port + 1) }, port, readyLine: /listening/, readyPath: '/bare', logFile: path.join(work, 'bare.log') });
const start = async (name: string, tree: string, offset: number) => {
  const dir = path.join(work, `data-${name}`);
  await cp(dataDir, dir, { recursive: true });
  const { nodeArgs, script } = startCommand();
  if (values.profile) nodeArgs.push(`--inspect=127.0.0.1:${port + 10 + offset}`);
  // The same secret for both, so both read the seeded rows the same way.
  const server = await startServer({ nodeArgs, script, cwd: tree, env: { ...env(dir), AUTH_SECRET: seedEnv['AUTH_SECRET'] }, port: port + offset, readyLine: SHOP_READY, readyPath: '/api/health', logFile: path.join(work, `${name}.log`) });
  sides.push({ name, server, inspector: values.profile ? await Inspector.connect(port + 10 + offset) : null });
};
try {
  if (values.base) await start('base', path.resolve(values.base), 2);
  await start('this', ROOT, 3);
  const origin = sides[0]!.server.origin;

  // The bench's requests: 500 search queries from the catalogue's titles, 2,000 detail ids.
  const titles: { id: number; title: string; zhTitle: string }[] = [];
  for (let current = 1; ; current++) {
    const [en, zh] = await Promise.all([
      post<{ records: { id: number; title: string }[]; total: number }>(origin, '/api/demo/ironProduct/queryList', { current, size: 100 }, LOCALE.en),
      post<{ records: { id: number; title: string }[] }>(origin, '/api/demo/ironProduct/queryList', { current, size: 100 }, LOCALE.zh),
    ]);
    const zhById = new Map(zh.records.map((card) => [card.id, card.title]));
    titles.push(...en.records.map((card) => ({ id: card.id, title: card.title, zhTitle: zhById.get(card.id) ?? '' })));
    if (titles.length >= en.total || en.records.length === 0) break;
  }
  const random = seededRandom(11);
  const specs: Record<string, Spec> = {
    search: {
      method: 'POST',
      path: '/api/demo/ironProduct/search',
      requests: searchQueries(titles, 500, 2026).map((q) => ({ body: JSON.stringify({ title: q.title, current: 1, size: 20 }), headers: LOCALE[q.locale] })),
    },
    detail: {
      method: 'POST',
      path: '/api/demo/ironProduct/queryProductDetail',
      requests: Array.from({ length: 2_000 }, (_, i) => ({ body: JSON.stringify({ id: titles[Math.floor(random() * titles.length)]!.id }), headers: i % 4 === 3 ? LOCALE.zh : LOCALE.en })),
    },
    health: { method: 'GET', path: '/api/health', requests: [{}] },
  };
  const wanted = values.scenarios.split(',');
  for (const key of wanted) for (const { server } of sides) await load(server.origin, specs[key]!, specs[key]!.requests.length * 2);

  const bareSpec: Spec = { method: 'GET', path: '/bare', requests: [{}] };
  const figures = new Map<string, number[]>();
  const add = (label: string, us: number) => figures.set(label, [...(figures.get(label) ?? []), us]);
  const measure = async (label: string, pid: number, target: string, spec: Spec) => {
    const before = await cpuMicros(pid);
    const { total, non2xx } = await load(target, spec, amount);
    if (non2xx) throw new Error(`${label}: ${non2xx} failed answers`);
    add(label, ((await cpuMicros(pid)) - before) / total);
  };
  for (let round = 0; round < rounds; round++) {
    await measure('node:http GET', bare.pid, `http://127.0.0.1:${port + 1}`, bareSpec);
    for (const key of wanted) {
      const order = round % 2 ? [...sides].reverse() : sides;
      for (const { name, server } of order) await measure(`${key} ${name}`, server.pid, server.origin, specs[key]!);
    }
  }
  console.log(`CPU per request, us: lowest (median) of ${rounds} rounds of ${amount} requests`);
  for (const [label, list] of figures) console.log(`  ${label.padEnd(16)} ${Math.min(...list).toFixed(1)} (${median(list).toFixed(1)})`);
  if (values.profile) {
    await mkdir(values.profile, { recursive: true });
    for (const key of wanted) {
      for (const { name, server, inspector } of sides) {
        if (values.allocations) {
          // Where the bytes each request allocates come from (the garbage collector's work), short-lived objects included.
          await inspector!.send('HeapProfiler.enable');
          await inspector!.send('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
          const { total } = await load(server.origin, specs[key]!, amount * 5);
          const { profile: heap } = await inspector!.send<{ profile: { head: HeapNode } }>('HeapProfiler.stopSampling');
          const file = path.join(values.profile, `${key}-${name}.heapprofile`);
          await writeFile(file, JSON.stringify(heap));
          console.log(`${file}: ${Math.round(sumHeap(heap.head) / total)} bytes allocated per request`);
          continue;
        }
        const profile = await inspector!.profile(() => load(server.origin, specs[key]!, amount * 20));
        const file = path.join(values.profile, `${key}-${name}.cpuprofile`);
        await writeFile(file, JSON.stringify(profile));
        const summary = summariseProfile(profile, 40);
        console.log(`${file}: self time by location, then by function`);
        for (const { where, percent } of summary.byLocation) console.log(`  ${percent}% ${where}`);
        for (const { fn, where, percent } of summary.byFunction) console.log(`  ${percent}% ${fn} ${where}`);
      }
    }
  }
} finally {
  for (const { server, inspector } of sides) {
    inspector?.close();
    await server.stop();
  }
  await bare.stop();
}
