/**
 * Transport and header hardening (security checklist item 34): HSTS, nosniff, referrer policy,
 * frame-ancestors, a Content-Security-Policy per kind of response, CORS from an allow-list, and
 * no-store on anything personal.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** JSON and images from the API never need to run or load anything. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * Pages carry their own script-src and style-src (Astro writes a CSP meta tag with the hashes of
 * what it inlines); the header adds what a meta tag cannot say and what must hold regardless.
 */
const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/** Frames a page may show: none of its own; PayPal's buttons and card form when the real PayPal is used. */
function pageCsp(frameOrigins: readonly string[]): string {
  return `${PAGE_CSP}; frame-src ${frameOrigins.length ? frameOrigins.join(' ') : "'none'"}`;
}
const DOCS_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

export interface SecurityOptions {
  corsOrigins: string[];
  apiPrefix: string;
  /** Origins pages may frame (PayPal's, with real credentials); none otherwise. */
  frameOrigins?: readonly string[];
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const pagePolicy = pageCsp(options.frameOrigins ?? []);
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const allowed = new Set(options.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
    credentials: true,
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'X-Visitor-Id', 'Accept-Language', 'Idempotency-Key'],
    exposedHeaders: ['X-Request-Id', 'X-Visitor-Id'],
    maxAge: 600,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-security-policy')) return payload;
    // Chosen by path, not by content type: a 304 revalidation has no content type, and the
    // browser keeps the policy it brings for the cached page.
    const url = request.url;
    if (url.startsWith(`${options.apiPrefix}/docs`)) reply.header('content-security-policy', DOCS_CSP);
    else if (url.startsWith(`${options.apiPrefix}/`) || url === options.apiPrefix) reply.header('content-security-policy', API_CSP);
    else reply.header('content-security-policy', pagePolicy);
    // API answers may be personal (carts, later accounts): never kept by shared caches.
    if (url.startsWith(options.apiPrefix) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityPlugin, { name: 'security' });
