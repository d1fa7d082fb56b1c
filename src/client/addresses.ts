/**
 * The address book's calls (src/domain/api/addresses.ts). Every call needs the session's bearer
 * token, which the HTTP layer adds.
 */
import type { AddressRecord } from '../domain/account.model.ts';
import { addressesApi } from '../domain/api/addresses.ts';
import type { RequestOf } from '../domain/api/endpoint.ts';
import { call, type RequestOptions } from './http.ts';

/** What the form sends: `isDefault` may be left out (the server takes false). */
export type AddressPayload = RequestOf<typeof addressesApi.save>[number];

/** Every address of the signed-in shopper, the default first. */
export async function queryAddressList(options?: RequestOptions): Promise<AddressRecord[]> {
  const data = await call(addressesApi.list, {}, options);
  return data.records;
}

/** Creates (no id) or updates (id) addresses, all or nothing; answers them in the order given. */
export async function saveAddresses(addresses: readonly AddressPayload[], options?: RequestOptions): Promise<AddressRecord[]> {
  const data = await call(addressesApi.save, [...addresses], options);
  return data.records;
}

export function removeAddresses(ids: readonly number[], options?: RequestOptions): Promise<{ deleted: number }> {
  return call(addressesApi.remove, [...ids], options);
}

export function queryAddressById(id: number, options?: RequestOptions): Promise<AddressRecord> {
  return call(addressesApi.byId, { id: String(id) }, options);
}

/** Makes the address the default; answers it. */
export function setDefaultAddress(id: number, options?: RequestOptions): Promise<AddressRecord> {
  return call(addressesApi.setDefault, { id: String(id) }, options);
}
