/** The signed-in shopper's address book. */
import type { z } from 'zod';
import type { AddressRecord } from '../account.model.ts';
import type { idListRequestSchema, idQuerySchema, saveAddressesRequestSchema } from '../account.schema.ts';
import type { emptyBodySchema } from '../request.schema.ts';
import { get, post } from './endpoint.ts';

export const addressesApi = {
  /** The default first. */
  list: post<z.input<typeof emptyBodySchema>, { records: AddressRecord[] }>('/demo/ironUserAddress/queryList'),
  /** Creates (no id) or updates (id), all or nothing; answers them in the order given. */
  save: post<z.input<typeof saveAddressesRequestSchema>, { records: AddressRecord[] }>('/demo/ironUserAddress/saveOrUpdateBatch'),
  remove: post<z.input<typeof idListRequestSchema>, { deleted: number }>('/demo/ironUserAddress/removeBatchByIds'),
  byId: get<z.input<typeof idQuerySchema>, AddressRecord>('/demo/ironUserAddress/queryUserAddressById'),
  setDefault: get<z.input<typeof idQuerySchema>, AddressRecord>('/demo/ironUserAddress/setDefaultAddress'),
};
