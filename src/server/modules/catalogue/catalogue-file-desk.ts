/**
 * The catalogue file (docs/back-office.md "Catalogue file"): its export, written a page of
 * products at a time as the answer streams, and its import: a dry run that says per product what
 * would be created, changed (old and new values) or refused and why, changing nothing; then the
 * apply, all products or none in one transaction, audited as one action, refused whole when any
 * product's version moved since the dry run. The triggers of migrations 0003 and 0009 announce
 * every write, so caches drop and the site's partial rebuild follows.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { SIZES, type Size } from '../../../domain/catalogue.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { LOCALES } from '../../../domain/locale.ts';
import { toDecimalString } from '../../../domain/money.model.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_ISSUES_SHOWN,
  CATALOGUE_REPORT_SHOWN,
  catalogueCells,
  headingKey,
  readCatalogueFile,
  yesNo,
  type CatalogueColumn,
  type CatalogueFileProduct,
  type CatalogueIssue,
  type CatalogueApplyAnswer,
  type CatalogueDryRun,
  type CatalogueProductReport,
  type CatalogueProblem,
} from '../../../domain/back-office/catalogue-file.model.ts';
import { defaultNavTags, uploadedImageUrl } from '../../../domain/back-office/products.model.ts';
import type { TaxClass } from '../../../domain/tax/tax.model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { CSV_BOM, csvLine } from '../../csv.ts';
import { failWith } from '../../errors.ts';
import { msg, render } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { productImages } from './images-schema.ts';
import { generatedArt, type ProductDesk, type ProductFilter } from './product-desk.ts';
import { navItems, products, productSizes, teams, type ZhText } from './schema.ts';
import { setStock } from './stock.ts';

/** Products read per query, on export and in the import's comparison. */
const PAGE = 500;

/** What the file's columns say of a product, as the file writes each value: what the dry run compares and shows. */
type Shown = Record<Exclude<CatalogueColumn, 'handle' | 'size' | 'stock' | 'images'> | 'sizes', string>;

interface Existing {
  id: number;
  version: number;
  zh: ZhText;
  fields: CatalogueFileProduct;
}

interface Planned {
  file: CatalogueFileProduct;
  existing: Existing | null;
  /** The product as it will be (absent columns keep the product's values). */
  target: CatalogueFileProduct;
  changes: { field: string; before: string | null; after: string }[];
}

const money = (cents: number | null) => (cents === null ? '' : toDecimalString(cents, 'EUR'));
const sizesText = (sizes: readonly { size: Size; stock: number }[]) => sizes.map((s) => `${s.size}:${s.stock}`).join(' ');

function shown(p: CatalogueFileProduct): Shown {
  return {
    titleEn: p.title['en-US'],
    titleZh: p.title['zh-CN'],
    descriptionEn: p.description['en-US'],
    descriptionZh: p.description['zh-CN'],
    price: money(p.price),
    compareAtPrice: money(p.compareAtPrice),
    customisationFee: money(p.customisationFee),
    taxClass: p.taxClass,
    sport: p.sport,
    team: p.team ?? '',
    tags: p.tags.join(', '),
    printable: yesNo(p.printable),
    published: yesNo(p.published),
    sizes: sizesText(p.sizes),
  };
}

/** A column's heading in the file, in `locale`. */
export function catalogueHeading(column: CatalogueColumn, locale: Locale): string {
  return render(msg(`catalogueFile.column.${column}`), locale);
}

/** Every heading the import reads (both languages' and the column keys, as headingKey compares them), to its column. */
export function catalogueHeadings(): Map<string, CatalogueColumn> {
  const headings = new Map<string, CatalogueColumn>();
  for (const column of CATALOGUE_COLUMNS) {
    headings.set(headingKey(column), column);
    for (const locale of LOCALES) headings.set(headingKey(catalogueHeading(column, locale)), column);
  }
  return headings;
}

export class CatalogueFileDesk extends AuditedDesk {
  private readonly table: ProductDesk;
  private readonly headings = catalogueHeadings();

  constructor(db: Db, table: ProductDesk) {
    super(db);
    this.table = table;
  }

