/** Liveness, readiness and the shop's public settings (discount tiers, currencies, thresholds). */
import type { FastifyInstance } from 'fastify';
import { CODES } from '../../../domain/api/envelope.ts';
import { systemApi } from '../../../domain/api/system.ts';
import { BASE_CURRENCY, CURRENCIES } from '../../../domain/money.model.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/pricing.ts';
import { shownCurrencies, type ShopSettings } from '../../../domain/settings.model.ts';
import type { Database } from '../../db/client.ts';
import { pendingMigrations } from '../../db/migration-status.ts';
import { fail, loggableError } from '../../errors.ts';
import { msg } from '../../messages/index.ts';
import { ok } from '../../http/envelope.ts';

export interface SystemOptions {
  database: Database;
  /** The shop's settings of the moment (the settings module). */
  settings: () => Promise<ShopSettings>;
  /** True once the process is shutting down: health answers 503 so balancers move away. */
  closing: () => boolean;
}

export function systemRoutes({ database, settings, closing }: SystemOptions) {
  return async function routes(api: FastifyInstance) {
    // Liveness: balancers call it often, so it touches nothing (a database outage must not make
    // every instance look dead and get restarted); the readiness check asks the database.
    api.get(systemApi.health.path, { schema: { tags: ['system'], summary: 'Liveness: the process answers (no database call)' } }, async () => {
      if (closing()) throw fail(CODES.UNAVAILABLE, 'server.shuttingDown');
      return ok({ status: 'ok', database: database.kind, uptimeSeconds: Math.round(process.uptime()) });
    });
    // Readiness: whether a balancer should send this instance requests. Not while shutting down
    // (the drain: docs/operations.md), not without the database, and not while the database lacks
    // a migration this release needs.
    api.get(systemApi.ready.path, { schema: { tags: ['system'], summary: 'Readiness: not shutting down, the database answers, every migration applied' } }, async () => {
      if (closing()) throw fail(CODES.UNAVAILABLE, 'server.shuttingDown');
      let pending: string[];
      try {
        pending = await pendingMigrations(database.db);
      } catch (error) {
        api.log.error({ err: loggableError(error) }, 'readiness check: the database does not answer');
        throw fail(CODES.UNAVAILABLE, 'server.databaseDown');
      }
      if (pending.length) {
        api.log.warn({ pending }, 'readiness check: migrations not applied');
        throw fail(CODES.UNAVAILABLE, msg('server.migrationsPending', { migrations: pending.join(', ') }));
      }
      return ok({ status: 'ok', database: database.kind });
    });
    api.route({
      method: ['GET', 'POST'],
      url: systemApi.shopConfig.path,
      schema: { tags: ['system'], summary: 'Discount tiers, currencies with their exchange rates, the free-shipping threshold and the banner the storefront displays (the shop settings of the moment)' },
      handler: async () => {
        const shop = await settings();
        return ok({
          baseCurrency: BASE_CURRENCY,
          currencies: shownCurrencies(shop.exchangeRates.shown).map((code) => ({ ...CURRENCIES[code], ratePerUsdX100: shop.exchangeRates.rates[code] })),
          ratesSetOn: shop.exchangeRates.setOn,
          ratesSource: shop.exchangeRates.source,
          discountTiers: shop.tiers.rows,
          freeShippingThreshold: shop.freeShipping.thresholdEur,
          maxLineQuantity: MAX_LINE_QUANTITY,
          banner: shop.banner,
        });
      },
    });
  };
}
