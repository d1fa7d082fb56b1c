/** The shop's settings: one row per section (domain/settings.model.ts), its whole value as JSON. */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';

export const settings = pgTable('settings', {
  /** A SettingSection. */
  section: text('section').primaryKey(),
  /** Checked by settings.schema.ts before it is written; read back through the same schema. */
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
