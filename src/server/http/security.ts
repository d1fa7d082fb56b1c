/**
 * Transport and header hardening: HSTS, nosniff, referrer policy,
 * frame-ancestors, a Content-Security-Policy per kind of response, CORS from an allow-list, and
 * no-store on anything personal.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyCors from '@fastify/cors';
import { frameSources } from '../../domain/paypal-csp.ts';

/** JSON and images from the API never need to run or load anything. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * Pages carry their own script-src and style-src (Astro writes a CSP meta tag with the hashes of
 * what it inlines); the header adds what a meta tag cannot say and what must hold regardless.
 */
const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/**
 * Frames a page may show: none of its own; PayPal's buttons and card form when the real PayPal is
 * used (the checkout pages' own <meta> policy narrows it to them; the header covers every page).
 */
function pageCsp(frameOrigins: readonly string[]): string {
  return `${PAGE_CSP}; ${frameSources(frameOrigins)}`;
}
const DOCS_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

export interface SecurityOptions {
  corsOrigins: string[];
  apiPrefix: string;
  /** Origins pages may frame (PayPal's, with real credentials); none otherwise. */
  frameOrigins?: readonly string[];
}

/** What helmet is asked for: its defaults, with the CSP written below instead and a year of HSTS. */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet sets with `options`, read once from a throwaway server. Helmet's values and
 * defaults stay helmet's, but its plugin builds its middleware again on every request (two hooks,
 * a closure and an options merge each time), which cost more than the health route itself; these
 * headers never change, so one hook copies them.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'probe');
    const response = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return response.headers;
  };
  const [plain, helmeted] = await Promise.all([answer(false), answer(true)]);
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmeted)) {
    if (plain[name] === undefined && typeof value === 'string') added[name] = value;
  }
  return added;
}

/**
 * Of helmet's headers, those that mean something to a JSON or image answer. The rest (frame and
 * opener policies, legacy IE and Flash switches, DNS prefetch, agent clusters) act on documents
 * only; API answers skip them, which is a third less header work per request.
 */
const API_HARDENING = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy'];

function pageHeadersWith(hardening: Record<string, string>, frameOrigins: readonly string[]): Record<string, string> {
  return { ...hardening, 'content-security-policy': pageCsp(frameOrigins) };
}

/**
 * The headers of every answer that is not the API's (pages, the site's other files, its error
 * pages), by lower-case name: helmet's hardening and the page policy, whose frame-src admits
 * `frameOrigins`. One list for the shop's own server (below) and for the rules the build writes
 * for static hosts (src/server/hosting/host-rules.ts), so a page has the same headers wherever
 * it is served from.
 */
export async function pageHeaders(frameOrigins: readonly string[]): Promise<Record<string, string>> {
  return pageHeadersWith(await helmetHeaders(HELMET_OPTIONS), frameOrigins);
}

/** What @fastify/cors is told: it answers preflights (OPTIONS); `corsHeaders` follows the same rules on every other answer. */
const CORS_OPTIONS = {
  credentials: true,
  allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'X-Visitor-Id', 'Accept-Language', 'Idempotency-Key'],
  exposedHeaders: ['X-Request-Id', 'X-Visitor-Id'],
  maxAge: 600,
};

/**
 * The CORS headers of an answer that is not a preflight, by @fastify/cors's rules for an
 * allow-list: every answer varies on Origin; an allowed Origin is echoed back with the
 * credentials and exposed headers. Those two are left off other answers (@fastify/cors sends them
 * always): a browser reads them only beside an allowed origin, and two headers fewer is less
 * work for every same-origin answer. The fixed part joins the hardening, so a request pays one
 * hook and one copy, not the plugin's options merge, route-options object and callbacks per
 * request (docs/performance.md "The read path").
 */
function corsHeaders(origins: readonly string[]): { vary: Record<string, string>; granted(origin: string): Record<string, string> | undefined } {
  const sharing = { 'access-control-allow-credentials': 'true', 'access-control-expose-headers': CORS_OPTIONS.exposedHeaders.join(', ') };
  const byOrigin = new Map(origins.map((origin) => [origin, { 'access-control-allow-origin': origin, ...sharing }]));
  const wildcard = byOrigin.get('*');
  return { vary: { vary: 'Origin' }, granted: (origin) => wildcard ?? byOrigin.get(origin) };
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const hardening = await helmetHeaders(HELMET_OPTIONS);
  const apiHeaders = {
    ...Object.fromEntries(API_HARDENING.flatMap((name) => (hardening[name] ? [[name, hardening[name]]] : []))),
    'content-security-policy': API_CSP,
    // API answers may be personal (carts, accounts): never kept by shared caches.
    'cache-control': 'no-store',
    // Names, descriptions and messages come in the Accept-Language's locale; CORS answers follow
    // the Origin.
    vary: 'Origin, Accept-Language',
  };
  const docsHeaders = { ...hardening, 'content-security-policy': DOCS_CSP };
  const forPages = pageHeadersWith(hardening, options.frameOrigins ?? []);
  const origins = [...new Set(options.corsOrigins)];
  const cors = corsHeaders(origins);
  // Preflights only: the plugin's hook and its OPTIONS route live in a context of their own, so
  // other requests do not run its hook (their CORS headers come with the hardening below).
  await app.register(async (preflights) => {
    await preflights.register(fastifyCors, { ...CORS_OPTIONS, origin: origins });
  });
  const apiPath = `${options.apiPrefix}/`;
  const docsPath = `${options.apiPrefix}/docs`;
  // Set before the handler, so that a route or plugin that sets its own policy or caching (the
  // static site, the docs) replaces these. Chosen by path, not by content type: a 304
  // revalidation has no content type, and the browser keeps the policy it brings for the cached page.
  const kindOf = (url: string) => (url.startsWith(docsPath) ? 'docs' : url.startsWith(apiPath) || url === options.apiPrefix ? 'api' : 'pages');
  const hardened = { api: apiHeaders, docs: docsHeaders, pages: forPages };
  app.decorate('securityHeadersFor', (url: string) => hardened[kindOf(url)]);
  // The same with the CORS headers joined in (the kind's own Vary wins), made once.
  const answered = { api: { ...cors.vary, ...apiHeaders }, docs: { ...cors.vary, ...docsHeaders }, pages: { ...cors.vary, ...forPages } };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answered[kindOf(request.url)]);
    const granted = request.headers.origin === undefined ? undefined : cors.granted(request.headers.origin);
    if (granted) reply.headers(granted);
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers this plugin gives an answer to `url`, for answers made where no hook runs (an unreadable address). */
    securityHeadersFor(url: string): Record<string, string>;
  }
}

export default fp(securityPlugin, { name: 'security' });
