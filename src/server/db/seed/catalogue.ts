/**
 * Writes the generated demo catalogue: navigation, teams, patches, add-ons, squads, then products
 * with their sizes and comments, in foreign-key order and in batches. Meant for an empty
 * catalogue (the caller checks); it runs in one transaction so a failure leaves nothing behind.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isPriceInRange } from '../../../domain/catalogue.model.ts';
import { handleFromTitle, handleWithSuffix } from '../../../domain/back-office/products.model.ts';
import type { Db } from '../client.ts';
import { addons, navItems, patches, productComments, products, productSizes, squadPlayers, teams } from '../schema.ts';
import { generateCatalogue, type NavRow, type ProductBundle } from './generate.ts';

export interface SeedCatalogueOptions {
  /** Exact number of products; defaults to the demo catalogue (about 200). */
  products?: number;
  log?: (msg: string) => void;
}

/** Rows per INSERT: large enough to keep round trips few, small enough for the 65535-parameter limit. */
const SMALL_BATCH = 1000;
/** Bulk batches travel as one JSON parameter, so only statement size bounds them. */
const PRODUCT_BATCH = 1000;
const CHILD_BATCH = 5000;

function* chunks<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function idsByTag(rows: { id: number; tag: string }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.tag, row.id]));
}

/** node-postgres answers a result object with rows; PGlite's drizzle driver too, in its own shape. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The seed keeps to the price range staff are held to (catalogue.model.ts), so every product it writes saves in the editor. */
function checkPrices(what: string, ...prices: (number | null)[]): void {
  const outside = prices.find((price) => price !== null && !isPriceInRange(price));
  if (outside !== undefined) throw new RangeError(`seed: ${what} has a price outside the shop's range: ${outside}`);
}

function need(map: Map<string, number>, tag: string, what: string): number {
  const id = map.get(tag);
  if (id === undefined) throw new Error(`seed: unknown ${what} "${tag}"`);
  return id;
}

/**
 * INSERT ... SELECT FROM jsonb_to_recordset: the whole batch is one JSON parameter, which both
 * PGlite and PostgreSQL parse far faster than thousands of bound values (about 3x for 100000
 * products). Rows use the table's property names; keys the table does not have are refused.
 */
