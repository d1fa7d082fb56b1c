/**
 * Column helpers every module's tables share, so each common column is written once: the same
 * name, type, default and nullability wherever it appears (timestamps with time zone, as Date).
 */
import { boolean, integer, jsonb, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Localised } from '../../domain/locale.ts';

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/** Both stamps of a row that changes; updates set updatedAt themselves. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** The surrogate key most tables have. */
export const serialId = () => serial('id').primaryKey();

/** The row this one belongs to, by its integer id: required, and deleted with it. */
export const parentId = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** The row this one refers to, if any: when that row goes, the link is cleared and this row stays. */
export const refOrNull = (name: string, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: 'set null' });

/** Text shoppers read in their language: en-US and zh-CN (domain Localised). */
export const localised = (name: string) => jsonb(name).$type<Localised>().notNull();

/** Catalogue rows and coupons are switched off rather than deleted (orders and carts refer to them). */
export const active = () => boolean('active').notNull().default(true);

/** Display order within a list, lowest first. */
export const sortOrder = () => integer('sort').notNull().default(0);
