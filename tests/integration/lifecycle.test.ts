/** Graceful shutdown: in-flight requests finish, new ones are refused, the database closes last. */
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { listen } from '../../src/server/main.ts';
import { describeOnce } from './harness.ts';

// Its own PGlite database on either pass: run once.
describeOnce('shutdown', () => {
  it('lets an in-flight request finish and refuses new ones', async () => {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), siteDir: null };
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    const app = await buildApp({ config, database, logger: false });
    let closedDatabase = false;
    const close = database.close;
    database.close = async () => {
      closedDatabase = true;
      await close();
    };
    // The stop begins once the slow request is inside its handler, however loaded the machine.
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    app.get('/api/test/slow', async () => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { code: '0000', msg: 'success', data: 'done' };
    });
    const running = await listen(app, database, { host: '127.0.0.1', port: 0, graceMs: 5000 });

    const inFlight = fetch(`${running.url}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inside;
    const stopping = running.stop();
    expect(app.closing).toBe(true);

    const late = await fetch(`${running.url}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(late === 'refused' || late === 503).toBe(true);
    expect(closedDatabase).toBe(false);

    const finished = await inFlight;
    expect(finished).toEqual({ status: 200, body: { code: '0000', msg: 'success', data: 'done' } });
    await stopping;
    expect(closedDatabase).toBe(true);
  });

  it('answers every request across the stop in the envelope: in-flight ones finish, later ones (kept-alive, new, half-sent) get 1503, none is reset', async () => {
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), siteDir: null };
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    const app = await buildApp({ config, database, logger: false });
    // Held requests: in flight until the test lets them go, however loaded the machine.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inside = 0;
    let allInside!: () => void;
    const entered = new Promise<void>((resolve) => (allInside = resolve));
    const HELD = 4;
    app.get('/api/test/held', async () => {
      if (++inside === HELD) allInside();
      await released;
      return { code: '0000', msg: 'success', data: 'done' };
    });
    const running = await listen(app, database, { host: '127.0.0.1', port: 0, graceMs: 10_000 });
    const { port } = new URL(running.url);

    type Outcome = { status: number; connection: string | undefined; body: string } | { error: string };
    const get = (path: string, agent: Agent | false) =>
      new Promise<Outcome>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
          res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        req.end();
      });
    const envelopeOf = (outcome: Outcome) => {
      if ('error' in outcome) return outcome;
      try {
        const body = JSON.parse(outcome.body) as Record<string, unknown>;
        return { status: outcome.status, connection: outcome.connection, code: body.code, envelope: typeof body.code === 'string' && typeof body.msg === 'string' && 'data' in body };
      } catch {
        return { status: outcome.status, body: outcome.body };
      }
    };

    // Sockets a client keeps alive, idle when the stop begins, and requests in flight on others.
    const kept = new Agent({ keepAlive: true, maxSockets: 3 });
    const busy = new Agent({ keepAlive: true, maxSockets: HELD });
    await Promise.all([1, 2, 3].map(() => get('/api/health', kept)));
    const held = Array.from({ length: HELD }, () => get('/api/test/held', busy));
    // A request whose head is still arriving when the stop begins (a slow client, a loaded machine).
    const slow = connect({ host: '127.0.0.1', port: Number(port) });
    let slowAnswer = '';
    const slowDone = new Promise<Outcome>((resolve) => {
      slow.on('data', (chunk) => (slowAnswer += chunk.toString()));
      slow.on('end', () => {
        const [head = '', body = ''] = slowAnswer.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), connection: /\r\nconnection: ([^\r]*)/i.exec(head)?.[1]?.toLowerCase(), body });
      });
      slow.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    await new Promise<void>((resolve) => slow.write('GET /api/products HTTP/1.1\r\nHost: shop.example\r\n', () => resolve()));
    await entered;

    const stopping = running.stop();
    // Long enough for a stop to have closed the listener and reaped idle sockets, had it done so.
    await new Promise((resolve) => setTimeout(resolve, 200));
    slow.write('\r\n');
    const late = await Promise.all([...[1, 2, 3].map(() => get('/api/products', kept)), ...[1, 2, 3].map(() => get('/api/ready', false)), slowDone]);
    release();
    const finished = await Promise.all(held);
    await stopping;
    kept.destroy();
    busy.destroy();

    expect(finished.map(envelopeOf)).toEqual(Array.from({ length: HELD }, () => ({ status: 200, connection: 'close', code: '0000', envelope: true })));
    expect(late.map(envelopeOf)).toEqual(late.map(() => ({ status: 503, connection: 'close', code: '1503', envelope: true })));
    // Once the stop has ended, the port refuses connections.
    expect(await get('/api/health', false)).toEqual({ error: 'ECONNREFUSED' });
  });
});
