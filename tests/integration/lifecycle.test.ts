/** Graceful shutdown: in-flight requests finish, new ones are refused, the database closes last. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { listen } from '../../src/server/main.ts';

describe('shutdown', () => {
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
});
