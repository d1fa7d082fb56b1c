/**
 * buildApp assembles the server from a configuration and an open database, without listening:
 * tests drive it through `inject`, main.ts listens.
 */
import { eq } from 'drizzle-orm';
import type { CurrencyCode } from '../domain/money.model.ts';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type onResponseHookHandler } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { constants as zlib } from 'node:zlib';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { MailTransport } from './mail/mailer.ts';
import { newSignInMail } from './mail/templates.ts';
import { isLocale } from '../domain/locale.ts';
import authPlugin, { authGuards } from './http/auth.ts';
import { actorOf } from './http/context.ts';
import envelope, { answerClientError, requestIdFrom } from './http/envelope.ts';
import security from './http/security.ts';
import { ShutdownGate } from './http/shutdown.ts';
import { pageFallbacks, readNotFoundPages, sitePlugin } from './http/site.ts';
import visitor from './http/visitor.ts';
import { lazyRequestLogger } from './http/request-logger.ts';
import { paypalApi } from '../domain/api/paypal.ts';
import { paypalFrameOrigins } from '../domain/paypal-csp.ts';
import { API_PREFIX } from '../domain/site-routes.ts';
import {
  AccessTokens,
  AccountService,
  AddressService,
  PasswordHasher,
  RateLimiter,
  SessionService,
  UserService,
  requestLimitStore,
  addressRoutes,
  authRoutes,
  userRoutes,
} from './modules/accounts/index.ts';
import { CartRosters, CartService, cartRoutes } from './modules/cart/index.ts';
import { CATALOGUE_CHANNEL, CatalogueService, StockNews, ProductDesk, ProductBulkDesk, CatalogueFileDesk, ProductImageDesk, catalogueAdminRoutes, catalogueRoutes, extrasAdminRoutes, mediaRoutes, productAdminRoutes, uploadedImageRoutes } from './modules/catalogue/index.ts';
import { CheckoutService, StaffOrderDesk, checkoutRoutes, staffOrderRoutes } from './modules/checkout/index.ts';
import { CouponDesk, CouponService, couponRoutes } from './modules/coupons/index.ts';
import { PageDesk, pageRoutes } from './modules/pages/index.ts';
import { GeoService } from './modules/geo/index.ts';
import { OrderChangeDesk, OrderDesk, OrderService, ShipmentDesk, orderChangeRoutes, orderRoutes, orders as ordersTable, shipmentRoutes } from './modules/orders/index.ts';
import { TaxDocuments, documentRoutes } from './modules/invoices/index.ts';
import {
  PaymentLedger,
  PaymentRequests,
  RequestPayments,
  payRequestRoutes,
  PaymentService,
  PaypalClient,
  PaypalSimulator,
  Reconciler,
  RefundDesk,
  ChangeMoney,
  SIM_PREFIX,
  fetchTransport,
  paypalRoutes,
  simulatorPlugin,
  simulatorTransport,
} from './modules/payments/index.ts';
import { NewsletterService, ReviewService, SavedRosters, WishlistService, shopperRoutes } from './modules/shopper/index.ts';
import { adminRoutes, systemRoutes } from './modules/system/index.ts';
import { AuditLog, auditRoutes } from './modules/audit/index.ts';
import { OrderDetailDesk, backOfficeRoutes, couponUsage, customerRoutes, newsletterRoutes, reviewRoutes, salesReportRoutes, searchRoutes } from './modules/backoffice/index.ts';
import { taxReportRoutes } from './modules/invoices/index.ts';
import { SiteBuilds, siteRoutes } from './modules/site/index.ts';
import { StaffDesk, StaffInvites, StaffRoleDesk, StaffSessionsDesk, inviteRoutes, sessionRoutes, staffRoutes } from './modules/staff/index.ts';
import { TwoFactorService, twoFactorRoutes } from './modules/two-factor/index.ts';
import { ApiTokenService, apiTokenRoutes } from './modules/api-tokens/index.ts';
import { SETTINGS_CHANNEL, SettingsService, settingsRoutes } from './modules/settings/index.ts';
import { JobRunner, Leases } from './modules/jobs/index.ts';
import { loggableError } from './errors.ts';
import { observeRequest, routeTimer, setMailBacklogSource } from './metrics.ts';
import { MailOutbox, MailWorker, OUTBOX_CHANNEL, outboxRoutes, outboxStats, sweepSent } from './modules/outbox/index.ts';
import { sweepDelivered, WEBHOOK_CHANNEL, WebhookDesk, webhookRoutes, WebhookWorker } from './modules/webhooks/index.ts';
import { VitalsStore, vitalsRoutes } from './modules/vitals/index.ts';
import { ReturnDesk, ReturnService, restockedByReturnsTx, returnRoutes } from './modules/returns/index.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
  /** Where the standard logger writes (tests capture it to check what is logged); stdout by default. */
  logStream?: { write(line: string): void };
  /** "Now" for tokens, codes and throttles; tests move it forward. */
  clock?: Clock;
}

