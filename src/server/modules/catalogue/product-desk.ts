/**
 * The back office's products (docs/back-office.md "Products"): the table (search, filters, paging),
 * the editor's read and save, create, duplicate and publish (bulk changes and the stock CSV:
 * product-bulk.ts).
 * Every write runs in one transaction with its audit rows and raises the product's version: a save
 * from an older version is refused (1412), never silently written over. The triggers of migration
 * 0003 announce each write, so every instance drops its cached catalogue answers.
 */
import { and, arrayOverlaps, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CODES, type Page } from '../../../domain/api/envelope.ts';
import { SIZES, type Size } from '../../../domain/catalogue.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import {
  changedFields,
  defaultNavTags,
  handleFromTitle,
  handleWithSuffix,
  uploadedImageUrl,
  type AdminProduct,
  type AdminProductRow,
  type ProductAdminSort,
  type ProductOptions,
  type StockState,
} from '../../../domain/back-office/products.model.ts';
import type { NewProductFields, ProductFields } from '../../../domain/back-office/products.schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { failWith, invalid, invalidFields, notFound } from '../../errors.ts';
import { Cached } from '../../http/cached.ts';
import { formatShirtDesign, shirtImageUrl } from '../../media/shirt-svg.ts';
import { msg } from '../../messages/index.ts';
import { pick } from '../../messages/localise.ts';
import { AuditedDesk, type AuditActor } from '../audit/index.ts';
import type { CatalogueService } from './catalogue.ts';
import { productImages } from './images-schema.ts';
import { addons, navItems, patches, productFirstImage, productSizes, productZhTitle, products, teams } from './schema.ts';
import { SearchIndex } from './search-index.ts';
import { setStock } from './stock.ts';
import { announceProductTx } from '../webhooks/index.ts';

export interface ProductFilter {
  query?: string | undefined;
  sport?: string | undefined;
  league?: string | undefined;
  teamId?: number | undefined;
  published?: boolean | undefined;
  stock?: StockState | undefined;
}

/** What the table filters by, of one product. */
interface ProductFacts {
  sport: string;
  teamId: number | null;
  active: boolean;
  stockState: StockState;
}

export interface ProductQuery extends ProductFilter {
  sort: ProductAdminSort;
  order: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<ProductAdminSort, (AnyColumn | SQL)[]> = {
  id: [products.id],
  title: [sql`lower(${products.title})`, products.id],
  price: [products.price, products.id],
  updatedAt: [products.updatedAt, products.id],
};

/** Under some navigation entry: what `listedUnder` (domain) says of the product's saved tags. */
const listedSql = sql<boolean>`exists (select 1 from ${navItems} n where n.tag = any(${products.tags}))`;

const rowColumns = {
  id: products.id,
  title: products.title,
  zhTitle: productZhTitle,
  image: productFirstImage,
  sport: products.sport,
  teamName: teams.name,
  league: teams.leagueTag,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  active: products.active,
  stockState: products.stockState,
  listed: listedSql,
  version: products.version,
  updatedAt: products.updatedAt,
  sizes: sql<{ size: Size; stock: number }[]>`coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.sort) from ${productSizes} s where s.product_id = ${products.id}), '[]'::json)`,
};

/** What an audit row of an edit compares: the editor's fields as stored. */
type Snapshot = Omit<AdminProduct, 'id' | 'version' | 'images' | 'art' | 'patches' | 'addons' | 'updatedAt' | 'listed'>;

function snapshotOf(product: AdminProduct): Snapshot {
  const { id: _id, version: _version, images: _images, art: _art, patches: _patches, addons: _addons, updatedAt: _updatedAt, listed: _listed, ...rest } = product;
  return rest;
}

const DEFAULT_COLOURS = ['#1f2937', '#f9fafb'];

/** A product row's own columns as the back office edits them (the editor and the catalogue file alike), its texts in both languages. */
export function ownColumnsOf(row: Pick<typeof products.$inferSelect, 'title' | 'description' | 'zh' | 'price' | 'compareAtPrice' | 'customisationFee' | 'taxClass' | 'sport' | 'tags' | 'printable'>) {
  return {
    title: { 'en-US': row.title, 'zh-CN': row.zh.title ?? '' },
    description: { 'en-US': row.description, 'zh-CN': row.zh.description ?? '' },
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    customisationFee: row.customisationFee,
    taxClass: row.taxClass,
    sport: row.sport,
    tags: row.tags,
    printable: row.printable,
  };
}

/** A new product's picture until images are uploaded: a plain shirt, front and back, in its team's colours (null: no team). */
export function generatedArt(colours: readonly string[] | null): string[] {
  const design = formatShirtDesign({ pattern: 'plain', colours: (colours ?? DEFAULT_COLOURS).slice(0, 3), cut: 'tee' });
  return [shirtImageUrl(design, 'front'), shirtImageUrl(design, 'back')];
}

/**
 * `wanted` if no product has it, else the first free of `base` with suffix(2), suffix(3)...
 * ("shirt-2"; a copy's "shirt-copy-2" from base "shirt").
 */
async function freeHandle(db: Db | Tx, wanted: string, suffix: (n: number) => string, base = wanted): Promise<string> {
  // Handles hold no like wildcards; every candidate starts with the base's first 60 characters.
  const rows = await db.select({ handle: products.handle }).from(products).where(sql`${products.handle} = ${wanted} or ${products.handle} like ${`${base.slice(0, 60)}%`}`);
  const taken = new Set(rows.map((r) => r.handle));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const next = handleWithSuffix(base, suffix(n));
    if (!taken.has(next)) return next;
  }
}

