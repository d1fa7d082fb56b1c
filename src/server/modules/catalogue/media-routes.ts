/**
 * Catalogue pictures drawn on request from their URL (see media/shirt-svg.ts). A URL always
 * means the same picture, so answers are cacheable forever; anything that does not parse is a
 * 404 in the API's envelope.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_PREFIX } from '../../../domain/site-routes.ts';
import { notFound } from '../../errors.ts';
import { renderPatch, renderShirt, renderShorts, renderSocks } from '../../media/shirt-svg.ts';

/** SVG can carry script and links: as a document it may load nothing and run nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const SHIRT_FILE = /^(.+)-(front|back)\.svg$/;
const SVG_FILE = /^(.+)\.svg$/;

type Params = { file: string };

/** The API's 404 envelope (worded by the error handler), never cached. */
function imageNotFound(reply: FastifyReply): never {
  reply.header('cache-control', 'no-store');
  throw notFound('image');
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, body: string | null) {
  if (body === null) imageNotFound(reply);
  // Weak: compression changes the bytes on the wire but not the picture.
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('content-security-policy', SVG_CSP)
    .header('x-content-type-options', 'nosniff');
  const match = request.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((tag) => ['*', etag, etag.slice(2)].includes(tag.trim()))) {
    return reply.code(304).send();
  }
  return reply.send(body);
}

/** The design part of "<design>.svg", or null. */
function designOf(file: string): string | null {
  return SVG_FILE.exec(file)?.[1] ?? null;
}

export default async function mediaRoutes(app: FastifyInstance) {
  const schema = { hide: true };

  app.get<{ Params: Params }>(`${MEDIA_PREFIX}/shirt/:file`, { schema }, async (request, reply) => {
    const match = SHIRT_FILE.exec(request.params.file);
    if (!match) imageNotFound(reply);
    return sendSvg(request, reply, renderShirt(match[1] as string, match[2] as 'front' | 'back'));
  });

  const simple = [
    ['patch', renderPatch],
    ['shorts', renderShorts],
    ['socks', renderSocks],
  ] as const;
  for (const [kind, render] of simple) {
    app.get<{ Params: Params }>(`${MEDIA_PREFIX}/${kind}/:file`, { schema }, async (request, reply) => {
      const design = designOf(request.params.file);
      return sendSvg(request, reply, design === null ? null : render(design));
    });
  }
}
