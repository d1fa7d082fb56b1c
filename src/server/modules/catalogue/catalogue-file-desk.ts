/**
 * The catalogue file (docs/back-office.md "Catalogue file"): its export, written a page of
 * products at a time as the answer streams, and its import: a dry run that says per product what
 * would be created, changed (old and new values) or refused and why, changing nothing; then the
 * apply, all products or none in one transaction, audited as one action, refused whole when any
 * product's version moved since the dry run. The triggers of migrations 0003 and 0009 announce
 * every write, so caches drop and the site's partial rebuild follows.
 */
import type { Writable } from 'node:stream';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CODES } from '../../../domain/api/envelope.ts';
import { SIZES, type Size } from '../../../domain/catalogue.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import { LOCALES } from '../../../domain/locale.ts';
import { toDecimalString } from '../../../domain/money.model.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_FILE_MAX_CHARS,
  CATALOGUE_FILE_MAX_ROWS,
  CATALOGUE_ISSUES_SHOWN,
  CATALOGUE_REPORT_SHOWN,
  CATALOGUE_XLSX_MAX_UNPACKED,
  catalogueCells,
  headingKey,
  readCatalogueFile,
  readCatalogueGrid,
  refusedFile,
  yesNo,
  type CatalogueFileRead,
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
import { readFirstSheet, XlsxSheetWriter } from '../../xlsx.ts';
import { AppError, failWith } from '../../errors.ts';
import { msg, render, toMessage } from '../../messages/index.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import { checkedOriginal, imageVariants, isImageKey, storeVariants, type ImageVariants } from './image-desk.ts';
import { readImageZip, type ZipImage } from './image-zip.ts';
import { mediaFiles, productImages } from './images-schema.ts';
import { generatedArt, ownColumnsOf, type ProductDesk, type ProductFilter } from './product-desk.ts';
import { navItems, products, productSizes, teams, type ZhText } from './schema.ts';
import { setStock } from './stock.ts';
import { announceProductTx } from '../webhooks/index.ts';

/** Products read per query, on export and in the import's comparison. */
const PAGE = 500;

/** The file to import as it came: a CSV's text, or an XLSX's bytes. */
export type CatalogueUpload = { format: 'csv'; text: string } | { format: 'xlsx'; bytes: Uint8Array };

/** The XLSX's columns' widths, in characters (titles and descriptions wider). */
const XLSX_WIDTHS: Record<CatalogueColumn, number> = {
  handle: 28,
  size: 6,
  stock: 8,
  titleEn: 36,
  titleZh: 28,
  descriptionEn: 48,
  descriptionZh: 40,
  price: 10,
  compareAtPrice: 12,
  customisationFee: 12,
  taxClass: 10,
  sport: 12,
  team: 20,
  tags: 28,
  printable: 10,
  published: 10,
  images: 40,
};

/** What the file's columns say of a product, as the file writes each value: what the dry run compares and shows. */
type Shown = Record<Exclude<CatalogueColumn, 'handle' | 'size' | 'stock' | 'images'> | 'sizes', string>;

interface Existing {
  id: number;
  version: number;
  zh: ZhText;
  fields: CatalogueFileProduct;
  /** Its uploaded images' hashes, in order (the export writes them as imageName). */
  imageHashes: string[];
}

/**
 * An image name of the file resolved: an image (its original's hash; variants when it came in the
 * zip, to store on apply) or why its rows are refused (`missing`: neither in the zip nor the shop's).
 */
type Resolved = { hash: string; variants: ImageVariants | null } | { reason: string } | 'missing';

/** Why a zip entry named by the file cannot be used, as its rows are told. */
const ZIP_REFUSALS = { twice: 'catalogueFile.zip.twice', tooLarge: 'product.image.tooLarge', unreadable: 'product.image.unreadable' } as const;

/** The file name the export writes for an uploaded image (its large variant's key). */
const imageName = (hash: string) => uploadedImageUrl(hash, 'large').split('/').pop()!;

interface Planned {
  file: CatalogueFileProduct;
  existing: Existing | null;
  /** The product as it will be (absent columns keep the product's values). */
  target: CatalogueFileProduct;
  changes: { field: string; before: string | null; after: string }[];
  /** The product's images after (hashes; null: unchanged by the file) and what the dry run shows of them. */
  imageHashes: string[] | null;
  images: CatalogueProductReport['images'];
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

