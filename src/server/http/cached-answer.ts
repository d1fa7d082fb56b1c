/**
 * Answers kept ready to send (product detail, navigation, search results): the envelope is
 * serialised once and compressed once per encoding a client asks for, instead of on every request.
 * What they hold and when they are dropped is the catalogue routes' business.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locale } from '../../domain/locale.ts';
import { KeyedCache } from './cached.ts';
import { localeOf } from './context.ts';
import { ok } from './envelope.ts';
import { memoByText } from './text-memo.ts';

/** Smaller answers go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
/** Paid once per answer, so a better ratio than the 4 used for answers made per request. */
const BROTLI_QUALITY = 6;

type Encoding = 'br' | 'gzip';

/**
 * A copy with a memory block of its own. Small buffers are views of shared blocks (zlib answers
 * one of its 64 KB output block, Buffer.from takes Node's 64 KB pool, where zlib's short-lived
 * blocks come from too): kept for long, each would keep its whole block alive.
 */
function ownBytes(view: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(view.length);
  view.copy(copy);
  return copy;
}

export class CachedAnswer {
  readonly json: Buffer;
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};

  constructor(envelope: unknown) {
    this.json = ownBytes(Buffer.from(JSON.stringify(envelope)));
  }

  /** What it holds in memory, counting room for its compressed forms. */
  get bytes(): number {
    return this.json.length * 2;
  }

  body(encoding: Encoding): Buffer {
    let body = this.encoded[encoding];
    if (!body) {
      const compressed = encoding === 'br' ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(this.json);
      body = ownBytes(compressed);
      this.encoded[encoding] = body;
    }
    return body;
  }
}

/** A cache of answers, at most `maxBytes` of them; `name` labels its hits and misses in the metrics. */
export function answerCache(maxBytes: number, name: string): KeyedCache<string, CachedAnswer> {
  return new KeyedCache<string, CachedAnswer>({ maxBytes, sizeOf: (answer) => answer.bytes, name });
}

/** Brotli if the client takes it, else gzip, else none (an encoding with q=0 is refused); kept by the header's text. */
export const chooseEncoding = memoByText((acceptEncoding: string | undefined): Encoding | null => {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (params.some((p) => /^q=0(\.0*)?$/.test(p))) continue;
    if (name === 'br' || name === '*') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
});

export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (answer.json.length < COMPRESS_FROM_BYTES) return reply.send(answer.json);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json);
  // With Content-Encoding set, @fastify/compress leaves the answer alone.
  return reply.header('content-encoding', encoding).send(answer.body(encoding));
}

/**
 * A route handler answering from `cache`: the key, and on a miss the envelope's data, are made
 * from the request and its language. A hit is answered at once, with no promise, closure or
 * await (the handler sends and returns nothing, which Fastify takes as answered); a miss returns
 * the promise of its answer.
 */
export function answerFrom<R extends FastifyRequest>(
  cache: KeyedCache<string, CachedAnswer>,
  keyOf: (request: R, locale: Locale) => string,
  dataOf: (request: R, locale: Locale) => Promise<unknown>,
): (request: R, reply: FastifyReply) => Promise<FastifyReply> | undefined {
  const missed = async (request: R, reply: FastifyReply, key: string, locale: Locale) =>
    sendCached(request, reply, await cache.get(key, async () => new CachedAnswer(ok(await dataOf(request, locale)))));
  return (request, reply) => {
    const locale = localeOf(request);
    const key = keyOf(request, locale);
    const kept = cache.hit(key);
    if (kept === undefined) return missed(request, reply, key, locale);
    sendCached(request, reply, kept);
    return undefined;
  };
}
