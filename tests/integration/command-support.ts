/**
 * The shop's operator commands (`npm run admin`, `npm run seed`) run as child processes against a
 * database of their own: on PostgreSQL a fresh shop database beside the command, on PGlite a
 * folder the command opens (the shop opens it only after the command).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestShop, onPostgres, type TestShop } from './harness.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandDatabase {
  readonly dataDir: string;
  /** Null on PGlite. */
  readonly pgShop: TestShop | null;
  /** The environment a command gets: quiet, quick password hashing, this database. */
  env(): NodeJS.ProcessEnv;
}

/** Made before the file's tests and removed after them. */
export function commandDatabase(prefix: string): CommandDatabase {
  let dataDir = '';
  let pgShop: TestShop | null = null;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), prefix));
    if (onPostgres) pgShop = await createTestShop({}, { seed: false });
  });
  afterAll(async () => {
    await pgShop?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get dataDir() {
      return dataDir;
    },
    get pgShop() {
      return pgShop;
    },
    env() {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
      if (pgShop) env.DATABASE_URL = pgShop.config.databaseUrl!;
      return env;
    },
  };
}

/** A script of the repository in a child Node, with `stdin` piped in when given. */
export function runScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { cwd: ROOT, env, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}
