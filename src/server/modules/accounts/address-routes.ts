/** The signed-in shopper's address book. */
import { idListRequestSchema, idQuerySchema, saveAddressesRequestSchema } from '../../../domain/account.schema.ts';
import { addressesApi } from '../../../domain/api/addresses.ts';
import { emptyBodySchema } from '../../../domain/request.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AddressService } from './addresses.ts';
import { localeOf, userOf } from '../../http/context.ts';
import { contractRoutes } from '../../http/define-route.ts';

export function addressRoutes(addresses: AddressService, guards: Guards) {
  return contractRoutes({ tags: ['addresses'], guard: guards.requireUser }, (route) => {
    route(addressesApi.list, {
      summary: 'Every address, the default first',
      request: emptyBodySchema,
      handler: async (request) => ok({ records: await addresses.list(userOf(request).userId, localeOf(request)) }),
    });
    route(addressesApi.save, {
      summary: 'Create (no id) or update (id) addresses, all or nothing',
      request: saveAddressesRequestSchema,
      handler: async (request) => ok({ records: await addresses.saveBatch(userOf(request).userId, request.body, localeOf(request)) }),
    });
    route(addressesApi.remove, {
      summary: 'Delete addresses by id, all or nothing',
      request: idListRequestSchema,
      handler: async (request) => ok(await addresses.removeBatch(userOf(request).userId, request.body)),
    });
    route(addressesApi.byId, {
      summary: 'One address',
      request: idQuerySchema,
      handler: async (request) => ok(await addresses.get(userOf(request).userId, request.query.id, localeOf(request))),
    });
    route(addressesApi.setDefault, {
      summary: 'Make an address the default',
      request: idQuerySchema,
      handler: async (request) => ok(await addresses.setDefault(userOf(request).userId, request.query.id, localeOf(request))),
    });
  });
}
