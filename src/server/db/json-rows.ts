/**
 * Rows of a table sent to PostgreSQL as one jsonb parameter and inserted with
 * `jsonb_to_recordset`, so that a statement inserting any number of rows keeps one text and can be
 * prepared once (checkout's order: its lines and tax lines). Drizzle's own multi-row insert puts
 * a parameter per column and row in the text and builds it again for every call, which cost a
 * fifth of an order's CPU (docs/performance.md, "Order creation").
 *
 * The columns and their SQL types come from the drizzle table: a column added to the table is
 * carried too, and a row that does not give it is refused by the types (JsonRow) and by `encode`,
 * never written as NULL unnoticed.
 */
import { Column, getTableColumns, getTableName, is, SQL, sql, type InferInsertModel, type Placeholder } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;

/** A row as `encode` takes it: every carried column given, null where the column allows it. */
export type JsonRow<T extends PgTable, Not extends ColumnKey<T>> = Required<Omit<InferInsertModel<T>, Not>>;

interface Carried {
  key: string;
  column: PgColumn;
  /** How a value goes into the document: as the driver would send it (a Date as JSON writes it), json and jsonb as they are. */
  map: ((value: unknown) => unknown) | null;
}

export interface JsonRows<T extends PgTable, Not extends ColumnKey<T>, Given extends ColumnKey<T>> {
  readonly table: T;
  /** The columns the JSON carries (by their keys in the drizzle table), in the table's order. */
  readonly carried: readonly string[];
  /** The rows as the parameter's text. Throws when a row lacks a carried column. */
  encode(rows: readonly JsonRow<T, Not>[]): string;
  /**
   * `insert into <table> (<given>, <carried>) select <given SQL>, x.<carried> from
   * jsonb_to_recordset(<param>::jsonb) as x(<carried> <SQL type>)`. The rows are inserted (and
   * take their serial ids) in the array's order, as a VALUES list's would.
   */
  insert(param: SQL | Placeholder, given: { [K in Given]: SQL }): SQL;
}

/**
 * The JSON mapping of `table`: every column but the `omitted` ones (left to their defaults), the
 * `given` ones (SQL the statement supplies, as the parent's id) and the generated ones.
 */
export function jsonRows<T extends PgTable, Omitted extends ColumnKey<T> = never, Given extends ColumnKey<T> = never>(
  table: T,
  shape: { omitted?: readonly Omitted[]; given?: readonly Given[] },
): JsonRows<T, Omitted | Given, Given> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const name = getTableName(table);
  const left = new Set<string>([...(shape.omitted ?? []), ...(shape.given ?? [])]);
  const carried: Carried[] = Object.entries(columns)
    .filter(([key, column]) => !left.has(key) && !column.generated && !column.generatedIdentity)
    .map(([key, column]) => ({
      key,
      column,
      map: column.columnType === 'PgJsonb' || column.columnType === 'PgJson' || column.mapToDriverValue === Column.prototype.mapToDriverValue ? null : (value: unknown) => column.mapToDriverValue(value),
    }));
  for (const { column } of carried) {
    // A serial column is its own sequence's: it cannot be a record's field (and should be omitted).
    if (/serial/i.test(column.getSQLType())) throw new Error(`${name}.${column.name} is ${column.getSQLType()}: omit it from the JSON rows`);
  }
  const recordType = sql.join(
    carried.map(({ column }) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  return {
    table,
    carried: carried.map((c) => c.key),
    encode(rows) {
      return JSON.stringify(
        rows.map((row) => {
          const out: Record<string, unknown> = {};
          for (const { key, column, map } of carried) {
            const value = (row as Record<string, unknown>)[key];
            if (value === undefined) throw new Error(`${name}.${column.name}: no value given (every column the JSON rows carry must be given, null where allowed)`);
            out[column.name] = value === null || !map ? value : map(value);
          }
          return out;
        }),
      );
    },
    insert(param, given) {
      const givenKeys = Object.keys(given) as Given[];
      const names = [...givenKeys.map((key) => columns[key]!.name), ...carried.map(({ column }) => column.name)];
      const values = [...givenKeys.map((key) => given[key]), ...carried.map(({ column }) => sql`x.${sql.identifier(column.name)}`)];
      return sql`insert into ${table} (${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )}) select ${sql.join(values, sql`, `)} from jsonb_to_recordset(${param}::jsonb) as x(${recordType})`;
    },
  };
}

/**
 * `insert into <table> (<columns>) select <values> from <source>`: a row made of another CTE's
 * columns (the new order's id) in the same statement. Plain values are sent as the column sends them,
 * cast to its type.
 */
export function insertFrom<T extends PgTable>(table: T, values: { [K in keyof InferInsertModel<T>]?: SQL | InferInsertModel<T>[K] }, source: SQL): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const entries = Object.entries(values as Record<string, unknown>).filter(([, value]) => value !== undefined);
  return sql`insert into ${table} (${sql.join(
    entries.map(([key]) => sql.identifier(columns[key]!.name)),
    sql`, `,
  )}) select ${sql.join(
    // Typed: a select's bare parameter or null would be taken as text.
    entries.map(([key, value]) => (is(value, SQL) ? value : sql`${value === null ? sql`null` : sql.param(value, columns[key]!)}::${sql.raw(columns[key]!.getSQLType())}`)),
    sql`, `,
  )} from ${source}`;
}

