/** The signed-in shopper's address book (spec section 7 ironUserAddress paths). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idListRequestSchema, idQuerySchema, saveAddressesRequestSchema } from '../../../domain/account.ts';
import type { Guards } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AddressService } from './addresses.ts';
import { localeOf, userOf } from '../../http/context.ts';

export function addressRoutes(addresses: AddressService, guards: Guards) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['addresses'];
    app.addHook('preValidation', guards.requireUser);

    r.post('/demo/ironUserAddress/queryList', { schema: { tags, summary: 'Every address, the default first', body: z.strictObject({}).optional() } }, async (request) =>
      ok({ records: await addresses.list(userOf(request).userId, localeOf(request)) }),
    );
    r.post(
      '/demo/ironUserAddress/saveOrUpdateBatch',
      { schema: { tags, summary: 'Create (no id) or update (id) addresses, all or nothing', body: saveAddressesRequestSchema } },
      async (request) => ok({ records: await addresses.saveBatch(userOf(request).userId, request.body, localeOf(request)) }),
    );
    r.post('/demo/ironUserAddress/removeBatchByIds', { schema: { tags, summary: 'Delete addresses by id, all or nothing', body: idListRequestSchema } }, async (request) =>
      ok(await addresses.removeBatch(userOf(request).userId, request.body)),
    );
    r.get('/demo/ironUserAddress/queryUserAddressById', { schema: { tags, summary: 'One address', querystring: idQuerySchema } }, async (request) =>
      ok(await addresses.get(userOf(request).userId, request.query.id, localeOf(request))),
    );
    r.get('/demo/ironUserAddress/setDefaultAddress', { schema: { tags, summary: 'Make an address the default', querystring: idQuerySchema } }, async (request) =>
      ok(await addresses.setDefault(userOf(request).userId, request.query.id, localeOf(request))),
    );
  };
}
