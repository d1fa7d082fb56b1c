/** Countries and their states or provinces, for address forms. */
import type { z } from 'zod';
import type { stateListRequestSchema } from '../catalogue.schema.ts';
import type { Country, State } from '../catalogue.model.ts';
import type { emptyBodySchema } from '../request.schema.ts';
import { post } from './endpoint.ts';

export const geoApi = {
  countries: post<z.input<typeof emptyBodySchema>, { records: Country[] }>('/demo/ironCountries/queryList'),
  states: post<z.input<typeof stateListRequestSchema>, { records: State[] }>('/demo/ironState/queryList'),
};
