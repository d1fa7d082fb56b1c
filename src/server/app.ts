/**
 * buildApp assembles the server from a configuration and an open database, without listening:
 * tests drive it through `inject`, main.ts listens.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { constants as zlib } from 'node:zlib';
import { CURRENCIES, BASE_CURRENCY } from '../domain/money.ts';
import { FREE_SHIPPING_THRESHOLD_EUR, MAX_LINE_QUANTITY } from '../domain/pricing.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import envelope, { ok, requestIdFrom } from './plugins/envelope.ts';
import security from './plugins/security.ts';
import { pageFallbacks, readNotFoundPage, sitePlugin } from './plugins/site.ts';
import visitor from './plugins/visitor.ts';
import { cartRoutes } from './routes/cart.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import mediaRoutes from './routes/media.ts';
import { CartService } from './services/cart.ts';
import { CatalogueService } from './services/catalogue.ts';
import { GeoService } from './services/geo.ts';
import { fail } from './errors.ts';
import { CODES } from '../domain/api.ts';

export const API_PREFIX = '/api';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process is shutting down: health answers 503 so balancers move away. */
    closing: boolean;
  }
}

export async function buildApp({ config, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
    },
    genReqId: requestIdFrom,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.decorate('closing', false);
  // While shutting down, answers close their connection, so idle keep-alive sockets cannot hold
  // the close open after the last in-flight request.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.closing) reply.header('connection', 'close');
    return payload;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const catalogue = new CatalogueService(database.db);
  const geo = new GeoService(database.db);
  const cart = new CartService(database.db, config.discountTiers);

  await app.register(cookie);
  await app.register(envelope, {
    apiPrefix: API_PREFIX,
    notFoundPage: await readNotFoundPage(config.siteDir),
    pageFallback: pageFallbacks(config.siteDir, config.basePath, (id) => catalogue.exists(id)),
  });
  await app.register(security, { corsOrigins: config.corsOrigins, apiPrefix: API_PREFIX });
  await app.register(visitor);
  await app.register(compress, {
    threshold: 1024,
    // Brotli's default quality is for offline compression; 4 keeps dynamic answers cheap.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      allowList: (request) => !request.url.startsWith(API_PREFIX) || request.url.startsWith(`${API_PREFIX}/media/`),
    });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'Jersey shop API', version: '1.0.0', description: 'Every answer is the envelope {code, msg, data}; code "0000" is success.' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['system'], summary: 'Liveness and database reachability' } }, async () => {
        if (app.closing) throw fail(CODES.UNAVAILABLE, 'Shutting down');
        await database.db.execute(sql`select 1`);
        return ok({ status: 'ok', database: database.kind, uptimeSeconds: Math.round(process.uptime()) });
      });
      api.route({
        method: ['GET', 'POST'],
        url: '/demo/shop/config',
        schema: { tags: ['system'], summary: 'Discount tiers, currencies and thresholds the storefront displays' },
        handler: async () =>
          ok({
            baseCurrency: BASE_CURRENCY,
            currencies: Object.values(CURRENCIES),
            discountTiers: config.discountTiers,
            freeShippingThreshold: FREE_SHIPPING_THRESHOLD_EUR,
            maxLineQuantity: MAX_LINE_QUANTITY,
          }),
      });
      await api.register(catalogueRoutes({ catalogue, geo }));
      await api.register(cartRoutes(cart));
    },
    { prefix: API_PREFIX },
  );

  // Media routes carry their full /api/media/... paths.
  await app.register(mediaRoutes);
  if (config.siteDir) await app.register(sitePlugin, { root: config.siteDir, basePath: config.basePath });
  return app;
}
