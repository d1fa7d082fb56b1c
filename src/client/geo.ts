/** Countries and their states or provinces for address forms, named in the page's language. */
import { geoApi } from '../domain/api/geo.ts';
import type { Country, State } from '../domain/catalogue.model.ts';
import { call, type RequestOptions } from './http.ts';

/** Every country with its ISO code, dialling code and whether it has a list of states. */
export async function queryCountryList(options?: RequestOptions): Promise<Country[]> {
  const data = await call(geoApi.countries, {}, options);
  return data.records;
}

/** A country's states or provinces (empty for a country without a list). */
export async function queryStateList(countryCode: string, options?: RequestOptions): Promise<State[]> {
  const data = await call(geoApi.states, { countryCode }, options);
  return data.records;
}