async function insertJson(tx: Pick<Db, 'execute'>, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`seed: no column for "${key}"`);
    return column;
  });
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key, i) => [(picked[i] as { name: string }).name, row[key] ?? null]))));
  const names = sql.join(picked.map((column) => sql.identifier(column.name)), sql`, `);
  // Column names and types come from our schema, never from data, so raw SQL is safe here.
  const types = sql.raw(picked.map((column) => `"${column.name}" ${column.getSQLType() === 'serial' ? 'integer' : column.getSQLType()}`).join(', '));
  await tx.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types})`);
}

export async function seedCatalogue(db: Db, options: SeedCatalogueOptions = {}): Promise<{ products: number }> {
  const log = options.log ?? (() => {});
  const catalogue = generateCatalogue(options.products === undefined ? {} : { products: options.products });
  const started = Date.now();

  await db.transaction(async (tx) => {
    // Parents before children: each level learns its parents' ids from the level above.
    const navIds = new Map<string, number>();
    for (const level of [1, 2, 3] as const) {
      const rows = catalogue.navItems.filter((row: NavRow) => row.level === level);
      const inserted = await tx
        .insert(navItems)
        .values(
          rows.map((row) => ({
            tag: row.tag,
            tagName: row.tagName,
            icon: row.icon,
            level: row.level,
            sort: row.sort,
            parentId: row.parentTag === null ? null : need(navIds, row.parentTag, 'nav parent'),
          })),
        )
        .returning({ id: navItems.id, tag: navItems.tag });
      for (const [tag, id] of idsByTag(inserted)) navIds.set(tag, id);
    }

    const teamIds = idsByTag(await tx.insert(teams).values(catalogue.teams).returning({ id: teams.id, tag: teams.tag }));
    for (const patch of catalogue.patches) checkPrices(`patch ${patch.patchName['en-US']}`, patch.patchPrice);
    for (const addon of catalogue.addons) checkPrices(`add-on ${addon.name['en-US']}`, addon.price);
    for (const batch of chunks(catalogue.patches, SMALL_BATCH)) await tx.insert(patches).values(batch);
    for (const batch of chunks(catalogue.addons, SMALL_BATCH)) {
      await tx.insert(addons).values(batch.map(({ teamTag, ...row }) => ({ ...row, teamId: need(teamIds, teamTag, 'team') })));
    }
    for (const batch of chunks(catalogue.squadPlayers, SMALL_BATCH)) {
      await tx.insert(squadPlayers).values(batch.map(({ teamTag, ...row }) => ({ ...row, teamId: need(teamIds, teamTag, 'team') })));
    }
    log(`seed: ${catalogue.navItems.length} nav items, ${catalogue.teams.length} teams, ${catalogue.patches.length} patches, ${catalogue.squadPlayers.length} players`);

    let sizeRows: (typeof productSizes.$inferInsert)[] = [];
    let commentRows: (typeof productComments.$inferInsert)[] = [];
    const flushChildren = async (force: boolean) => {
      if (sizeRows.length >= CHILD_BATCH || (force && sizeRows.length > 0)) {
        await insertJson(tx, productSizes, sizeRows as unknown as Record<string, unknown>[]);
        sizeRows = [];
      }
      if (commentRows.length >= CHILD_BATCH || (force && commentRows.length > 0)) {
        await insertJson(tx, productComments, commentRows as unknown as Record<string, unknown>[]);
        commentRows = [];
      }
    };

    let batch: ProductBundle[] = [];
    let written = 0;
    // Titles are unique, their slugs nearly so: a slug taken gets the product's id after it (as migration 0024 did).
    const handles = new Set<string>();
    const handleOf = (title: string, id: number) => {
      const slug = handleFromTitle(title);
      const handle = handles.has(slug) ? handleWithSuffix(slug, String(id)) : slug;
      handles.add(handle);
      return handle;
    };
    const flushProducts = async () => {
      if (batch.length === 0) return;
      // Ids are drawn from the sequence first, so sizes and comments can name their product
      // without relying on the order of RETURNING rows.
      const ids = await tx.execute<{ id: number }>(
        sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${batch.length}::int)`,
      );
      const productIds = rowsOf<{ id: number }>(ids).map((row) => Number(row.id));
      if (productIds.length !== batch.length) throw new Error('seed: could not reserve product ids');
      for (const { product } of batch) checkPrices(`product ${product.title}`, product.price, product.compareAtPrice, product.customisationFee);
      const rows = batch.map(({ product: { teamTag, ...row } }, i) => ({
        id: productIds[i],
        handle: handleOf(row.title, productIds[i]!),
        ...row,
        teamId: need(teamIds, teamTag, 'team'),
        art: row.images,
        updatedAt: row.createdAt,
      }));
      await insertJson(tx, products, rows);
      batch.forEach((bundle, i) => {
        const productId = productIds[i] as number;
        for (const size of bundle.sizes) sizeRows.push({ ...size, productId });
        for (const comment of bundle.comments) commentRows.push({ ...comment, productId });
      });
      written += batch.length;
      batch = [];
      await flushChildren(false);
      if (written % 10_000 === 0) log(`seed: ${written} / ${catalogue.productCount} products`);
    };

    for (const bundle of catalogue.products()) {
      batch.push(bundle);
      if (batch.length >= PRODUCT_BATCH) await flushProducts();
    }
    await flushProducts();
    await flushChildren(true);
  });

  log(`seed: ${catalogue.productCount} products in ${Date.now() - started} ms`);
  return { products: catalogue.productCount };
}
