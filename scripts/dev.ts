/**
 * `npm run dev`: the API (API-only, on API_PORT, default 3000) plus Astro's dev server, which
 * proxies /api to it and reloads pages as their source changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BuildConfigError, loadBuildConfig } from '../src/build-config.ts';

let apiPort: string;
try {
  apiPort = String(loadBuildConfig().API_PORT);
} catch (error) {
  if (!(error instanceof BuildConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const children: ChildProcess[] = [];
const run = (args: string[], env: Record<string, string>) => {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
};

run([path.join('src', 'server', 'commands', 'start.ts')], { PORT: apiPort, SITE_DIR: '' });
run([path.join('node_modules', 'astro', 'bin', 'astro.mjs'), 'dev'], { API_PORT: apiPort, ASTRO_TELEMETRY_DISABLED: '1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => children.forEach((child) => child.kill(signal)));