  /** The filter's products as the file's text, a page of products at a time (a byte-order mark and the heading first). */
  async *export(filter: ProductFilter, locale: Locale): AsyncGenerator<string> {
    const { ids } = await this.table.matchingIds({ ...filter, sort: 'id', order: 'asc' }, null);
    yield CSV_BOM + csvLine(CATALOGUE_COLUMNS.map((column) => catalogueHeading(column, locale)));
    for (let start = 0; start < ids.length; start += PAGE) {
      const page = await this.read(this.db, ids.slice(start, start + PAGE), 'id');
      const images = await this.imagesOf(page.map((p) => p.id));
      let text = '';
      for (const { id, fields: p } of page) {
        p.sizes.forEach((s, i) => {
          const product =
            i === 0
              ? {
                  title: p.title,
                  description: p.description,
                  price: money(p.price),
                  compareAtPrice: p.compareAtPrice === null ? null : money(p.compareAtPrice),
                  customisationFee: money(p.customisationFee),
                  taxClass: p.taxClass,
                  sport: p.sport,
                  team: p.team,
                  tags: p.tags,
                  printable: p.printable,
                  published: p.published,
                  images: images.get(id) ?? [],
                }
              : null;
          text += csvLine(catalogueCells({ handle: p.handle, size: s.size, stock: s.stock, product }));
        });
      }
      yield text;
    }
  }

