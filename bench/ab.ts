/**
 * `node bench/ab.ts --a <checkout> --b <checkout> [--scenario order] [--rounds 4] [--seconds 10]
 * [--profile <dir>]`: compares one API scenario's server CPU per request between two checkouts of
 * the project (A, B) on one PostgreSQL database (DATABASE_URL: a fresh database is created, seeded
 * with 10,000 products by B's seed, and dropped), their servers started one at a time, in turn
 * (A B, B A, A B, ...), so that both meet the same load on a shared machine. The two must share the
 * schema (no migration between them). CPU time per request moves far less with the machine's load
 * than req/s (docs/performance.md); the medians of the rounds are printed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadToolConfig } from '../src/build-config.ts';
import { API_PRODUCTS, SCENARIOS, SHOP_READY, load, sampleCatalogue, type LoadFigures, type LoadSpec } from './api.ts';
import { Inspector, summariseProfile } from './profile.ts';
import { createPostgresDatabase, removeDir, seed, serverEnv, startServer, stopAll, tempDir, type Server } from './processes.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    scenario: { type: 'string', default: 'order' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '10' },
    profile: { type: 'string' },
  },
});
const adminUrl = process.env['DATABASE_URL'];
if (!values.a || !values.b || !adminUrl) {
  process.stderr.write('usage: DATABASE_URL=postgres://... node bench/ab.ts --a <checkout> --b <checkout> [--scenario order] [--rounds 4] [--seconds 10] [--profile <dir>]\n');
  process.exit(2);
}
const checkouts = { A: path.resolve(values.a), B: path.resolve(values.b) };
const scenario = SCENARIOS.find((s) => s.key === values.scenario);
if (!scenario) throw new Error(`no scenario ${values.scenario}`);
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const port = loadToolConfig().BENCH_PORT + 1;
const inspectorPort = loadToolConfig().BENCH_PORT + 3;
const log = (message: string) => process.stdout.write(`[ab] ${message}\n`);
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

/** How the checkout's package.json starts the server (its Node flags and script). */
function startOf(dir: string): { nodeArgs: string[]; script: string } {
  const { scripts } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = scripts['start']!.trim().split(/\s+/);
  const script = words.findIndex((word) => word.endsWith('.ts'));
  return { nodeArgs: words.slice(1, script), script: words[script]! };
}

const database = await createPostgresDatabase(adminUrl);
const work = await tempDir('ab');
const figures: Record<'A' | 'B', LoadFigures[]> = { A: [], B: [] };
try {
  const env = (label: string) => serverEnv({ DATA_DIR: path.join(work, label), SITE_DIR: path.join(work, 'no-site'), DATABASE_URL: database.url });
  log(`seeding ${API_PRODUCTS.toLocaleString('en')} products into ${database.name} (B's seed)`);
  await seed(API_PRODUCTS, { cwd: checkouts.B, env: env('seed'), logFile: path.join(work, 'seed.log') });
  let spec: LoadSpec | null = null;
  const runOne = async (label: 'A' | 'B', round: number, profileDir?: string) => {
    const start = startOf(checkouts[label]);
    const server: Server = await startServer({
      ...start,
      ...(profileDir ? { nodeArgs: [...start.nodeArgs, `--inspect=127.0.0.1:${inspectorPort}`] } : {}),
      cwd: checkouts[label],
      env: env(label),
      port,
      readyLine: SHOP_READY,
      readyPath: '/api/health',
      logFile: path.join(work, `${label}-${round}.log`),
    });
    try {
      if (!spec) {
        const prepared = await scenario.prepare(server.origin, await sampleCatalogue(server.origin, false), false);
        if ('unavailable' in prepared) throw new Error(prepared.unavailable);
        spec = prepared;
      }
      await load(server.origin, spec, 3);
      if (profileDir) {
        const inspector = await Inspector.connect(inspectorPort);
        const profile = await inspector.profile(() => load(server.origin, spec!, seconds, server));
        inspector.close();
        await mkdir(profileDir, { recursive: true });
        const file = path.join(profileDir, `${label}-${scenario.key}.cpuprofile`);
        await writeFile(file, JSON.stringify(profile));
        const summary = summariseProfile(profile, 20);
        log(`profile of ${label} (${file}):`);
        for (const entry of summary.byLocation) log(`  ${entry.percent}%  ${entry.where}`);
        for (const entry of summary.byFunction) log(`  ${entry.percent}%  ${entry.fn}  ${entry.where}`);
        return;
      }
      const result = await load(server.origin, spec, seconds, server);
      figures[label].push(result);
      log(`round ${round} ${label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, errors ${result.errors}, non-2xx ${result.non2xx}, CPU ${result.cpuUsPerRequest} us/req, load ${os.loadavg()[0]!.toFixed(1)}`);
    } finally {
      await server.stop();
    }
  };
  for (let round = 1; round <= rounds; round++) {
    for (const label of round % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) await runOne(label, round);
  }
  if (values.profile) for (const label of ['A', 'B'] as const) await runOne(label, 0, path.resolve(values.profile));
  for (const label of ['A', 'B'] as const) {
    const runs = figures[label];
    const cpu = median(runs.map((r) => r.cpuUsPerRequest ?? 0));
    log(`${label} (${checkouts[label]}): median of ${runs.length}: CPU ${cpu} us/req, ${median(runs.map((r) => r.rps)).toFixed(0)} req/s, p50 ${median(runs.map((r) => r.p50Ms))} ms, p99 ${median(runs.map((r) => r.p99Ms))} ms`);
  }
  const ratio = median(figures.B.map((r) => r.cpuUsPerRequest ?? 0)) / median(figures.A.map((r) => r.cpuUsPerRequest ?? 0));
  log(`B/A CPU per request: ${(ratio * 100).toFixed(1)}%`);
} finally {
  stopAll();
  await database.drop();
  await removeDir(work);
}
