/**
 * The back office's changes to many products at once (docs/back-office.md "Products"): bulk price
 * and stock on a selection, and the stock CSV out and in. Each runs in one transaction with one
 * audit row per product changed, and raises each product's version and sends its product.changed
 * webhook like an editor's save.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { isPriceInRange, PRICE_MAX, PRICE_MIN, type Size } from '../../../domain/catalogue.model.ts';
import { toDecimalString } from '../../../domain/money.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { BULK_MAX, bulkPrice, readStockCsv, type BulkAnswer, type StockCsvProblem } from '../../../domain/back-office/products.model.ts';
import type { CsvFile } from '../../../domain/back-office/csv.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { toCsv } from '../../csv.ts';
import { fail, failWith } from '../../errors.ts';
import { csvIssueMessage, msg, render } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { announceProductTx } from '../webhooks/index.ts';
import type { ProductDesk, ProductFilter } from './product-desk.ts';
import { productSizes, productZhTitle, products } from './schema.ts';
import { setStock } from './stock.ts';

/** More lines than this is a filter to narrow, not a file to make in one answer. */
export const STOCK_EXPORT_MAX_LINES = 20_000;

export class ProductBulkDesk extends AuditedDesk {
  private readonly table: ProductDesk;

  constructor(db: Db, table: ProductDesk) {
    super(db);
    this.table = table;
  }

