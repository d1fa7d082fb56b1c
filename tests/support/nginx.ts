/**
 * Debian's nginx serving a built site with the host rules the build wrote
 * (`.hosting/nginx.conf`, docs/deployment.md), as an operator runs it: its own configuration,
 * pid, logs and temp folders in a temporary folder, a port of its own, in the foreground
 * (`daemon off`), and the API instances as the `shop_api` upstream, balanced round-robin with the
 * `max_fails`/`fail_timeout` docs/deployment.md recommends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { NGINX_SERVER_PARAMETERS } from '../../src/server/hosting/host-rules.ts';

/** Debian's nginx (`.ci/run` installs it). */
export const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The error log so far (for a failing test's message). */
  errors: () => Promise<string>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface NginxOptions {
  /** The server block's root: the folder that holds the site. */
  root: string;
  /** The release's generated rules (`.hosting/nginx.conf`), included in the server block. */
  rules: string;
  /** The API instances (`127.0.0.1:3000`), the servers of `shop_api`. */
  api: string | readonly string[];
  /** The port to listen on; a free one by default. */
  port?: number;
  /** Connections of the one worker (256 by default; a load test needs more). */
  workerConnections?: number;
  /** Whether to keep an access log (on by default; a load test spares the disk). */
  accessLog?: boolean;
}

/**
 * Starts nginx with `root` as the server's root and `rules` (the release's nginx.conf) included
 * in its server block, forwarding to the instances at `api`.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
  const port = options.port ?? (await freePort());
  const servers = typeof options.api === 'string' ? [options.api] : options.api;
  const config = [
    // Started by root (CI), nginx would run its workers as nobody, who may not read a work tree's files.
    ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    `events { worker_connections ${options.workerConnections ?? 256}; }`,
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    options.accessLog === false ? '  access_log off;' : `  access_log ${dir}/access.log;`,
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    '  upstream shop_api {',
    ...servers.map((server) => `    server ${server} ${NGINX_SERVER_PARAMETERS};`),
    '    keepalive 16;',
    '  }',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${options.root};`,
    `    include ${options.rules};`,
    '  }',
    '}',
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'nginx.conf'), config);
  const errors = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');

  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${await errors()}`);
    const answered = await fetch(`${url}/.ready-probe`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() - started > 15_000) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not answer on ${url}: ${stderr}${await errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    errors,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