export class ProductDesk extends AuditedDesk {
  /** Titles of every product, published or not: the storefront's search, over the whole catalogue. */
  private readonly index: Cached<{ search: SearchIndex; facts: Map<number, ProductFacts> }>;
  /**
   * Totals per filter, dropped whenever a product row changes on any instance (a sale that moves
   * no product's stock state changes no total): paging through a filter counts it once.
   */
  private readonly totals = new Map<string, number>();
  /** Raised when the totals are dropped: a count that was running then is not kept. */
  private totalsGeneration = 0;

  constructor(db: Db, catalogue: CatalogueService) {
    super(db);
    this.index = new Cached(async () => {
      const rows = await this.db
        .select({ id: products.id, title: products.title, zhTitle: productZhTitle, rank: products.rank, sport: products.sport, teamId: products.teamId, active: products.active, stockState: products.stockState })
        .from(products);
      const search = new SearchIndex(rows.map((r) => ({ id: r.id, titles: r.zhTitle ? [r.title, r.zhTitle] : [r.title], rank: r.rank })));
      return { search, facts: new Map(rows.map((r) => [r.id, { sport: r.sport, teamId: r.teamId, active: r.active, stockState: r.stockState }])) };
    });
    catalogue.onChange((change) => {
      if (change.kind === 'everything' || (change.kind === 'product' && !change.stockOnly)) {
        this.index.invalidate();
        this.totals.clear();
        this.totalsGeneration++;
      }
    });
  }

  async options(locale: Locale): Promise<ProductOptions> {
    const [sports, teamRows, navRows] = await Promise.all([
      this.db.selectDistinct({ sport: products.sport }).from(products).orderBy(asc(products.sport)),
      this.db.select().from(teams).orderBy(asc(teams.tag)),
      this.db.select().from(navItems).orderBy(asc(navItems.level), asc(navItems.sort), asc(navItems.id)),
    ]);
    const navName = new Map(navRows.map((n) => [n.tag, pick(n.tagName, locale)]));
    const tagOf = new Map(navRows.map((n) => [n.id, n.tag]));
    const leagues = [...new Set(teamRows.map((t) => t.leagueTag))].map((tag) => ({ tag, name: navName.get(tag) ?? tag }));
    return {
      sports: sports.map((s) => s.sport),
      leagues,
      teams: teamRows.map((t) => ({ id: t.id, name: pick(t.name, locale), sport: t.sport, league: t.leagueTag, tag: t.tag })),
      navTags: navRows.map((n) => ({ tag: n.tag, name: pick(n.tagName, locale), level: n.level, parent: n.parentId === null ? null : (tagOf.get(n.parentId) ?? null) })),
    };
  }

  private filterCondition(filter: ProductFilter): SQL | undefined {
    const where: SQL[] = [];
    if (filter.sport) where.push(eq(products.sport, filter.sport));
    if (filter.teamId) where.push(eq(products.teamId, filter.teamId));
    if (filter.league) where.push(sql`${products.teamId} in (select ${teams.id} from ${teams} where ${teams.leagueTag} = ${filter.league})`);
    if (filter.published !== undefined) where.push(eq(products.active, filter.published));
    if (filter.stock) where.push(eq(products.stockState, filter.stock));
    return where.length ? and(...where) : undefined;
  }