  /** The selection's rows under lock, in id order (so two bulk changes never deadlock); every id must exist. */
  private async lockSelection(tx: Tx, ids: readonly number[]) {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const rows = await tx.select({ id: products.id, price: products.price, compareAtPrice: products.compareAtPrice }).from(products).where(inArray(products.id, unique)).orderBy(asc(products.id)).for('update');
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.id));
      throw fail(CODES.NOT_FOUND, msg('product.notFoundIds', { ids: unique.filter((id) => !found.has(id)).join(', ') }));
    }
    return rows;
  }

  async bulkPrice(actor: AuditActor, ids: readonly number[], mode: 'set' | 'percent' | 'add', value: number): Promise<BulkAnswer> {
    return this.db.transaction(async (tx) => {
      const rows = await this.lockSelection(tx, ids);
      const changes = rows.map((r) => ({ ...r, next: bulkPrice(r.price, mode, value) }));
      // Refused whole, before any write: a price outside the range would overflow the column or
      // leave a product the editor can no longer save.
      const outside = changes.filter((c) => !isPriceInRange(c.next)).map((c) => c.id);
      if (outside.length) {
        const range = { min: toDecimalString(PRICE_MIN, 'EUR'), max: toDecimalString(PRICE_MAX, 'EUR') };
        throw failWith(CODES.INVALID_INPUT, msg('product.priceOutOfRange', { ids: outside.join(', '), ...range }), { ids: outside });
      }
      let updated = 0;
      for (const c of changes) {
        if (c.next === c.price) continue;
        // A compare-at price no longer above the price would show a false discount: it goes.
        const compareAtPrice = c.compareAtPrice !== null && c.compareAtPrice <= c.next ? null : c.compareAtPrice;
        const [saved] = await tx
          .update(products)
          .set({ price: c.next, compareAtPrice, version: sql`${products.version} + 1`, updatedAt: new Date() })
          .where(eq(products.id, c.id))
          .returning({ id: products.id, handle: products.handle, published: products.active });
        await announceProductTx(tx, saved!, 'updated');
        await this.audit.record(tx, {
          actor,
          action: 'product.bulkPrice',
          entity: 'product',
          entityId: c.id,
          before: { price: c.price, compareAtPrice: c.compareAtPrice },
          after: { price: c.next, compareAtPrice },
        });
        updated++;
      }
      return { updated };
    });
  }

  private async sizesOf(tx: Tx, ids: readonly number[]): Promise<Map<number, { size: Size; stock: number }[]>> {
    const rows = await tx
      .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
      .from(productSizes)
      .where(inArray(productSizes.productId, [...ids]))
      .orderBy(asc(productSizes.productId), asc(productSizes.sort));
    const bySize = new Map<number, { size: Size; stock: number }[]>();
    for (const r of rows) {
      const list = bySize.get(r.productId) ?? [];
      list.push({ size: r.size as Size, stock: r.stock });
      bySize.set(r.productId, list);
    }
    return bySize;
  }

  /** Writes new stock for some sizes of some products, with one audit row per product that changed. */
  private async applyStock(tx: Tx, actor: AuditActor, action: string, wanted: Map<number, { size: Size; stock: number }[]>): Promise<number> {
    const current = await this.sizesOf(tx, [...wanted.keys()]);
    let updated = 0;
    for (const [productId, sizes] of [...wanted].sort(([a], [b]) => a - b)) {
      const before = current.get(productId) ?? [];
      const changed = sizes.filter((s) => before.find((b) => b.size === s.size)?.stock !== s.stock);
      if (changed.length === 0) continue;
      await setStock(tx, productId, changed, false);
      const [saved] = await tx
        .update(products)
        .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, productId))
        .returning({ id: products.id, handle: products.handle, published: products.active });
      await announceProductTx(tx, saved!, 'updated');
      const after = before.map((b) => changed.find((c) => c.size === b.size) ?? b);
      await this.audit.record(tx, { actor, action, entity: 'product', entityId: productId, before: { sizes: before }, after: { sizes: after } });
      updated++;
    }
    return updated;
  }

  /** One size (or every size offered) of each chosen product set to `stock`; sizes a product does not offer are left alone. */
  async bulkStock(actor: AuditActor, ids: readonly number[], size: Size | null, stock: number): Promise<BulkAnswer> {
    return this.db.transaction(async (tx) => {
      await this.lockSelection(tx, ids);
      const offered = await this.sizesOf(tx, ids);
      const wanted = new Map<number, { size: Size; stock: number }[]>();
      for (const [productId, sizes] of offered) wanted.set(productId, sizes.filter((s) => size === null || s.size === size).map((s) => ({ size: s.size, stock })));
      return { updated: await this.applyStock(tx, actor, 'product.bulkStock', wanted) };
    });
  }

  async stockExport(filter: ProductFilter, locale: Locale, now: Date): Promise<CsvFile> {
    const { ids } = await this.table.matchingIds({ ...filter, sort: 'id', order: 'asc' }, null);
    const lines: (string | number)[][] = [];
    for (let start = 0; start < ids.length; start += BULK_MAX) {
      const slice = ids.slice(start, start + BULK_MAX);
      const rows = await this.db
        .select({ id: products.id, title: products.title, zhTitle: productZhTitle, size: productSizes.size, stock: productSizes.stock })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.productId))
        .where(inArray(products.id, slice))
        .orderBy(asc(products.id), asc(productSizes.sort));
      for (const r of rows) lines.push([r.id, (locale === 'zh-CN' && r.zhTitle) || r.title, r.size, r.stock]);
      if (lines.length > STOCK_EXPORT_MAX_LINES) throw fail(CODES.CONFLICT, msg('admin.exportTooLarge', { max: STOCK_EXPORT_MAX_LINES, matched: lines.length }));
    }
    const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return { fileName: `stock-${stamp}.csv`, csv: toCsv(['product_id', 'title', 'size', 'stock'], lines), rows: lines.length };
  }

  /**
   * The stock file, checked whole before anything is written: any wrong line (bad field, unknown
   * product or size, a product and size twice) is answered with its line number and nothing is
   * applied; otherwise every line is applied in one transaction.
   */
  async stockImport(actor: AuditActor, csv: string, locale: Locale): Promise<BulkAnswer> {
    const { rows, issues } = readStockCsv(csv);
    const problems: StockCsvProblem[] = issues.map((issue) => ({ line: issue.line, message: render(csvIssueMessage('product.csv', issue), locale) }));
    return this.db.transaction(async (tx) => {
      const ids = [...new Set(rows.map((r) => r.productId))];
      const offered = new Map<number, Set<string>>();
      for (let start = 0; start < ids.length; start += 1000) {
        const found = await tx.select({ productId: productSizes.productId, size: productSizes.size }).from(productSizes).where(inArray(productSizes.productId, ids.slice(start, start + 1000)));
        for (const f of found) offered.set(f.productId, (offered.get(f.productId) ?? new Set()).add(f.size));
      }
      const known = new Set((ids.length ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)) : []).map((r) => r.id));
      for (const row of rows) {
        if (!known.has(row.productId)) problems.push({ line: row.line, message: render(msg('product.csv.noProduct', { value: String(row.productId) }), locale) });
        else if (!offered.get(row.productId)?.has(row.size)) problems.push({ line: row.line, message: render(msg('product.csv.noSize', { value: `${row.productId} ${row.size}` }), locale) });
      }
      if (problems.length) {
        problems.sort((a, b) => a.line - b.line);
        throw failWith(CODES.INVALID_INPUT, msg('product.stockCsvInvalid', { count: problems.length }), { lines: problems });
      }
      await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
      const wanted = new Map<number, { size: Size; stock: number }[]>();
      for (const row of rows) wanted.set(row.productId, [...(wanted.get(row.productId) ?? []), { size: row.size, stock: row.stock }]);
      return { updated: await this.applyStock(tx, actor, 'product.stockImport', wanted) };
    });
  }
}
