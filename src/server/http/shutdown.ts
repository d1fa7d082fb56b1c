/**
 * The stop's gate (docs/operations.md "Health, readiness and zero-downtime restarts"). It counts
 * the requests being served; once the stop closes the instance (`refuse`), every later request
 * that reaches it (on a new connection, a kept-alive one, or one whose head was still arriving) is
 * answered with the envelope's 1503 and `Connection: close` before any other hook runs, instead
 * of Fastify's own 503 body. `settled` tells when the last request served has been answered, and
 * `quiet` when nothing more has come for a moment.
 */
import type { FastifyInstance } from 'fastify';
import { CODES } from '../../domain/api/envelope.ts';
import { fail } from '../errors.ts';

/**
 * How long nothing must arrive before the listener may close. Connections the kernel accepted
 * wait for the event loop's next turns, which a loaded process takes late; a balancer that has
 * taken the instance out sends nothing more, so the quiet comes at once after its last request.
 */
const QUIET_MS = 100;
/** The longest the gate waits for that quiet while requests keep coming: then it closes anyway. */
const QUIET_WAIT_MAX_MS = 2_000;

export class ShutdownGate {
  private serving = 0;
  private refusing = false;
  private readonly idle: (() => void)[] = [];
  private lastArrival = 0;

  /** Registers the counting hook: call it before any other hook, so a refused request runs none. */
  install(app: FastifyInstance): void {
    app.server.on('connection', () => (this.lastArrival = Date.now()));
    app.addHook('onRequest', (_request, reply, done) => {
      this.lastArrival = Date.now();
      if (this.refusing) {
        done(fail(CODES.UNAVAILABLE, 'server.shuttingDown'));
        return;
      }
      this.serving++;
      // 'close' comes once, after the answer is sent, and also when the client goes away first.
      // One listener for every request: no closure or once-wrapper made per request.
      reply.raw.on('close', this.answered);
      done();
    });
  }

  private readonly answered = (): void => {
    this.serving--;
    if (this.serving === 0) for (const resolve of this.idle.splice(0)) resolve();
  };

  /** From now on every request is answered 1503. */
  refuse(): void {
    this.refusing = true;
  }

  /** Resolves once no request is being served (at once if none is). */
  settled(): Promise<void> {
    if (this.serving === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Resolves once no connection and no request has come for QUIET_MS (or QUIET_WAIT_MAX_MS have passed). */
  async quiet(): Promise<void> {
    const until = Date.now() + QUIET_WAIT_MAX_MS;
    for (;;) {
      // After the event loop's poll phase, which takes the connections waiting to be accepted: a
      // timer that fires after the process stood still (a loaded machine) runs before it.
      await new Promise((resolve) => setImmediate(resolve));
      const wait = this.lastArrival + QUIET_MS - Date.now();
      if (wait <= 0 || Date.now() >= until) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - Date.now())));
    }
  }
}