  /** Ids matching the filter, in the table's order (a text query ranks by the search's score). */
  async matchingIds(query: ProductQuery, page: PageRequest | null): Promise<{ ids: number[]; total: number }> {
    const text = query.query?.trim() ?? '';
    const condition = this.filterCondition(query);
    if (/^\d{1,9}$/.test(text)) {
      const where = and(eq(products.id, Number(text)), condition);
      const rows = await this.db.select({ id: products.id }).from(products).where(where);
      return { ids: rows.map((r) => r.id), total: rows.length };
    }
    if (text) {
      // The filters are checked in memory against what the index holds of each product (the
      // index is rebuilt when any of it changes), so a search reads no table but the page's rows.
      const { search, facts } = await this.index.get();
      const teamIds = query.league ? new Set((await this.db.select({ id: teams.id }).from(teams).where(eq(teams.leagueTag, query.league))).map((t) => t.id)) : null;
      const ids = search.search(text).ids.filter((id) => {
        const f = facts.get(id)!;
        return (
          (!query.sport || f.sport === query.sport) &&
          (!query.teamId || f.teamId === query.teamId) &&
          (!teamIds || (f.teamId !== null && teamIds.has(f.teamId))) &&
          (query.published === undefined || f.active === query.published) &&
          (!query.stock || f.stockState === query.stock)
        );
      });
      if (!page) return { ids, total: ids.length };
      const { offset, limit } = pageWindow(page);
      return { ids: ids.slice(offset, offset + limit), total: ids.length };
    }
    const by = query.order === 'asc' ? asc : desc;
    const ordered = this.db
      .select({ id: products.id })
      .from(products)
      .where(condition)
      .orderBy(...SORT_COLUMNS[query.sort].map((c) => by(c)))
      .$dynamic();
    if (!page) return { ids: (await ordered).map((r) => r.id), total: -1 };
    const { offset, limit } = pageWindow(page);
    const [rows, total] = await Promise.all([ordered.limit(limit).offset(offset), this.total(query, condition)]);
    return { ids: rows.map((r) => r.id), total };
  }

  private async total(filter: ProductFilter, condition: SQL | undefined): Promise<number> {
    const key = JSON.stringify([filter.sport, filter.league, filter.teamId, filter.published, filter.stock]);
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const generation = this.totalsGeneration;
    const [counted] = await this.db.select({ n: count() }).from(products).where(condition);
    const total = counted?.n ?? 0;
    // A handful of filters is what people use; the map never grows past a few hundred.
    if (this.totals.size >= 500) this.totals.clear();
    if (generation === this.totalsGeneration) this.totals.set(key, total);
    return total;
  }

