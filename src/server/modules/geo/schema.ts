/** Countries and their states, for addresses and shipping zones. */
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Localised } from '../../../domain/locale.ts';

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    // A table constraint (not an index) so that it exists before states' foreign key refers to it.
    code: text('code').notNull().unique('countries_code_uq'),
    name: jsonb('name').$type<Localised>().notNull(),
    phoneCode: text('phone_code').notNull(),
    sort: integer('sort').notNull().default(0),
  },
);

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: jsonb('name').$type<Localised>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('states_country_code_uq').on(t.countryCode, t.code)],
);
