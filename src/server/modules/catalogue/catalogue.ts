/**
 * The catalogue: navigation, products, patches, add-ons and search (reviews: reviews.ts). Read-only for the
 * storefront; prices come out in EUR minor units exactly as stored.
 */
import { and, arrayOverlaps, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../domain/api/envelope.ts';
import type { Addon, NavItem, Patch, ProductCard, ProductDetail, ProductSort, Size } from '../../../domain/catalogue.schema.ts';
import type { Locale } from '../../../domain/locale.ts';
import { markdownHtml } from '../../../domain/markdown.ts';
import type { Db } from '../../db/client.ts';
import { onePage, pageOf, pageWindow, type PageRequest } from '../../db/paging.ts';
import { addons, navItems, patches, productFirstImage, productSizes, productZhTitle, products, squadPlayers, teams } from './schema.ts';
import { notFound } from '../../errors.ts';
import { pick } from '../../messages/localise.ts';
import { Cached } from '../../http/cached.ts';
import { SearchIndex } from './search-index.ts';

/**
 * The product columns a card needs; other services that list products select these too. Only the
 * Chinese title and the first image are read out of their JSON columns (the whole of `zh` holds
 * the description, details and FAQ too).
 */
export const cardColumns = {
  id: products.id,
  title: products.title,
  zhTitle: productZhTitle,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  image: productFirstImage,
  tags: products.tags,
  sport: products.sport,
  createdAt: products.createdAt,
};

export interface CardRow {
  id: number;
  title: string;
  zhTitle: string | null;
  price: number;
  compareAtPrice: number | null;
  image: string | null;
  tags: string[];
  sport: string;
  createdAt: Date;
}

/** A product's title in `locale`: the Chinese one where it has one, else the English (as `toCard` picks). */
export function productTitleIn(locale: Locale): SQL<string> {
  return locale === 'zh-CN' ? sql<string>`coalesce(nullif(${products.zh} ->> 'title', ''), ${products.title})` : sql<string>`${products.title}`;
}

/** A product row as a card, titled in the shopper's locale: one shape for every product list. */
export function toCard(row: CardRow, locale: Locale): ProductCard {
  return {
    id: row.id,
    title: (locale === 'zh-CN' && row.zhTitle) || row.title,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    image: row.image ?? '',
    tags: row.tags,
    sport: row.sport,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The channel the database's triggers announce catalogue changes on (migration 0003). */
export const CATALOGUE_CHANNEL = 'catalogue_changes';

/**
 * What changed in the catalogue, from the database's notifications: one product (its row, or only
 * its sizes' stock), the navigation, or anything else (teams, squads, a whole table, or changes
 * that may have been missed), after which every cached answer is dropped.
 */
export type CatalogueChange = { kind: 'product'; productId: number; stockOnly: boolean } | { kind: 'navigation' } | { kind: 'everything' };

export function parseCatalogueChange(payload: string | null): CatalogueChange {
  const match = payload === null ? null : /^(products|product_sizes):(\d+)$/.exec(payload);
  if (match) return { kind: 'product', productId: Number(match[2]), stockOnly: match[1] === 'product_sizes' };
  if (payload === 'nav_items') return { kind: 'navigation' };
  return { kind: 'everything' };
}

/** The search index and the cards it finds, both in memory: a search reads no table. */
interface SearchCatalogue {
  index: SearchIndex;
  cards: Map<number, CardRow>;
}

const ORDER: Record<ProductSort, SQL[]> = {
  recommended: [desc(products.rank), asc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
};

export class CatalogueService {
  private readonly db: Db;
  private readonly navigation: Cached<(typeof navItems.$inferSelect)[]>;
  private readonly searchCatalogue: Cached<SearchCatalogue>;
  private readonly listeners = new Set<(change: CatalogueChange) => void>();
  private readonly detailQuery;

  constructor(db: Db) {
    this.db = db;
    this.navigation = new Cached(() => this.db.select().from(navItems).orderBy(asc(navItems.level), asc(navItems.sort), asc(navItems.id)), 'navigation_rows');
    this.searchCatalogue = new Cached(async () => {
      const rows = await this.db
        .select({ ...cardColumns, rank: products.rank })
        .from(products)
        .where(eq(products.active, true));
      const index = new SearchIndex(rows.map((r) => ({ id: r.id, titles: r.zhTitle ? [r.title, r.zhTitle] : [r.title], rank: r.rank })));
      return { index, cards: new Map(rows.map(({ rank: _rank, ...card }) => [card.id, card])) };
    }, 'search_index');
    // One round trip: the product, its team, and its sizes and squad as JSON arrays.
    this.detailQuery = this.db
      .select({
        product: products,
        team: { tag: teams.tag, name: teams.name },
        sizes: sql<{ size: Size; stock: number }[]>`coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.sort) from ${productSizes} s where s.product_id = ${products.id}), '[]'::json)`,
        squad: sql<{ id: number; name: string; number: string }[]>`case when ${products.printable} then coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'number', p.number) order by p.number::int) from ${squadPlayers} p where p.team_id = ${products.teamId}), '[]'::json) else '[]'::json end`,
      })
      .from(products)
      .leftJoin(teams, eq(teams.id, products.teamId))
      .where(and(eq(products.id, sql.placeholder('id')), eq(products.active, true)))
      .prepare('catalogue_product_detail');
  }

  /** Calls `listener` with every catalogue change, after this service has dropped what it kept. */
  onChange(listener: (change: CatalogueChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A notification from the database (CATALOGUE_CHANNEL); null when some may have been missed. */
  changed(payload: string | null): void {
    const change = parseCatalogueChange(payload);
    if (change.kind === 'navigation' || change.kind === 'everything') this.navigation.invalidate();
    if (change.kind === 'everything' || (change.kind === 'product' && !change.stockOnly)) this.searchCatalogue.invalidate();
    for (const listener of this.listeners) listener(change);
  }

  private navRows() {
    return this.navigation.get();
  }

  async navList(locale: Locale): Promise<NavItem[]> {
    const rows = await this.navRows();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return rows.map((row) => ({
      id: row.id,
      tag: row.tag,
      tagName: pick(row.tagName, locale),
      icon: row.icon,
      parentTag: row.parentId ? (byId.get(row.parentId)?.tag ?? null) : null,
      level: row.level as NavItem['level'],
    }));
  }

  async navTree(locale: Locale): Promise<NavItem[]> {
    const flat = await this.navList(locale);
    const byTag = new Map(flat.map((item) => [item.tag, { ...item, children: [] as NavItem[] }]));
    const roots: NavItem[] = [];
    for (const item of byTag.values()) {
      const parent = item.parentTag ? byTag.get(item.parentTag) : undefined;
      if (parent) parent.children!.push(item);
      else roots.push(item);
    }
    return roots;
  }

  /** The tags themselves plus every tag below them in the navigation tree. */
  async expandTags(tags: readonly string[]): Promise<string[]> {
    const rows = await this.navRows();
    const childrenOf = new Map<number, number[]>();
    for (const row of rows) {
      if (row.parentId === null) continue;
      const list = childrenOf.get(row.parentId);
      if (list) list.push(row.id);
      else childrenOf.set(row.parentId, [row.id]);
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result = new Set(tags);
    const queue = rows.filter((row) => tags.includes(row.tag)).map((row) => row.id);
    while (queue.length > 0) {
      const id = queue.pop()!;
      for (const child of childrenOf.get(id) ?? []) {
        const row = byId.get(child)!;
        if (!result.has(row.tag)) {
          result.add(row.tag);
          queue.push(child);
        }
      }
    }
    return [...result];
  }

  private async pageOfCards(where: SQL | undefined, sort: ProductSort, page: PageRequest, locale: Locale): Promise<Page<ProductCard>> {
    const condition = and(eq(products.active, true), where);
    const [rows, totals] = await Promise.all([
      onePage(this.db.select(cardColumns).from(products).where(condition).orderBy(...ORDER[sort]).$dynamic(), page),
      this.db.select({ total: count() }).from(products).where(condition),
    ]);
    return pageOf(rows.map((row) => toCard(row, locale)), totals[0]?.total ?? 0, page);
  }

  productList(request: PageRequest & { sort: ProductSort; idList?: number[] | undefined }, locale: Locale) {
    const where = request.idList ? inArray(products.id, request.idList.length ? request.idList : [0]) : undefined;
    return this.pageOfCards(where, request.sort, request, locale);
  }

  async productsByTags(request: PageRequest & { tags: string[]; sort: ProductSort; excludeId?: number | undefined }, locale: Locale) {
    const tags = await this.expandTags(request.tags);
    const where = and(arrayOverlaps(products.tags, tags), request.excludeId ? sql`${products.id} <> ${request.excludeId}` : undefined);
    return this.pageOfCards(where, request.sort, request, locale);
  }

  async exists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: products.id }).from(products).where(and(eq(products.id, id), eq(products.active, true))).limit(1);
    return rows.length > 0;
  }

  async productDetail(id: number, locale: Locale): Promise<ProductDetail> {
    const [row] = await this.detailQuery.execute({ id });
    if (!row) throw notFound('product');
    const { product, team, sizes, squad } = row;
    const zh = locale === 'zh-CN' ? product.zh : {};
    const description = zh.description || product.description;
    return {
      ...toCard({ ...product, zhTitle: product.zh.title ?? null, image: product.images[0] ?? null }, locale),
      description,
      descriptionHtml: markdownHtml(description),
      details: zh.details?.length ? zh.details : product.details,
      images: product.images,
      sizes,
      customisationFee: product.customisationFee,
      sizeGuide: product.sizeGuide,
      faq: zh.faq?.length ? zh.faq : product.faq,
      team: team ? { tag: team.tag, name: pick(team.name, locale) } : null,
      squad,
      printable: product.printable,
    };
  }

  async patchList(request: PageRequest & { idList?: number[] | undefined; productId?: number | undefined }, locale: Locale): Promise<Page<Patch>> {
    const conditions: (SQL | undefined)[] = [eq(patches.active, true)];
    if (request.idList) conditions.push(inArray(patches.id, request.idList.length ? request.idList : [0]));
    if (request.productId !== undefined) {
      const [product] = await this.db.select({ tags: products.tags }).from(products).where(and(eq(products.id, request.productId), eq(products.active, true)));
      if (!product) throw notFound('product');
      // A product under no navigation tag (one made in the back office, say) fits no patch.
      if (product.tags.length === 0) return pageOf([], 0, request);
      conditions.push(arrayOverlaps(patches.fitsTags, product.tags));
    }
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      onePage(this.db.select().from(patches).where(where).orderBy(asc(patches.id)).$dynamic(), request),
      this.db.select({ total: count() }).from(patches).where(where),
    ]);
    const records = rows.map((p) => ({ id: p.id, patchName: pick(p.patchName, locale), patchPrice: p.patchPrice, image: p.image }));
    return pageOf(records, totals[0]?.total ?? 0, request);
  }

  async addonList(productId: number, locale: Locale): Promise<Addon[]> {
    const [product] = await this.db.select({ teamId: products.teamId }).from(products).where(and(eq(products.id, productId), eq(products.active, true)));
    if (!product) throw notFound('product');
    if (product.teamId === null) return [];
    const rows = await this.db
      .select()
      .from(addons)
      .where(and(eq(addons.teamId, product.teamId), eq(addons.active, true)))
      .orderBy(asc(addons.id));
    return rows.map((a) => ({ id: a.id, kind: a.kind, name: pick(a.name, locale), price: a.price, image: a.image }));
  }

  /** Those of `ids` that are published: their pages are built (the site builder skips changes to drafts alone). */
  async publishedAmong(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: products.id }).from(products).where(and(inArray(products.id, [...ids]), eq(products.active, true)));
    return rows.map((row) => row.id);
  }

  /** The products of these teams: their pages show the team's squad (the site builder re-renders them). */
  async productIdsOfTeams(teamIds: readonly number[]): Promise<number[]> {
    if (teamIds.length === 0) return [];
    const rows = await this.db.select({ id: products.id }).from(products).where(inArray(products.teamId, [...teamIds]));
    return rows.map((row) => row.id);
  }

  async search(request: PageRequest & { title: string }, locale: Locale): Promise<Page<ProductCard>> {
    if (request.title.trim() === '') return pageOf([], 0, request);
    const { index, cards } = await this.searchCatalogue.get();
    const { ids, total } = index.search(request.title, pageWindow(request));
    return pageOf(ids.map((id) => toCard(cards.get(id)!, locale)), total, request);
  }
}
