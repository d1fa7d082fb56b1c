/**
 * The processes the bench starts: the shop's server exactly as `npm start` runs it (a child
 * process, so its memory can be read from /proc), the bare Fastify ceiling, the seed command,
 * and a private copy of the project for builds, so the bench never touches the developer's
 * dist/ or .data/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, realpath, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** What a copy of the project needs to build and serve the site (start.ts's build inputs, plus package.json). */
const PROJECT_FILES = ['src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Settings every server the bench starts shares: production mode, rate limits off (docs/performance.md). */
export function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    // Production refuses to start without a key; a fresh one per run is as good as any.
    AUTH_SECRET: randomBytes(36).toString('base64url'),
    HOST: '127.0.0.1',
    // The bench is one client address sending thousands of requests a second: with the limit on,
    // it would measure 429 answers. RATE_LIMIT_PER_MINUTE=0 unregisters the plugin.
    RATE_LIMIT_PER_MINUTE: '0',
    // Production refuses to start without PayPal credentials unless told to use the local simulator.
    PAYPAL_ENV: 'simulator',
    ASTRO_TELEMETRY_DISABLED: '1',
    DATABASE_URL: '',
    // Production asks for the public origin and a mail transport: the bench's mail stays on disk.
    PUBLIC_SITE_URL: 'http://localhost:3000',
    MAIL_OUTBOX_DIR: path.join(overrides['DATA_DIR'] ?? tmpdir(), 'outbox'),
    ...overrides,
  };
}

/**
 * How `npm start` runs the server (package.json's start script): its Node flags and script, so
 * that the bench measures the process as it runs in production, memory settings included.
 */
export function startCommand(): { nodeArgs: string[]; script: string } {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts['start'] ?? '').trim().split(/\s+/);
  const script = words.findIndex((word) => word.endsWith('.ts'));
  if (words[0] !== 'node' || script < 0) throw new Error(`package.json's start script is not "node [flags] <script>.ts": ${scripts['start']}`);
  return { nodeArgs: words.slice(1, script), script: words[script]! };
}

/** A temporary folder removed by `cleanUp` (unless the bench is asked to keep it). */
export async function tempDir(label: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `jersey-bench-${label}-`));
}

/**
 * A private copy of the project (node_modules linked), where builds write their own dist/: a new
 * temp folder, or `into` refreshed (sources replaced; its dist/ and databases kept).
 */
export async function projectCopy(label: string, into?: string): Promise<string> {
  const dir = into ?? (await tempDir(label));
  await mkdir(dir, { recursive: true });
  for (const entry of PROJECT_FILES) {
    await rm(path.join(dir, entry), { recursive: true, force: true });
    await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  await rm(path.join(dir, 'node_modules'), { force: true });
  await symlink(await realpath(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Servers started and not yet stopped: ended with the bench, whatever way it ends. */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every server still running (called on exit and on Ctrl-C). */
export function stopAll(): void {
  for (const child of running) killGroup(child, 'SIGKILL');
  running.clear();
}

/** Runs a command to its end; rejects with the tail of its output when it fails. */
export function runToEnd(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Promise<void> {
  const fd = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', fd, fd], detached: true });
  running.add(child);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      running.delete(child);
      closeSync(fd);
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} exited with ${code}:\n${tail(options.logFile)}`));
    });
  });
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** Seeds `products` generated products (null: the demo catalogue) into the database `env` names, replacing any. */
export async function seed(products: number | null, options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Promise<void> {
  await runToEnd(['src/server/commands/seed.ts', ...(products === null ? ['--demo'] : ['--products', String(products)]), '--reset'], options);
}

export interface Server {
  pid: number;
  origin: string;
  /** Resident memory now, in MB, from /proc/<pid>/status. */
  rssMb(): number;
  /** CPU time the process has used so far (user and system), in seconds, from /proc/<pid>/stat. */
  cpuSeconds(): number;
  /** Samples RSS every 100 ms until the returned function is called, which answers the peak in MB. */
  watchRss(): () => number;
  stop(): Promise<void>;
}

/** Memory of a process from /proc (Linux): VmRSS now or VmHWM (its peak so far), in MB. */
export function readMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node runs on). */
const CLOCK_TICKS = 100;

/** CPU time of a process so far, user and system, in seconds (Linux). */
export function readCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** True when something already listens on the port (another engineer's server, an earlier run). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a Node script as a child process and waits until it has logged `readyLine` (so the
 * answer comes from this process, not from anything else on the port) and `readyPath` answers 200.
 * Its output goes to `logFile` (the shop logs every request at the production level, info).
 */
export async function startServer(options: {
  script: string;
  args?: string[];
  nodeArgs?: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  readyLine: RegExp;
  readyPath: string;
  logFile: string;
  timeoutMs?: number;
}): Promise<Server> {
  if (await portInUse(options.port)) throw new Error(`port ${options.port} is already in use: stop what runs there or give the bench other ports (BENCH_PORT)`);
  const fd = openSync(options.logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(options.port) },
    stdio: ['ignore', fd, fd],
    // Its own process group, so stopping it also stops what it started (a site build's astro).
    detached: true,
  });
  closeSync(fd);
  running.add(child);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      running.delete(child);
      resolve();
    }),
  );
  const origin = `http://127.0.0.1:${options.port}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined) throw new Error(`${options.script} exited with ${exited} before it was ready:\n${tail(options.logFile)}`);
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`${options.script} was not ready within ${timeoutMs / 1000} s:\n${tail(options.logFile)}`);
    }
    if (options.readyLine.test(readFileSync(options.logFile, 'utf8')) && (await fetch(origin + options.readyPath).then((r) => r.ok, () => false))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    pid,
    origin,
    rssMb: () => readMemoryMb(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    watchRss() {
      let peak = readMemoryMb(pid);
      const timer = setInterval(() => {
        try {
          peak = Math.max(peak, readMemoryMb(pid));
        } catch {
          // The process ended; the peak so far stands.
        }
      }, 100);
      return () => {
        clearInterval(timer);
        return peak;
      };
    },
    async stop() {
      if (exited !== undefined) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** A fresh PostgreSQL database on the server `adminUrl` names, dropped by `drop()`. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `jersey_bench_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Files and bytes under a folder (the built site). */
export async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        files++;
        bytes += (await stat(full)).size;
      }
    }
  };
  await walk(dir);
  return { files, bytes };
}
