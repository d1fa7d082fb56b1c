/**
 * Listening and graceful shutdown. On SIGTERM or SIGINT readiness answers 503 at once; after the
 * drain period (time for a balancer to notice and stop sending requests, which are served
 * meanwhile) the server answers every later request with the envelope's 1503, lets in-flight
 * requests finish (up to the grace period), stops accepting connections, then closes the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';

export interface Running {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

export async function listen(
  app: FastifyInstance,
  database: Database,
  options: { host: string; port: number; graceMs: number; drainMs?: number; beforeClose?: () => Promise<void> },
): Promise<Running> {
  const address = await app.listen({ host: options.host, port: options.port });
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      app.closing = true;
      const drainMs = options.drainMs ?? 0;
      if (drainMs > 0) {
        app.log.info({ drainMs }, 'draining: readiness fails, requests are still served');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      const timer = setTimeout(() => {
        app.log.error('in-flight requests did not finish in time; exiting');
        process.exit(1);
      }, options.graceMs);
      timer.unref();
      try {
        // Work of this process beside requests (a site build) ends while the database is open.
        await options.beforeClose?.();
        await closeServing(app);
      } finally {
        await database.close();
        clearTimeout(timer);
      }
    })());
  return { app, url: address, stop };
}

/**
 * Closes the instance without losing a request: from now on every request is answered with the
 * envelope's 1503 and `Connection: close` (the shutdown gate), while the requests in flight finish
 * and until no connection or request has come for a moment; only then does the listener close and
 * Node close the idle kept-alive connections. Closing the listener earlier would reset the
 * connections the kernel had accepted and Node had not yet taken (and their requests), and
 * closing idle connections while requests still come would reset one a client was writing; a
 * client or balancer retries a 1503 (src/client/http.ts does).
 */
async function closeServing(app: FastifyInstance): Promise<void> {
  app.shutdown.refuse();
  await app.shutdown.settled();
  await app.shutdown.quiet();
  await app.close();
}

/** Wires the process signals to a graceful stop; a second signal exits at once. */
export function stopOnSignals(running: Running, onStopped: () => void = () => process.exit(0)): void {
  let signalled = false;
  const handler = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    running.app.log.info({ signal }, 'shutting down');
    running.stop().then(onStopped, (error: unknown) => {
      running.app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    });
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
