/** Countries and their states or provinces for address forms (spec section 7), named in the page's language. */
import type { Country, State } from '../domain/catalogue.ts';
import { post, type RequestOptions } from './http.ts';

/** Every country with its ISO code, dialling code and whether it has a list of states. */
export async function queryCountryList(options?: RequestOptions): Promise<Country[]> {
  const data = await post<{ records: Country[] }>('/demo/ironCountries/queryList', {}, options);
  return data.records;
}

/** A country's states or provinces (empty for a country without a list). */
export async function queryStateList(countryCode: string, options?: RequestOptions): Promise<State[]> {
  const data = await post<{ records: State[] }>('/demo/ironState/queryList', { countryCode }, options);
  return data.records;
}
