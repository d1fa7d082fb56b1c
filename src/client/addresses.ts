/**
 * The address book's calls (spec section 7, `ironUserAddress`; README "Accounts and security").
 * Every call needs the session's bearer token, which the HTTP layer adds.
 */
import type { AddressInput, AddressRecord } from '../domain/account.ts';
import { get, post, type RequestOptions } from './http.ts';

/** What the form sends: `isDefault` may be left out (the server takes false). */
export type AddressPayload = Omit<AddressInput, 'isDefault'> & { isDefault?: boolean };

/** Every address of the signed-in shopper, the default first. */
export async function queryAddressList(options?: RequestOptions): Promise<AddressRecord[]> {
  const data = await post<{ records: AddressRecord[] }>('/demo/ironUserAddress/queryList', {}, options);
  return data.records;
}

/** Creates (no id) or updates (id) addresses, all or nothing; answers them in the order given. */
export async function saveAddresses(addresses: readonly AddressPayload[], options?: RequestOptions): Promise<AddressRecord[]> {
  const data = await post<{ records: AddressRecord[] }>('/demo/ironUserAddress/saveOrUpdateBatch', addresses, options);
  return data.records;
}

export function removeAddresses(ids: readonly number[], options?: RequestOptions): Promise<{ deleted: number }> {
  return post<{ deleted: number }>('/demo/ironUserAddress/removeBatchByIds', ids, options);
}

export function queryAddressById(id: number, options?: RequestOptions): Promise<AddressRecord> {
  return get<AddressRecord>('/demo/ironUserAddress/queryUserAddressById', { ...options, query: { id } });
}

/** Makes the address the default; answers it. */
export function setDefaultAddress(id: number, options?: RequestOptions): Promise<AddressRecord> {
  return get<AddressRecord>('/demo/ironUserAddress/setDefaultAddress', { ...options, query: { id } });
}
