/** Countries and their states, for addresses and shipping zones. */
import { text, uniqueIndex } from 'drizzle-orm/pg-core';
import { keyedTable, localised, sortOrder } from '../../db/columns.ts';

export const countries = keyedTable(
  'countries',
  {
    // A table constraint (not an index) so that it exists before states' foreign key refers to it.
    code: text('code').notNull().unique('countries_code_uq'),
    name: localised('name'),
    phoneCode: text('phone_code').notNull(),
    sort: sortOrder(),
  },
);

export const states = keyedTable(
  'states',
  {
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: localised('name'),
    sort: sortOrder(),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryCode, t.code)],
);
