/**
 * `request.log`, made only when a request logs something. Fastify gives every request a child of
 * the app's logger bound to its request id; pino builds that child with the redaction's
 * stringifiers and new formatters each time, a measurable share of a cached answer's time
 * (docs/performance.md "The read path, 28 November 2026"). At the production level (info) a
 * request that succeeds logs nothing, so the child is made at the first line a level lets through,
 * with the same bindings, options and output as Fastify's own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Write = (this: FastifyBaseLogger, ...args: unknown[]) => void;

/** What pino offers beyond Fastify's logger type: whether a level is written at all. */
type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

class RequestLogger implements FastifyBaseLogger {
  private readonly parent: LevelAware;
  private readonly bindings: Bindings;
  private made: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.parent = parent;
    this.bindings = bindings;
  }

  /** pino's child for this request, made on first use. */
  private own(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  /** A line at `level`: nothing when the level is off and the child not made yet, else the child's. */
  write(level: Level, args: unknown[]): void {
    if (this.made === null && this.parent.isLevelEnabled?.(level) === false) return;
    const own = this.own();
    (own[level] as Write).apply(own, args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.own().level = level;
  }

  // One method per level, on the prototype (below), so a request's logger stays one small object.
  declare readonly fatal: Write;
  declare readonly error: Write;
  declare readonly warn: Write;
  declare readonly info: Write;
  declare readonly debug: Write;
  declare readonly trace: Write;

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.own().child(bindings, options);
  }
}

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/**
 * Fastify's childLoggerFactory: a route with its own log level or serialisers (none today) gets
 * pino's child at once; every other request a logger that makes it when first used.
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return options.level !== undefined || options.serializers !== undefined ? logger.child(bindings, options) : new RequestLogger(logger, bindings);
}
