/**
 * The stop's gate (docs/operations.md "Health, readiness and zero-downtime restarts"). It counts
 * the requests being served; once the stop closes the instance (`refuse`), every later request
 * that still reaches it (on a kept-alive connection, or one whose head was still arriving) is
 * answered with the envelope's 1503 and `Connection: close` before any other hook runs, instead
 * of Fastify's own 503 body, and `settled` tells when the last request served has been answered.
 */
import type { FastifyInstance } from 'fastify';
import { CODES } from '../../domain/api/envelope.ts';
import { fail } from '../errors.ts';

export class ShutdownGate {
  private serving = 0;
  private refusing = false;
  private readonly idle: (() => void)[] = [];

  /** Registers the counting hook: call it before any other hook, so a refused request runs none. */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      if (this.refusing) {
        done(fail(CODES.UNAVAILABLE, 'server.shuttingDown'));
        return;
      }
      this.serving++;
      // 'close' comes after the answer is sent, and also when the client goes away first.
      reply.raw.once('close', () => {
        this.serving--;
        if (this.serving === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
      done();
    });
  }

  /** From now on every request is answered 1503. */
  refuse(): void {
    this.refusing = true;
  }

  /** Resolves once no request is being served (at once if none is). */
  settled(): Promise<void> {
    if (this.serving === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}