  /** The filter's products as the file's rows (CATALOGUE_COLUMNS order), a page of products at a time. */
  private async *rowPages(filter: ProductFilter): AsyncGenerator<(string | number | null)[][]> {
    const { ids } = await this.table.matchingIds({ ...filter, sort: 'id', order: 'asc' }, null);
    for (let start = 0; start < ids.length; start += PAGE) {
      const page = await this.read(this.db, ids.slice(start, start + PAGE), 'id');
      const rows: (string | number | null)[][] = [];
      for (const { fields: p, imageHashes } of page) {
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
                  images: imageHashes.map(imageName),
                }
              : null;
          rows.push(catalogueCells({ handle: p.handle, size: s.size, stock: s.stock, product }));
        });
      }
      yield rows;
    }
  }

  /** The filter's products as the CSV's text, a page of products at a time (a byte-order mark and the heading first). */
  async *export(filter: ProductFilter, locale: Locale): AsyncGenerator<string> {
    const pages = this.rowPages(filter);
    yield CSV_BOM + csvLine(CATALOGUE_COLUMNS.map((column) => catalogueHeading(column, locale)));
    for await (const rows of pages) yield rows.map(csvLine).join('');
  }

  /**
   * The filter's products as an XLSX written to `out`, a page of products at a time: one sheet,
   * the heading bold and frozen, prices as text cells written as the CSV writes them ("49.99":
   * a round trip is exact), stock a number, every other cell text (none a formula).
   */
  async exportXlsx(filter: ProductFilter, locale: Locale, out: Writable): Promise<void> {
    const sheet = await XlsxSheetWriter.open(
      out,
      render(msg('catalogueFile.sheet'), locale),
      CATALOGUE_COLUMNS.map((column) => catalogueHeading(column, locale)),
      CATALOGUE_COLUMNS.map((column) => XLSX_WIDTHS[column]),
    );
    for await (const rows of this.rowPages(filter)) for (const row of rows) sheet.add(row);
    await sheet.end();
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
    const imageRows = rows.length
      ? await db.select({ productId: productImages.productId, hash: productImages.hash }).from(productImages).where(inArray(productImages.productId, rows.map((r) => r.id))).orderBy(asc(productImages.productId), asc(productImages.sort))
      : [];
    const hashes = new Map<number, string[]>();
    for (const i of imageRows) hashes.set(i.productId, [...(hashes.get(i.productId) ?? []), i.hash]);
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      zh: r.zh,
      imageHashes: hashes.get(r.id) ?? [],
      fields: {
        handle: r.handle,
        line: 0,
        rowLines: [],
        blanks: [],
        ...ownColumnsOf(r),
        team: r.team,
        published: r.active,
        sizes: sizes.get(r.id) ?? [],
        images: null,
      },
    }));
  }

  /**
   * The file against the catalogue now: each product planned (created, changed or unchanged) or
   * its problems, worded in `locale`. `lock` (the apply) locks the products the file names.
   */
  private async plan(
    db: Db | Tx,
    read: CatalogueFileRead,
    images: ReadonlyMap<string, Resolved>,
    locale: Locale,
    lock: boolean,
  ): Promise<{ planned: Planned[]; problems: CatalogueProblem[]; issueCount: number; issueLines: Set<number>; rows: number }> {
    const { products: fileProducts, issues, rows, columns } = read;
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
      const changes: Planned['changes'] = (Object.keys(now) as (keyof Shown)[]).filter((field) => was?.[field] !== now[field]).map((field) => ({ field, before: was ? was[field] : null, after: now[field] }));
      let imageHashes: string[] | null = null;
      let imageReport: Planned['images'] = null;
      if (file.images) {
        const hashes: string[] = [];
        for (const name of file.images) {
          const image = images.get(name) ?? 'missing';
          if (image === 'missing') problem('images', 'imageMissing', name);
          else if ('reason' in image) problem('images', 'imageRefused', `${name}: ${image.reason}`);
          else if (!hashes.includes(image.hash)) hashes.push(image.hash);
        }
        const had = before?.imageHashes ?? [];
        if (hashes.length !== had.length || hashes.some((h, i) => h !== had[i])) {
          imageHashes = hashes;
          const hashOf = (name: string) => {
            const image = images.get(name);
            return image && image !== 'missing' && 'hash' in image ? image.hash : null;
          };
          imageReport = {
            added: file.images.filter((name) => !had.includes(hashOf(name) ?? '')),
            kept: file.images.filter((name) => had.includes(hashOf(name) ?? '')),
            removed: had.filter((h) => !hashes.includes(h)).map(imageName),
          };
          changes.push({ field: 'images', before: before ? had.map(imageName).join(' ') : null, after: file.images.join(' ') });
        }
      }
      planned.push({ file, existing: before, target, changes, imageHashes, images: imageReport });
    }
    const all = [...issues, ...more].sort((a, b) => a.line - b.line);
    const problems = all.slice(0, CATALOGUE_ISSUES_SHOWN).map((issue) => ({
      line: issue.line,
      column: issue.column === null ? null : catalogueHeading(issue.column, locale),
      message: render(msg(`catalogueFile.issue.${issue.issue}`, { value: issue.value ?? '' }), locale),
    }));
    return { planned, problems, issueCount: all.length, issueLines: new Set(all.map((i) => i.line)), rows };
  }

  /** The file's products and problems: a CSV's text, or an XLSX's first sheet (src/server/xlsx.ts), read into one grid. */
  private async readFile(file: CatalogueUpload, locale: Locale): Promise<CatalogueFileRead> {
    const headingOf = (column: CatalogueColumn) => catalogueHeading(column, locale);
    if (file.format === 'csv') return readCatalogueFile(file.text, this.headings, headingOf);
    // One row over the limit is read, so the mapping refuses the file naming that row's line.
    const sheet = await readFirstSheet(file.bytes, { bytes: CATALOGUE_FILE_MAX_CHARS, unpacked: CATALOGUE_XLSX_MAX_UNPACKED, rows: CATALOGUE_FILE_MAX_ROWS + 2, chars: CATALOGUE_FILE_MAX_CHARS });
    if ('refused' in sheet) return sheet.refused === 'tooMuch' ? refusedFile('xlsxTooMuch', String(CATALOGUE_XLSX_MAX_UNPACKED / 1024 / 1024)) : refusedFile(sheet.refused);
    return readCatalogueGrid(sheet.rows, 'xlsx', this.headings, headingOf);
  }

  /**
   * Every image name the file's products give, resolved: from the zip (checked and decoded as
   * the editor's upload is: image-desk.ts), else one of the shop's stored images by the name the
   * export writes, else missing. Whole-zip refusals (not a zip, unsafe names, a bomb) throw.
   */
  private async resolveImages(read: CatalogueFileRead, zip: Uint8Array | null, locale: Locale, keep: boolean): Promise<Map<string, Resolved>> {
    const names = new Set(read.products.flatMap((p) => p.images ?? []));
    const resolved = new Map<string, Resolved>();
    // A zip is read even when the file names no image: its rules (unsafe names, a bomb) refuse it all the same.
    if (names.size === 0 && !zip) return resolved;
    const inZip = zip ? readImageZip(zip, names) : new Map<string, ZipImage>();
    const byHash = new Map<string, Resolved>();
    for (const [name, entry] of inZip) {
      if ('refused' in entry) {
        resolved.set(name, { reason: render(toMessage(ZIP_REFUSALS[entry.refused]), locale) });
        continue;
      }
      try {
        const hash = checkedOriginal(entry.bytes);
        // The same picture under two names is decoded once.
        // The dry run decodes too (a picture sharp cannot read is refused there), keeping nothing.
        const known = byHash.get(hash) ?? { hash, variants: await imageVariants(entry.bytes).then((v) => (keep ? v : null)) };
        byHash.set(hash, known);
        resolved.set(name, known);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        resolved.set(name, { reason: error.messageIn(locale) });
      }
    }
    const stored = [...names].filter((name) => !resolved.has(name) && isImageKey(name));
    const found = stored.length ? await this.db.select({ key: mediaFiles.key }).from(mediaFiles).where(inArray(mediaFiles.key, stored)) : [];
    for (const { key } of found) resolved.set(key, { hash: key.slice(0, 64), variants: null });
    for (const name of names) if (!resolved.has(name)) resolved.set(name, 'missing');
    return resolved;
  }

  /** What the file would do, changing nothing; `basis` (each product's version now) is what the apply must find. */
  async dryRun(file: CatalogueUpload, zip: Uint8Array | null, locale: Locale): Promise<CatalogueDryRun> {
    const read = await this.readFile(file, locale);
    const images = await this.resolveImages(read, zip, locale, false);
    const { planned, problems, issueCount, issueLines, rows } = await this.plan(this.db, read, images, locale, false);
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
      if (kind && reports.length < CATALOGUE_REPORT_SHOWN) reports.push({ line: p.file.line, handle: p.file.handle, kind, changes: p.changes, images: p.images });
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
  async apply(actor: AuditActor, file: CatalogueUpload, zip: Uint8Array | null, basis: Record<string, number>, locale: Locale): Promise<CatalogueApplyAnswer> {
    const read = await this.readFile(file, locale);
    // The zip's images are checked and decoded before the transaction: no lock waits on sharp.
    const images = await this.resolveImages(read, zip, locale, true);
    return this.db.transaction(async (tx) => {
      const { planned, problems, issueCount } = await this.plan(tx, read, images, locale, true);
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
      // Stored in the same transaction as the products (media_files is a table): a failure leaves none of them.
      const used = new Set(planned.flatMap((p) => p.imageHashes ?? []));
      const stored = new Set<string>();
      for (const image of images.values()) {
        if (image === 'missing' || !('hash' in image) || !image.variants || !used.has(image.hash) || stored.has(image.hash)) continue;
        await storeVariants(tx, image.hash, image.variants);
        stored.add(image.hash);
      }
      const setImages = async (productId: number, hashes: string[]) => {
        await tx.delete(productImages).where(eq(productImages.productId, productId));
        if (hashes.length) await tx.insert(productImages).values(hashes.map((hash, sort) => ({ productId, hash, sort })));
      };
      const urls = (hashes: string[]) => hashes.map((hash) => uploadedImageUrl(hash, 'large'));
      let created = 0;
      let changed = 0;
      // The products created or changed, each told to webhooks once the file is applied.
      const touched: { id: number; handle: string; published: boolean }[] = [];
      const creates = planned.filter((p) => !p.existing);
      for (let start = 0; start < creates.length; start += PAGE) {
        const batch = creates.slice(start, start + PAGE);
        const inserted = await tx
          .insert(products)
          .values(
            batch.map(({ target: t, imageHashes }) => {
              const art = generatedArt(t.team === null ? null : team.get(t.team)!.colours);
              const hashes = imageHashes ?? [];
              return { ...columns(t, {}), handle: t.handle, images: hashes.length ? urls(hashes) : art, art };
            }),
          )
          .returning({ id: products.id, handle: products.handle });
        const idOf = new Map(inserted.map((r) => [r.handle, r.id]));
        for (const { target: t } of batch) touched.push({ id: idOf.get(t.handle)!, handle: t.handle, published: t.published });
        await tx.insert(productSizes).values(batch.flatMap(({ target: t }) => t.sizes.map((s) => ({ productId: idOf.get(t.handle)!, size: s.size, stock: s.stock, sort: SIZES.indexOf(s.size) }))));
        for (const p of batch) if (p.imageHashes?.length) await setImages(idOf.get(p.target.handle)!, p.imageHashes);
        created += batch.length;
      }
      for (const p of planned) {
        if (!p.existing || p.changes.length === 0) continue;
        const { id, zh } = p.existing;
        if (p.imageHashes) {
          await setImages(id, p.imageHashes);
          const [row] = await tx.select({ art: products.art }).from(products).where(eq(products.id, id));
          await tx
            .update(products)
            .set({ images: p.imageHashes.length ? urls(p.imageHashes) : row!.art })
            .where(eq(products.id, id));
        }
        if (p.changes.some((c) => c.field !== 'sizes' && c.field !== 'images')) {
          await tx
            .update(products)
            .set({ ...columns(p.target, zh), version: sql`${products.version} + 1`, updatedAt: new Date() })
            .where(eq(products.id, id));
        } else {
          await tx.update(products).set({ version: sql`${products.version} + 1`, updatedAt: new Date() }).where(eq(products.id, id));
        }
        if (p.changes.some((c) => c.field === 'sizes')) await setStock(tx, id, p.target.sizes, true);
        touched.push({ id, handle: p.target.handle, published: p.target.published });
        changed++;
      }
      const unchanged = planned.length - created - changed;
      for (const product of touched) await announceProductTx(tx, product, 'imported');
      await this.audit.record(tx, { actor, action: 'catalogue.import', entity: 'catalogue', entityId: 'import', before: null, after: { created, changed, unchanged, images: stored.size, format: file.format } });
      return { created, changed, unchanged };
    });
  }
}