  /** Each product's image file names: its uploads' ("<hash>.webp", as the storefront serves them), else none. */
  private async imagesOf(ids: number[]): Promise<Map<number, string[]>> {
    const rows = ids.length
      ? await this.db.select({ productId: productImages.productId, hash: productImages.hash }).from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.productId), asc(productImages.sort))
      : [];
    const byId = new Map<number, string[]>();
    for (const r of rows) byId.set(r.productId, [...(byId.get(r.productId) ?? []), uploadedImageUrl(r.hash, 'large').split('/').pop()!]);
    return byId;
  }

  /** Products by id or by handle, as the file would write them; `lock` takes their rows (in id order). */
  private async read(db: Db | Tx, keys: (number | string)[], by: 'id' | 'handle', lock = false): Promise<Existing[]> {
    if (keys.length === 0) return [];
    const where = by === 'id' ? inArray(products.id, keys as number[]) : inArray(products.handle, keys as string[]);
    const query = db
      .select({
        id: products.id,
        handle: products.handle,
        version: products.version,
        title: products.title,
        description: products.description,
        zh: products.zh,
        price: products.price,
        compareAtPrice: products.compareAtPrice,
        customisationFee: products.customisationFee,
        taxClass: products.taxClass,
        sport: products.sport,
        team: teams.tag,
        tags: products.tags,
        printable: products.printable,
        active: products.active,
      })
      .from(products)
      .leftJoin(teams, eq(teams.id, products.teamId))
      .where(where)
      .orderBy(asc(products.id));
    const rows = lock ? await query.for('update', { of: products }) : await query;
    const sizeRows = rows.length
      ? await db
          .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
          .from(productSizes)
          .where(inArray(productSizes.productId, rows.map((r) => r.id)))
          .orderBy(asc(productSizes.productId), asc(productSizes.sort))
      : [];
    const sizes = new Map<number, { size: Size; stock: number }[]>();
    for (const s of sizeRows) sizes.set(s.productId, [...(sizes.get(s.productId) ?? []), { size: s.size as Size, stock: s.stock }]);
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      zh: r.zh,
      fields: {
        handle: r.handle,
        line: 0,
        rowLines: [],
        blanks: [],
        title: { 'en-US': r.title, 'zh-CN': r.zh.title ?? '' },
        description: { 'en-US': r.description, 'zh-CN': r.zh.description ?? '' },
        price: r.price,
        compareAtPrice: r.compareAtPrice,
        customisationFee: r.customisationFee,
        taxClass: r.taxClass,
        sport: r.sport,
        team: r.team,
        tags: r.tags,
        printable: r.printable,
        published: r.active,
        sizes: sizes.get(r.id) ?? [],
      },
    }));
  }

  /**
   * The file against the catalogue now: each product planned (created, changed or unchanged) or
   * its problems, worded in `locale`. `lock` (the apply) locks the products the file names.
   */
  private async plan(db: Db | Tx, csv: string, locale: Locale, lock: boolean): Promise<{ planned: Planned[]; problems: CatalogueProblem[]; issueCount: number; issueLines: Set<number>; rows: number }> {
    const { products: fileProducts, issues, rows, columns } = readCatalogueFile(csv, this.headings, (column) => catalogueHeading(column, locale));
    const handles = fileProducts.map((p) => p.handle);
    const existing = new Map<string, Existing>();
    for (let start = 0; start < handles.length; start += PAGE) {
      for (const e of await this.read(db, handles.slice(start, start + PAGE), 'handle', lock)) existing.set(e.fields.handle, e);
    }
    const teamRows = await db.select({ id: teams.id, tag: teams.tag, colours: teams.colours }).from(teams);
    const teamByTag = new Map(teamRows.map((t) => [t.tag, t]));
    const navRows = await db.select({ id: navItems.id, tag: navItems.tag, parentId: navItems.parentId, level: navItems.level }).from(navItems);
    const tagOf = new Map(navRows.map((n) => [n.id, n.tag]));
    const nav = navRows.map((n) => ({ tag: n.tag, level: n.level, parent: n.parentId === null ? null : (tagOf.get(n.parentId) ?? null) }));
    const navTags = new Set(nav.map((n) => n.tag));

    const more: CatalogueIssue[] = [];
    const planned: Planned[] = [];
    for (const file of fileProducts) {
      const before = existing.get(file.handle) ?? null;
      const problem = (column: CatalogueColumn, issue: CatalogueIssue['issue'], value?: string) => more.push({ line: file.line, column, issue, ...(value === undefined ? {} : { value }) });
      // Columns the file leaves out keep the product's values (a new product takes the defaults the reader gave).
      const keep = <K extends keyof CatalogueFileProduct>(key: K, column: CatalogueColumn): CatalogueFileProduct[K] =>
        before && (!columns.includes(column) || file.blanks.includes(column)) ? before.fields[key] : file[key];
      const target: CatalogueFileProduct = {
        ...file,
        title: { 'en-US': keep('title', 'titleEn')['en-US'], 'zh-CN': keep('title', 'titleZh')['zh-CN'] },
        description: { 'en-US': keep('description', 'descriptionEn')['en-US'], 'zh-CN': keep('description', 'descriptionZh')['zh-CN'] },
        price: keep('price', 'price'),
        compareAtPrice: keep('compareAtPrice', 'compareAtPrice'),
        customisationFee: keep('customisationFee', 'customisationFee'),
        taxClass: keep('taxClass', 'taxClass') as TaxClass,
        sport: keep('sport', 'sport'),
        team: keep('team', 'team'),
        tags: keep('tags', 'tags'),
        printable: keep('printable', 'printable'),
        published: keep('published', 'published'),
      };
      const read = (column: CatalogueColumn) => issues.some((i) => i.line === file.line && i.column === column);
      if (!target.title['en-US']) problem('titleEn', 'required');
      if (target.price === null && !read('price')) problem('price', 'required');
      if (!target.sport) problem('sport', 'required');
      if (target.price !== null && target.compareAtPrice !== null && target.compareAtPrice <= target.price) problem('compareAtPrice', 'compareAtTooLow', money(target.compareAtPrice));
      if (target.team !== null && !teamByTag.has(target.team)) problem('team', 'unknownTeam', target.team);
      if (!before && !columns.includes('tags')) target.tags = defaultNavTags(nav, target.sport, target.team);
      const unknown = target.tags.filter((tag) => !navTags.has(tag));
      if (unknown.length) problem('tags', 'unknownTags', unknown.join(', '));
      const was = before ? shown(before.fields) : null;
      const now = shown(target);
      const changes = (Object.keys(now) as (keyof Shown)[]).filter((field) => was?.[field] !== now[field]).map((field) => ({ field, before: was ? was[field] : null, after: now[field] }));
      planned.push({ file, existing: before, target, changes });
    }
    const all = [...issues, ...more].sort((a, b) => a.line - b.line);
    const problems = all.slice(0, CATALOGUE_ISSUES_SHOWN).map((issue) => ({
      line: issue.line,
      column: issue.column === null ? null : catalogueHeading(issue.column, locale),
      message: render(msg(`catalogueFile.issue.${issue.issue}`, { value: issue.value ?? '' }), locale),
    }));
    return { planned, problems, issueCount: all.length, issueLines: new Set(all.map((i) => i.line)), rows };
  }

  /** What the file would do, changing nothing; `basis` (each product's version now) is what the apply must find. */
  async dryRun(csv: string, locale: Locale): Promise<CatalogueDryRun> {
    const { planned, problems, issueCount, issueLines, rows } = await this.plan(this.db, csv, locale, false);
    const reports: CatalogueProductReport[] = [];
    let created = 0;
    let changed = 0;
    let unchanged = 0;
    // A product with a problem on any of its rows is in the problems, not counted or reported as a change.
    for (const p of planned.filter((p) => !p.file.rowLines.some((line) => issueLines.has(line)))) {
      const kind = !p.existing ? 'create' : p.changes.length ? 'change' : null;
      if (kind === 'create') created++;
      else if (kind === 'change') changed++;
      else unchanged++;
      if (kind && reports.length < CATALOGUE_REPORT_SHOWN) reports.push({ line: p.file.line, handle: p.file.handle, kind, changes: p.changes });
    }
    return {
      rows,
      products: planned.length,
      created,
      changed,
      unchanged,
      refused: issueCount,
      problems,
      reports,
      basis: Object.fromEntries(planned.map((p) => [p.file.handle, p.existing?.version ?? 0])),
    };
  }

  /**
   * The file applied, all of it or nothing, if every product is as the dry run found it (`basis`:
   * handle to version, 0 for a product to create); one audit row counts what was done.
   */
  async apply(actor: AuditActor, csv: string, basis: Record<string, number>, locale: Locale): Promise<CatalogueApplyAnswer> {
    return this.db.transaction(async (tx) => {
      const { planned, problems, issueCount } = await this.plan(tx, csv, locale, true);
      if (issueCount > 0) throw failWith(CODES.INVALID_INPUT, msg('catalogueFile.refused', { count: issueCount }), { problems });
      const moved = planned.filter((p) => basis[p.file.handle] !== (p.existing?.version ?? 0)).map((p) => p.file.handle);
      if (moved.length) throw failWith(CODES.STALE_VERSION, msg('catalogueFile.moved', { handles: moved.slice(0, 20).join(', '), count: moved.length }), { handles: moved });

      const teamRows = await tx.select({ id: teams.id, tag: teams.tag, colours: teams.colours }).from(teams);
      const team = new Map(teamRows.map((t) => [t.tag, t]));
      const columns = (t: CatalogueFileProduct, zh: ZhText) => ({
        title: t.title['en-US'],
        description: t.description['en-US'],
        zh: { ...zh, title: t.title['zh-CN'], description: t.description['zh-CN'] },
        price: t.price!,
        compareAtPrice: t.compareAtPrice,
        customisationFee: t.customisationFee,
        taxClass: t.taxClass,
        sport: t.sport,
        teamId: t.team === null ? null : team.get(t.team)!.id,
        tags: t.tags,
        printable: t.printable,
        active: t.published,
      });
      let created = 0;
      let changed = 0;
      const creates = planned.filter((p) => !p.existing);
      for (let start = 0; start < creates.length; start += PAGE) {
        const batch = creates.slice(start, start + PAGE);
        const inserted = await tx
          .insert(products)
          .values(
            batch.map(({ target: t }) => {
              const art = generatedArt(t.team === null ? null : team.get(t.team)!.colours);
              return { ...columns(t, {}), handle: t.handle, images: art, art };
            }),
          )
          .returning({ id: products.id, handle: products.handle });
        const idOf = new Map(inserted.map((r) => [r.handle, r.id]));
        await tx.insert(productSizes).values(batch.flatMap(({ target: t }) => t.sizes.map((s) => ({ productId: idOf.get(t.handle)!, size: s.size, stock: s.stock, sort: SIZES.indexOf(s.size) }))));
        created += batch.length;
      }
      for (const p of planned) {
        if (!p.existing || p.changes.length === 0) continue;
        const { id, zh } = p.existing;
        if (p.changes.some((c) => c.field !== 'sizes')) {
          await tx
            .update(products)
            .set({ ...columns(p.target, zh), version: sql`${products.version} + 1`, updatedAt: new Date() })
            .where(eq(products.id, id));
        } else {
          await tx.update(products).set({ version: sql`${products.version} + 1`, updatedAt: new Date() }).where(eq(products.id, id));
        }
        if (p.changes.some((c) => c.field === 'sizes')) await setStock(tx, id, p.target.sizes, true);
        changed++;
      }
      const unchanged = planned.length - created - changed;
      await this.audit.record(tx, { actor, action: 'catalogue.import', entity: 'catalogue', entityId: 'import', before: null, after: { created, changed, unchanged } });
      return { created, changed, unchanged };
    });
  }
}
