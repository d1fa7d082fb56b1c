/**
 * Column helpers every module's tables share, so each common column is written once: the same
 * name, type, default and nullability wherever it appears (timestamps with time zone, as Date).
 */
import { boolean, customType, integer, jsonb, pgTable, serial, text, timestamp, type AnyPgColumn, type PgColumnBuilderBase, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import type { Localised } from '../../domain/locale.ts';
import { LETTERING_PARTS, type LetteringField, type PremiumOption } from '../../domain/personalisation.ts';

/** Bytes kept in the database (uploaded pictures, documents' PDFs), so every instance serves the same after any restart; read back as a Buffer from either driver. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/** Both stamps of a row that changes; updates set updatedAt themselves. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** The surrogate key most tables have. */
export const serialId = () => serial('id').primaryKey();

type Keyed<C> = { id: ReturnType<typeof serialId> } & C;

/** A table with the surrogate key (`id`, serial, first), then its own columns: as pgTable takes them. */
export function keyedTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(name: N, columns: C, extraConfig?: (self: BuildExtraConfigColumns<N, Keyed<C>, 'pg'>) => PgTableExtraConfigValue[]) {
  return pgTable<N, Keyed<C>>(name, { id: serialId(), ...columns }, extraConfig);
}

/** The row this one belongs to, by its integer id: required, and deleted with it. */
export const parentId = (name: string, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** The row this one refers to, if any: when that row goes, the link is cleared and this row stays. */
export const refOrNull = (name: string, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: 'set null' });

/** The row this one refers to, required and kept: the database refuses to delete it while this row names it. */
export const requiredRef = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** When an event of a history (a move, a change, a note) happened: the row's own time, set on insert. */
export const happenedAt = () => at('at').notNull().defaultNow();

/** Text shoppers read in their language: en-US and zh-CN (domain Localised). */
export const localised = (name: string) => jsonb(name).$type<Localised>().notNull();

/** Catalogue rows and coupons are switched off rather than deleted (orders and carts refer to them). */
export const active = () => boolean('active').notNull().default(true);

/** Display order within a list, lowest first. */
export const sortOrder = () => integer('sort').notNull().default(0);

const requiredText = (name: string) => text(name).notNull();

/** An amount of money the row holds: integer minor units of its currency (ISO 4217 code). */
export const money = () => ({ amount: integer('amount').notNull(), currency: requiredText('currency') });

/** A person's name as shoppers type it (an account's, an address book entry's). */
export const personName = () => ({ firstName: requiredText('first_name'), lastName: requiredText('last_name') });
const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Who on the staff wrote a row (`by`: byId, byEmail): their account while it exists, cleared
 * when it goes, and their email, which stays so the row still says who.
 */
export function staffAuthor<P extends string>(prefix: P, users: () => AnyPgColumn): StaffAuthor<P> {
  const name = snakeCase(prefix);
  return { [`${prefix}Id`]: refOrNull(`${name}_id`, users), [`${prefix}Email`]: requiredText(`${name}_email`) } as StaffAuthor<P>;
}
type StaffAuthor<P extends string> = Record<`${P}Id`, ReturnType<typeof refOrNull>> & Record<`${P}Email`, ReturnType<typeof requiredText>>;

const premiumOption = (name: string) => text(name).$type<PremiumOption>().notNull();
const standardPremiumOption = (name: string) => premiumOption(name).default('Standard');

/**
 * A print's premium lettering choices (domain LETTERING_PARTS), a column each, named as its field
 * in snake case (`premium_name_option`): cart lines' start standard, order lines' are always written.
 */
export function letteringColumns(options: { standardDefault: true }): Record<LetteringField, ReturnType<typeof standardPremiumOption>>;
export function letteringColumns(options: { standardDefault: false }): Record<LetteringField, ReturnType<typeof premiumOption>>;
export function letteringColumns({ standardDefault }: { standardDefault: boolean }) {
  const column = standardDefault ? standardPremiumOption : premiumOption;
  return Object.fromEntries(LETTERING_PARTS.map(({ field }) => [field, column(snakeCase(field))]));
}