/**
 * Log redaction. Fastify logs no bodies and no headers by default; these paths keep secrets out
 * should anything ever log a request's headers or body.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-visitor-id"]',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.token',
  '*.refreshToken',
];

/**
 * Fastify's two lines per request (in and out), moved from info to debug: writing them took a
 * third of a cheap request's time. At the production level (info) requests are not logged one by
 * one (the balancer's access log has them); a request that fails is, with its error.
 */
class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** How often Node looks for connections past their headers or request time limit. */
const CHECK_TIMEOUTS_EVERY_MS = 1000;

/** How often expired sessions, old throttle counters and old sent mail are swept. */
const HOUSEKEEPING_MS = 15 * 60_000;
/** How often open payment requests past their time are marked expired (the pay page reads a lapsed one as expired meanwhile). */
const PAYMENT_REQUEST_EXPIRY_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process is shutting down: health answers 503 so balancers move away. */
    closing: boolean;
    /** What the stop closes the instance with: requests in flight counted, later ones answered 1503 (main.ts). */
    shutdown: ShutdownGate;
    /** The mail outbox's worker on this instance; tests send what is due with `outbox.drain()`. */
    outbox: MailWorker;
    /** The webhook deliveries' worker on this instance (the same outbox machinery); tests send with `webhooks.drain()`. */
    webhooks: WebhookWorker;
    /** The payment side: the reconciler, and the local PayPal simulator when there are no credentials. */
    payments: { reconciler: Reconciler; simulator: PaypalSimulator | null; service: PaymentService; requests: PaymentRequests; requestPayments: RequestPayments };
  }
}