  private async rowsOf(ids: number[], locale: Locale): Promise<AdminProductRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select(rowColumns).from(products).leftJoin(teams, eq(teams.id, products.teamId)).where(inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const r = byId.get(id)!;
      return {
        id: r.id,
        title: r.title,
        zhTitle: r.zhTitle,
        image: r.image ?? '',
        sport: r.sport,
        team: r.teamName ? pick(r.teamName, locale) : null,
        league: r.league,
        price: r.price,
        compareAtPrice: r.compareAtPrice,
        published: r.active,
        stock: r.sizes,
        stockState: r.stockState,
        listed: r.listed,
        version: r.version,
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async list(query: ProductQuery, page: PageRequest, locale: Locale): Promise<Page<AdminProductRow>> {
    const { ids, total } = await this.matchingIds(query, page);
    return pageOf(await this.rowsOf(ids, locale), total, page);
  }

  async get(id: number, locale: Locale, db: Db | Tx = this.db): Promise<AdminProduct> {
    const [found] = await db.select({ row: products, listed: listedSql }).from(products).where(eq(products.id, id));
    if (!found) throw notFound('product');
    const { row, listed } = found;
    const [sizes, images, team, fitting] = await Promise.all([
      db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, id)).orderBy(asc(productSizes.sort)),
      db.select({ hash: productImages.hash }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sort)),
      row.teamId === null ? [] : db.select({ id: addons.id, name: addons.name, kind: addons.kind }).from(addons).where(and(eq(addons.teamId, row.teamId), eq(addons.active, true))).orderBy(asc(addons.id)),
      row.tags.length === 0
        ? []
        : db
            .select({ id: patches.id, name: patches.patchName })
            .from(patches)
            .where(and(eq(patches.active, true), arrayOverlaps(patches.fitsTags, row.tags)))
            .orderBy(asc(patches.id)),
    ]);
    return {
      id: row.id,
      handle: row.handle,
      version: row.version,
      published: row.active,
      listed,
      ...ownColumnsOf(row),
      teamId: row.teamId,
      sizes: sizes.map((s) => ({ size: s.size as Size, stock: s.stock })),
      sizeGuide: row.sizeGuide,
      faq: { 'en-US': row.faq, 'zh-CN': row.zh.faq ?? [] },
      images: images.map(({ hash }) => ({ hash, url: uploadedImageUrl(hash, 'large'), thumbUrl: uploadedImageUrl(hash, 'thumb') })),
      art: row.art,
      patches: fitting.map((p) => ({ id: p.id, name: pick(p.name, locale) })),
      addons: team.map((a) => ({ id: a.id, name: pick(a.name, locale), kind: a.kind })),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Refuses fields that name what does not exist or contradict each other; reads the team's colours for new art. */
  private async checkFields(db: Db | Tx, fields: ProductFields, id: number | null): Promise<{ colours: string[] }> {
    if (fields.compareAtPrice !== null && fields.compareAtPrice <= fields.price) throw invalid('product.compareAtTooLow');
    if (fields.handle !== undefined) {
      const [holder] = await db.select({ id: products.id }).from(products).where(eq(products.handle, fields.handle));
      if (holder && holder.id !== id) throw invalidFields({ path: 'body.handle', problem: msg('product.handleTaken', { handle: fields.handle }) });
    }
    let colours = DEFAULT_COLOURS;
    if (fields.teamId !== null) {
      const [team] = await db.select({ colours: teams.colours }).from(teams).where(eq(teams.id, fields.teamId));
      if (!team) throw invalid(msg('product.unknownTeam', { id: fields.teamId }));
      colours = team.colours;
    }
    if (fields.tags.length) {
      const known = new Set((await db.select({ tag: navItems.tag }).from(navItems).where(inArray(navItems.tag, fields.tags))).map((r) => r.tag));
      const unknown = fields.tags.filter((tag) => !known.has(tag));
      if (unknown.length) throw invalid(msg('product.unknownTags', { tags: unknown.join(', ') }));
    }
    return { colours };
  }

  private static columnsOf(fields: ProductFields, zhBefore: Record<string, unknown> = {}) {
    return {
      ...(fields.handle === undefined ? {} : { handle: fields.handle }),
      title: fields.title['en-US'],
      description: fields.description['en-US'],
      zh: { ...zhBefore, title: fields.title['zh-CN'], description: fields.description['zh-CN'], faq: fields.faq['zh-CN'] },
      price: fields.price,
      compareAtPrice: fields.compareAtPrice,
      sport: fields.sport,
      teamId: fields.teamId,
      tags: [...new Set(fields.tags)],
      printable: fields.printable,
      customisationFee: fields.customisationFee,
      taxClass: fields.taxClass,
      sizeGuide: fields.sizeGuide,
      faq: fields.faq['en-US'],
    };
  }

  private static sortedSizes(sizes: ProductFields['sizes']): { size: Size; stock: number }[] {
    return [...sizes].sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size)).map(({ size, stock }) => ({ size, stock }));
  }

  /**
   * The editor's sizes against the stock now (rows locked): a size whose read stock it names
   * moves by what the editor changed, so units sold meanwhile stay sold; others are set as given.
   */
  private async editedStock(tx: Tx, id: number, sizes: ProductFields['sizes']): Promise<{ size: Size; stock: number }[]> {
    const rows = await tx.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(eq(productSizes.productId, id)).for('update');
    const now = new Map(rows.map((r) => [r.size, r.stock]));
    const moved = sizes.map((s) => {
      const current = now.get(s.size);
      return { ...s, stock: s.was !== undefined && current !== undefined ? Math.max(0, current + s.stock - s.was) : s.stock };
    });
    return ProductDesk.sortedSizes(moved);
  }

  /** The navigation entries of the product's sport and team (`defaultNavTags`). */
  private async defaultTags(db: Db | Tx, sport: string, teamId: number | null): Promise<string[]> {
    const [navRows, teamRows] = await Promise.all([
      db.select({ id: navItems.id, tag: navItems.tag, parentId: navItems.parentId, level: navItems.level }).from(navItems),
      teamId === null ? [] : db.select({ tag: teams.tag }).from(teams).where(eq(teams.id, teamId)),
    ]);
    const tagOf = new Map(navRows.map((n) => [n.id, n.tag]));
    const nav = navRows.map((n) => ({ tag: n.tag, level: n.level, parent: n.parentId === null ? null : (tagOf.get(n.parentId) ?? null) }));
    return defaultNavTags(nav, sport, teamRows[0]?.tag ?? null);
  }

  /**
   * A new product, unpublished, with generated shirt art in its team's colours. Without tags it
   * takes its sport's and team's navigation entries, so it is listed once published; `tags: []`
   * keeps it under none (the editor asks before publishing a product so).
   */
  async create(actor: AuditActor, given: NewProductFields, locale: Locale): Promise<AdminProduct> {
    return this.db.transaction(async (tx) => {
      const fields: ProductFields = { ...given, tags: given.tags ?? (await this.defaultTags(tx, given.sport, given.teamId)) };
      const { colours } = await this.checkFields(tx, fields, null);
      const art = generatedArt(colours);
      const handle = fields.handle ?? (await freeHandle(tx, handleFromTitle(fields.title['en-US']), (n) => String(n)));
      const [row] = await tx
        .insert(products)
        .values({ ...ProductDesk.columnsOf(fields), handle, images: art, art, active: false })
        .returning({ id: products.id });
      await setStock(tx, row!.id, ProductDesk.sortedSizes(fields.sizes), true);
      const created = await this.get(row!.id, locale, tx);
      await this.audit.record(tx, { actor, action: 'product.create', entity: 'product', entityId: created.id, before: null, after: snapshotOf(created) });
      await announceProductTx(tx, created, 'created');
      return created;
    });
  }

  /**
   * Locks the row and checks it is still the version the editor read. Under the lock a second
   * save from the same version waits for the first, then finds the version moved on.
   */
  private async lockVersion(tx: Tx, id: number, version: number | null): Promise<void> {
    const [row] = await tx.select({ version: products.version }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound('product');
    if (version !== null && row.version !== version) throw failWith(CODES.STALE_VERSION, 'product.stale', { version: row.version });
  }

  async update(actor: AuditActor, id: number, version: number, fields: ProductFields, locale: Locale): Promise<AdminProduct> {
    return this.db.transaction(async (tx) => {
      await this.lockVersion(tx, id, version);
      await this.checkFields(tx, fields, id);
      const before = await this.get(id, locale, tx);
      const [zh] = await tx.select({ zh: products.zh }).from(products).where(eq(products.id, id));
      await tx
        .update(products)
        .set({ ...ProductDesk.columnsOf(fields, zh!.zh), version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, id));
      await setStock(tx, id, await this.editedStock(tx, id, fields.sizes), true);
      const after = await this.get(id, locale, tx);
      const diff = changedFields(snapshotOf(before), snapshotOf(after));
      await this.audit.record(tx, { actor, action: 'product.update', entity: 'product', entityId: id, ...diff });
      await announceProductTx(tx, after, 'updated');
      return after;
    });
  }

  /** A copy of everything but the images and the state: a new, unpublished product titled "(copy)". */
  async duplicate(actor: AuditActor, id: number, locale: Locale): Promise<AdminProduct> {
    const source = await this.get(id, locale);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id));
      const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...copy } = row!;
      const title = `${copy.title} (copy)`.slice(0, 200);
      const handle = await freeHandle(tx, handleWithSuffix(copy.handle, 'copy'), (n) => `copy-${n}`, copy.handle);
      const zh = { ...copy.zh, ...(copy.zh.title ? { title: `${copy.zh.title}（副本）` } : {}) };
      const [created] = await tx
        .insert(products)
        .values({ ...copy, handle, title, zh, images: copy.art.length ? copy.art : copy.images, active: false })
        .returning({ id: products.id });
      await setStock(tx, created!.id, source.sizes, true);
      const after = await this.get(created!.id, locale, tx);
      await this.audit.record(tx, { actor, action: 'product.duplicate', entity: 'product', entityId: created!.id, before: { from: id }, after: snapshotOf(after) });
      await announceProductTx(tx, after, 'duplicated');
      return after;
    });
  }

  async publish(actor: AuditActor, id: number, published: boolean, locale: Locale): Promise<AdminProduct> {
    return this.db.transaction(async (tx) => {
      await this.lockVersion(tx, id, null);
      const [row] = await tx.select({ active: products.active }).from(products).where(eq(products.id, id));
      if (row!.active !== published) {
        await tx
          .update(products)
          .set({ active: published, version: sql`${products.version} + 1`, updatedAt: new Date() })
          .where(eq(products.id, id));
        await this.audit.record(tx, { actor, action: published ? 'product.publish' : 'product.unpublish', entity: 'product', entityId: id, before: { published: row!.active }, after: { published } });
      }
      const after = await this.get(id, locale, tx);
      if (row!.active !== published) await announceProductTx(tx, after, published ? 'published' : 'unpublished');
      return after;
    });
  }
}