export async function buildApp({ config, database, logger, logStream, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new RequestLogs(),
    childLoggerFactory: lazyRequestLogger,
    genReqId: requestIdFrom,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Requests reaching a closing instance get the envelope's 1503 from the shutdown gate instead.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A client gets a bounded time to send its request (docs/configuration.md "Slow clients"):
    // Node answers 408 and closes the connection (answerClientError words it). Node looks for late
    // requests every connectionsCheckingInterval (30 s by default, which would double a 30 s bound).
    requestTimeout: config.http.requestMs,
    keepAliveTimeout: config.http.keepAliveMs,
    connectionTimeout: config.http.idleMs,
    http: { headersTimeout: config.http.headersMs, connectionsCheckingInterval: CHECK_TIMEOUTS_EVERY_MS },
    clientErrorHandler: answerClientError,
    // Fastify answers an address its router cannot decode before any hook runs: the hooks'
    // headers, then the envelope or the not-found page, as for any other address.
    frameworkErrors: (error, request, reply) => {
      reply.headers(request.server.securityHeadersFor(request.url));
      return request.server.answerUnreadableAddress(error, request, reply);
    },
  });
  app.decorate('closing', false);
  const shutdown = new ShutdownGate();
  shutdown.install(app);
  app.decorate('shutdown', shutdown);
  // Prometheus: each answer's time by route pattern. Each route gets its own hook with its pattern
  // (`request.routeOptions` builds an object of fifteen fields on every read); answers no route
  // matched are counted by the app's hook.
  app.addHook('onRoute', (route) => {
    const time = routeTimer(route.url);
    const observe: onResponseHookHandler = (request, reply, done) => {
      time(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = route.onResponse ? [route.onResponse, observe].flat() : observe;
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) observeRequest(request.method, 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const catalogue = new CatalogueService(database.db);
  // Every instance drops its cached catalogue answers when the database says the rows changed.
  const stopWatchingCatalogue = await database.listen(CATALOGUE_CHANNEL, (payload) => catalogue.changed(payload));
  app.addHook('onClose', stopWatchingCatalogue);
  const geo = new GeoService(database.db);
  await geo.ready();
  const productImages = new ProductImageDesk(database.db);
  const settings = new SettingsService({ db: database.db, audit: new AuditLog(database.db), merchantEmail: config.merchantEmail, discountTiers: config.discountTiers, warn: (message, section) => app.log.warn({ section }, message) });
  // The settings every price comes from: dropped on every instance when a section is saved.
  const stopWatchingSettings = await database.listen(SETTINGS_CHANNEL, () => settings.changed());
  app.addHook('onClose', stopWatchingSettings);
  const terms = () => settings.terms();
  const cart = new CartService(database.db, terms);

  await app.register(cookie);
  await app.register(envelope, {
    apiPrefix: API_PREFIX,
    notFoundPage: await readNotFoundPages(config.siteDir, config.basePath),
    pageFallback: pageFallbacks(config.siteDir, config.basePath, (id) => catalogue.exists(id)),
  });
  await app.register(security, {
    corsOrigins: config.corsOrigins,
    apiPrefix: API_PREFIX,
    // PayPal's SDK draws its buttons and card form in frames from its own origin.
    frameOrigins: config.paypal.mode === 'simulator' ? [] : paypalFrameOrigins(config.paypal.mode),
  });
  await app.register(visitor);
  await app.register(authPlugin);
  await app.register(compress, {
    threshold: 1024,
    // Brotli's default quality is for offline compression; 4 keeps dynamic answers cheap.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const limiter = new RateLimiter(database.db, config.authSecret, clock);
  if (config.rateLimitPerMinute > 0) {
    // Counted where every instance sees it: Redis when configured, else the database.
    // Without an offline queue a command fails at once while Redis is away (and skipOnError lets the request pass) instead of waiting.
    const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false }) : null;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: loggableError(error) }, 'Redis is unreachable: requests pass unlimited until it answers'));
      await redis.connect().catch(() => {});
      app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    }
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      allowList: (request) => !request.url.startsWith(API_PREFIX) || request.url.startsWith(`${API_PREFIX}/media/`),
      // A counter that cannot be reached must not turn the shop away.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: 'jersey-shop-rl:' } : { store: requestLimitStore(limiter) }),
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

  if (config.authSecretGenerated) app.log.warn('AUTH_SECRET is not set: using a random one, so sign-ins end when this process stops (set it; production refuses to start without it)');
  const db = database.db;
  const mail = new MailOutbox();
  const transport = new MailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, domain: new URL(config.publicSiteUrl).hostname });
  // Invoices and credit notes: issued by orders and payments through their ports, attached to mail by the worker.
  const documents = new TaxDocuments({ db, geo, settings: (tx) => settings.currentIn(tx), clock, fallbackSellerName: new URL(config.publicSiteUrl).hostname });
  const mailWorker = new MailWorker({ db, transport, log: app.log, retryBaseMs: config.mailRetryMs, maxAttempts: config.mailMaxAttempts, attachments: documents });
  if (!config.smtpUrl) app.log.info({ outbox: config.outboxDir }, 'SMTP_URL is not set: mail is written to the outbox folder');
  const site = `${config.publicSiteUrl}${config.basePath}`;
  const users = new UserService(db, { updateEmail: (tx, userId, email, at) => OrderService.updateUnpaidEmail(tx, userId, email, at) });
  // A staff sign-in from a new device mails its owner (docs/accounts-and-security.md "Staff sessions").
  const sessions = new SessionService(db, new AccessTokens(config.authSecret, config.accessTokenTtlSeconds, clock), config.refreshTokenTtlSeconds, clock, (tx, signIn) =>
    mail.queue(tx, { to: signIn.email, kind: 'new-sign-in', ...newSignInMail({ site, locale: isLocale(signIn.locale) ? signIn.locale : 'en-US' }, signIn) }),
  );
  const newsletter = new NewsletterService(db);
  const audit = new AuditLog(db);
  const twoFactor = new TwoFactorService({
    db,
    audit,
    sessions,
    limiter,
    mail,
    secret: config.authSecret,
    clock,
    issuer: new URL(config.publicSiteUrl).hostname,
    site,
    signInFailed: (failure) => void audit.recordSignInFailure(failure).catch((error: unknown) => app.log.error({ err: loggableError(error) }, 'recording a failed staff sign-in failed')),
  });
  const hasher = new PasswordHasher(config.passwordHashCost);
  const accounts = new AccountService({
    db,
    users,
    sessions,
    newsletter,
    hasher,
    limiter,
    mail,
    secret: config.authSecret,
    clock,
    site,
    signInFailed: (failure) => void audit.recordSignInFailure(failure).catch((error: unknown) => app.log.error({ err: loggableError(error) }, 'recording a failed staff sign-in failed')),
    secondStep: (userId) => twoFactor.challengeFor(userId),
  });
  const apiTokens = new ApiTokenService({ db, audit, clock });
  // Refused back-office calls of signed-in callers go to the audit log (docs/accounts-and-security.md "The audit log").
  const guards = authGuards(
    sessions,
    (request, wanted) => audit.recordRefusal({ actor: actorOf(request), route: `${request.method} ${request.routeOptions.url ?? request.url}`, wanted, roles: request.user!.roles }),
    (user) => twoFactor.mustEnrol(user.userId, user.roles),
    apiTokens,
  );
  // Two things every answer is checked for, in one callback hook: most need neither, and pay no
  // promise (docs/performance.md "The read path").
  // - While shutting down, answers close their connection, so idle keep-alive sockets cannot hold
  //   the close open after the last in-flight request.
  // - Every call an API token makes is audited with its answer's status (docs/accounts-and-security.md
  //   "API tokens"); the answer waits for the row, so it is there when the caller has its answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (app.closing) reply.header('connection', 'close');
    const user = request.user;
    if (!user?.apiToken) return done(null, payload);
    apiTokens
      .recordUse({ ...user, apiToken: user.apiToken }, { method: request.method, route: request.routeOptions.url ?? request.url, status: reply.statusCode })
      .catch((error: unknown) => request.log.error({ err: loggableError(error) }, "recording an API token's call failed"))
      .finally(() => done(null, payload));
  });

  const simulator = config.paypal.mode === 'simulator' ? new PaypalSimulator(`${config.publicSiteUrl}${SIM_PREFIX}`) : null;
  if (simulator) {
    // Webhooks reach the shop's own route, signed like PayPal's.
    simulator.webhookSink = async (delivery) => (await app.inject({ method: 'POST', url: `${API_PREFIX}${paypalApi.webhook.path}`, headers: delivery.headers, payload: delivery.body })).statusCode;
    app.log.info('PayPal credentials are not set: payments go through the local PayPal simulator');
  }
  const paypal = new PaypalClient({
    clientId: config.paypal.clientId,
    clientSecret: config.paypal.clientSecret,
    transport: simulator ? simulatorTransport(simulator) : fetchTransport(config.paypal.apiBaseUrl!),
    timeoutMs: config.paypal.timeoutMs,
    clock,
  });
  const coupons = new CouponService();
  const addressBook = new AddressService({ db, geo });
  // The payments table's writer, handed to orders (cancelling voids the payment) and checkout
  // (placing opens it) so that neither imports the payments module.
  const ledger = new PaymentLedger();
  const orders = new OrderService({ db, geo, coupons, payments: ledger, invoices: documents, mail, clock, secret: config.authSecret, site, merchant: { email: async (tx) => (await settings.currentIn(tx)).merchant.email, locale: config.merchantLocale } });
  // Payment requests (an order change's extra): opened by the order changes, paid through their link's page.
  const paymentRequests = new PaymentRequests({ db, clock, mail, audit, settings: (tx) => settings.currentIn(tx), site, merchantLocale: config.merchantLocale });
  const requestPayments: RequestPayments = new RequestPayments({ db, paypal, orders, audit, mail, invoices: documents, clock, log: app.log, unavailable: (error): Error => paymentService.unavailable(error) });
  const paymentService: PaymentService = new PaymentService({ db, paypal, config: config.paypal, orders, audit, ledger, invoices: documents, clock, log: app.log, requests: requestPayments });
  const stockNews = new StockNews(db, (error) => app.log.warn({ err: loggableError(error) }, 'announcing stock changes failed; cached product answers show them with the next change'));
  app.addHook('onClose', () => stockNews.flush());
  const checkout = new CheckoutService({
    db,
    stockNews,
    cart,
    addresses: addressBook,
    coupons,
    orders,
    payments: ledger,
    users,
    terms: () => settings.checkoutTerms(),
    clock,
    paymentTimeoutMs: config.paymentTimeoutMs,
  });
  const refundService = new RefundDesk({ db, paypal, orders, audit, clock, log: app.log, invoices: documents, unavailable: (error) => paymentService.unavailable(error), returned: { restockedTx: restockedByReturnsTx } });
  const reconciler = new Reconciler({ db, orders, payments: paymentService, clock, log: app.log, requests: requestPayments });
  app.decorate('payments', { reconciler, simulator, service: paymentService, requests: paymentRequests, requestPayments });

  // Background work, once across instances (docs/architecture.md "Background work"): the
  // reconciler and the sweeps under job leases; mail by whichever worker claims each message.
  const jobs = new JobRunner(new Leases(db), app.log);
  const vitals = new VitalsStore({ db, clock });
  const stopWatchingOutbox = await database.listen(OUTBOX_CHANNEL, () => mailWorker.wake());
  const webhookWorker = new WebhookWorker({ db, log: app.log, retryBaseMs: config.mailRetryMs, maxAttempts: config.mailMaxAttempts, production: config.env === 'production' });
  const stopWatchingWebhooks = await database.listen(WEBHOOK_CHANNEL, () => webhookWorker.wake());
  app.addHook('onReady', async () => {
    mailWorker.start();
    webhookWorker.start();
    jobs.start([
      { name: 'payment-reconciler', intervalMs: config.reconcileIntervalMs, run: () => reconciler.run() },
      { name: 'payment-request-expiry', intervalMs: PAYMENT_REQUEST_EXPIRY_MS, run: () => paymentRequests.expireDue() },
      { name: 'housekeeping', intervalMs: HOUSEKEEPING_MS, run: () => Promise.all([sessions.sweep(), limiter.sweep(), accounts.sweep(), twoFactor.sweep(), sweepSent(db), sweepDelivered(db), vitals.sweep()]) },
    ]);
  });
  app.addHook('onClose', async () => {
    await stopWatchingOutbox();
    await stopWatchingWebhooks();
    await jobs.stop();
    await reconciler.stop();
    // What this worker holds is sent (or put back); the rest waits in the table for any instance.
    await mailWorker.stop();
    await webhookWorker.stop();
    transport.close();
    setMailBacklogSource(null);
  });
  app.decorate('outbox', mailWorker);
  app.decorate('webhooks', webhookWorker);
  // The metrics' mail backlog gauge reads the table at each scrape (every instance sees all of it).
  setMailBacklogSource(async () => (await outboxStats(database.db)).backlog);

  await app.register(
    async (api) => {
      await api.register(systemRoutes({ database, settings: () => settings.current(), closing: () => app.closing }));
      await api.register(catalogueRoutes({ catalogue, geo }));
      await api.register(cartRoutes(cart, new CartRosters({ db: database.db, cart, terms }), guards));
      await api.register(authRoutes({ accounts, sessions, cart }));
      await api.register(userRoutes(accounts, guards));
      await api.register(addressRoutes(addressBook, guards));
      await api.register(checkoutRoutes(checkout, guards));
      // Staff orders (docs/back-office.md "Manual orders"): checkout's pricing and placing, settled by link, offline or as a replacement.
      await api.register(
        staffOrderRoutes(
          new StaffOrderDesk({
            db,
            checkout,
            orders,
            users,
            addresses: addressBook,
            requests: paymentRequests,
            ledger,
            audit,
            clock,
            terms: () => settings.checkoutTerms(),
            afterSales: async () => (await settings.current()).afterSales,
            stockNews,
          }),
          guards,
        ),
      );
      const folder = new OrderDetailDesk(db, orders);
      // Order changes before production: the payment requests hold production (docs/back-office.md "Order changes").
      await api.register(
        orderChangeRoutes(
          new OrderChangeDesk({
            db,
            orders,
            audit,
            cart,
            coupons,
            requests: paymentRequests,
            money: new ChangeMoney({ db, refunds: refundService }),
            clock,
            terms: async () => {
              const current = await settings.current();
              return { ...(await settings.checkoutTerms()), afterSales: current.afterSales };
            },
            addressColumns: (input, field) => addressBook.columns(input, field),
            stockNews,
            log: app.log,
          }),
          guards,
        ),
      );
      await api.register(
        orderRoutes(orders, new OrderDesk({ db, orders, payments: refundService, audit, requests: paymentRequests }), guards, {
          refunds: refundService,
          staffView: (orderNo, locale, held) => folder.detail(orderNo, locale, held),
        }),
      );
      // Parcels (docs/back-office.md "Shipments").
      await api.register(shipmentRoutes(orders, new ShipmentDesk({ db, orders, payments: refundService, audit, requests: paymentRequests }), guards));
      await api.register(paypalRoutes(paymentService, config.paypal, guards));
      await api.register(payRequestRoutes(requestPayments));
      await api.register(documentRoutes({ db, documents, orders, audit }, guards));
      await api.register(
        shopperRoutes({ newsletter, wishlist: new WishlistService(db), reviews: new ReviewService(db), rosters: new SavedRosters(db), users, limiter, clock }, guards),
      );
      await api.register(adminRoutes(guards));
      const staff = new StaffDesk(db);
      await api.register(staffRoutes({ db, staff, roles: new StaffRoleDesk(db), production: config.env === 'production' }, guards));
      await api.register(sessionRoutes({ sessions, desk: new StaffSessionsDesk(db, clock) }, guards));
      await api.register(twoFactorRoutes(twoFactor, guards));
      await api.register(apiTokenRoutes(apiTokens, guards));
      const shopName = async () => (await settings.current()).seller.legalName.trim() || 'Jersey Shop';
      await api.register(inviteRoutes(new StaffInvites({ db, audit, mail, hasher, limiter, clock, site, shopName }), guards));
      await api.register(settingsRoutes({ settings }, guards));
      await api.register(couponRoutes({ desk: new CouponDesk({ db, audit, clock }), usage: (id, page) => couponUsage(db, id, page) }, guards));
      await api.register(pageRoutes({ desk: new PageDesk({ db, audit }) }, guards));
      await api.register(auditRoutes(audit, guards));
      await api.register(outboxRoutes({ db, audit, wake: () => mailWorker.wake() }, guards));
      await api.register(webhookRoutes(new WebhookDesk(db, { production: config.env === 'production', wake: () => webhookWorker.wake() }), guards));
      await api.register(siteRoutes({ builds: new SiteBuilds(db), audit, builder: config.siteBuilder && config.siteDir !== null }, guards));
      await api.register(
        backOfficeRoutes(
          {
            db,
            orders,
            clock,
            sender: async () => {
              const { seller } = await settings.current();
              return { name: seller.legalName.trim() || 'Jersey Shop', lines: [...seller.address] };
            },
          },
          guards,
        ),
      );
      await api.register(taxReportRoutes({ db }, guards));
      await api.register(salesReportRoutes({ db }, guards));
      // Returns and misprint claims: refunds through the back office's refund path (RefundDesk, the orders' Refunds port).
      const returnDeps = { db, orders, refunds: refundService, audit, mail, clock, afterSales: async () => (await settings.current()).afterSales };
      await api.register(returnRoutes({ service: new ReturnService(returnDeps), desk: new ReturnDesk(returnDeps) }, guards));
      const productTable = new ProductDesk(db, catalogue);
      await api.register(productAdminRoutes({ products: productTable, bulk: new ProductBulkDesk(db, productTable), images: productImages, catalogueFile: new CatalogueFileDesk(db, productTable), clock }, guards));
      await api.register(catalogueAdminRoutes({ db }, guards));
      await api.register(extrasAdminRoutes({ db }, guards));
      await api.register(customerRoutes({ db, staff, clock }, guards));
      await api.register(searchRoutes({ db }, guards));
      await api.register(reviewRoutes({ db }, guards));
      await api.register(newsletterRoutes({ db, clock }, guards));
      await api.register(vitalsRoutes({ store: vitals, limiter }, guards));
    },
    { prefix: API_PREFIX },
  );

  // With the control routes (tests only), a journey can open a payment request for a paid order as an order change would.
  const openPaymentRequest = async (orderNo: string, amount: number) => {
    const [order] = await db.select().from(ordersTable).where(eq(ordersTable.orderNo, orderNo));
    if (!order || order.paidAt === null) return null;
    return db.transaction((tx) => paymentRequests.openTx(tx, { orderId: order.id, purpose: 'order-change', changeId: null, amount, currency: order.currency as CurrencyCode }));
  };
  if (simulator) await app.register(simulatorPlugin(simulator, { control: config.paypalSimControl, openPaymentRequest }), { prefix: SIM_PREFIX });
  // Media routes carry their full /api/media/... paths.
  await app.register(mediaRoutes);
  await app.register(uploadedImageRoutes(productImages));
  if (config.siteDir) await app.register(sitePlugin, { root: config.siteDir, basePath: config.basePath });
  return app;
}
