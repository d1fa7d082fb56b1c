/**
 * The catalogue: navigation, products, patches, add-ons and search (reviews: reviews.ts). Read-only for the
 * storefront; prices come out in EUR minor units exactly as stored.
 */
import { and, arrayOverlaps, asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../domain/api.ts';
import type {
  Addon,
  NavItem,
  Patch,
  ProductCard,
  ProductDetail,
  ProductSort,
  Size,
} from '../../domain/catalogue.ts';
import type { Locale } from '../../domain/locale.ts';
import type { Db } from '../db/client.ts';
import { addons, navItems, patches, productSizes, products, squadPlayers, teams } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { pick } from './localise.ts';
import { SearchIndex } from './search-index.ts';

interface PageRequest {
  current: number;
  size: number;
}

/** The product columns a card needs; other services that list products select these too. */
export const cardColumns = {
  id: products.id,
  title: products.title,
  zh: products.zh,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  images: products.images,
  tags: products.tags,
  sport: products.sport,
  createdAt: products.createdAt,
};

type CardRow = Pick<typeof products.$inferSelect, keyof typeof cardColumns>;

/** A product row as a card, titled in the shopper's locale: one shape for every product list. */
export function toCard(row: CardRow, locale: Locale): ProductCard {
  return {
    id: row.id,
    title: (locale === 'zh-CN' && row.zh.title) || row.title,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    image: row.images[0] ?? '',
    tags: row.tags,
    sport: row.sport,
    createdAt: row.createdAt.toISOString(),
  };
}

const ORDER: Record<ProductSort, SQL[]> = {
  recommended: [desc(products.rank), asc(products.id)],
  'price-asc': [asc(products.price), asc(products.id)],
  'price-desc': [desc(products.price), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
};

/** How long navigation and the search index may lag behind a catalogue edit. */
const CATALOGUE_CACHE_MS = 5_000;

export class CatalogueService {
  private readonly db: Db;
  private navCache: { at: number; rows: (typeof navItems.$inferSelect)[] } | null = null;
  private searchCache: { checkedAt: number; version: string; index: SearchIndex } | null = null;
  private searchBuild: Promise<SearchIndex> | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  private async navRows() {
    const now = Date.now();
    if (this.navCache && now - this.navCache.at < CATALOGUE_CACHE_MS) return this.navCache.rows;
    const rows = await this.db.select().from(navItems).orderBy(asc(navItems.level), asc(navItems.sort), asc(navItems.id));
    this.navCache = { at: now, rows };
    return rows;
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
      this.db
        .select(cardColumns)
        .from(products)
        .where(condition)
        .orderBy(...ORDER[sort])
        .limit(page.size)
        .offset((page.current - 1) * page.size),
      this.db.select({ total: count() }).from(products).where(condition),
    ]);
    return { records: rows.map((row) => toCard(row, locale)), total: totals[0]?.total ?? 0, current: page.current, size: page.size };
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
    const [row] = await this.db
      .select({ product: products, team: teams })
      .from(products)
      .leftJoin(teams, eq(teams.id, products.teamId))
      .where(and(eq(products.id, id), eq(products.active, true)));
    if (!row) throw notFound('product');
    const { product, team } = row;
    const [sizes, squad] = await Promise.all([
      this.db.select().from(productSizes).where(eq(productSizes.productId, id)).orderBy(asc(productSizes.sort)),
      team && product.printable
        ? this.db.select().from(squadPlayers).where(eq(squadPlayers.teamId, team.id)).orderBy(sql`${squadPlayers.number}::int`)
        : Promise.resolve([]),
    ]);
    const zh = locale === 'zh-CN' ? product.zh : {};
    return {
      ...toCard(product, locale),
      description: zh.description || product.description,
      details: zh.details?.length ? zh.details : product.details,
      images: product.images,
      sizes: sizes.map((s) => ({ size: s.size as Size, stock: s.stock })),
      customisationFee: product.customisationFee,
      sizeGuide: product.sizeGuide,
      faq: zh.faq?.length ? zh.faq : product.faq,
      team: team ? { tag: team.tag, name: pick(team.name, locale) } : null,
      squad: squad.map((p) => ({ id: p.id, name: p.name, number: p.number })),
      printable: product.printable,
    };
  }

  async patchList(request: PageRequest & { idList?: number[] | undefined; productId?: number | undefined }, locale: Locale): Promise<Page<Patch>> {
    const conditions: (SQL | undefined)[] = [eq(patches.active, true)];
    if (request.idList) conditions.push(inArray(patches.id, request.idList.length ? request.idList : [0]));
    if (request.productId !== undefined) {
      const [product] = await this.db.select({ tags: products.tags }).from(products).where(and(eq(products.id, request.productId), eq(products.active, true)));
      if (!product) throw notFound('product');
      conditions.push(arrayOverlaps(patches.fitsTags, product.tags));
    }
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db.select().from(patches).where(where).orderBy(asc(patches.id)).limit(request.size).offset((request.current - 1) * request.size),
      this.db.select({ total: count() }).from(patches).where(where),
    ]);
    return {
      records: rows.map((p) => ({ id: p.id, patchName: pick(p.patchName, locale), patchPrice: p.patchPrice, image: p.image })),
      total: totals[0]?.total ?? 0,
      current: request.current,
      size: request.size,
    };
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

  /** A cheap fingerprint of the catalogue that changes whenever a product is added or edited. */
  async catalogueVersion(): Promise<string> {
    const [row] = await this.db.select({ n: count(), last: max(products.updatedAt), top: max(products.id) }).from(products);
    return `${row?.n ?? 0}:${row?.top ?? 0}:${row?.last?.getTime() ?? 0}`;
  }

  private async searchIndex(): Promise<SearchIndex> {
    const now = Date.now();
    const cached = this.searchCache;
    if (cached && now - cached.checkedAt < CATALOGUE_CACHE_MS) return cached.index;
    this.searchBuild ??= (async () => {
      try {
        const version = await this.catalogueVersion();
        if (cached && cached.version === version) {
          this.searchCache = { ...cached, checkedAt: Date.now() };
          return cached.index;
        }
        const rows = await this.db
          .select({ id: products.id, title: products.title, zh: products.zh, rank: products.rank })
          .from(products)
          .where(eq(products.active, true));
        const index = new SearchIndex(rows.map((r) => ({ id: r.id, titles: r.zh.title ? [r.title, r.zh.title] : [r.title], rank: r.rank })));
        this.searchCache = { checkedAt: Date.now(), version, index };
        return index;
      } finally {
        this.searchBuild = null;
      }
    })();
    return this.searchBuild;
  }

  async search(request: PageRequest & { title: string }, locale: Locale): Promise<Page<ProductCard>> {
    const empty = { records: [], total: 0, current: request.current, size: request.size };
    if (request.title.trim() === '') return empty;
    const ids = (await this.searchIndex()).search(request.title);
    const pageIds = ids.slice((request.current - 1) * request.size, request.current * request.size);
    if (pageIds.length === 0) return { ...empty, total: ids.length };
    const rows = await this.db.select(cardColumns).from(products).where(and(inArray(products.id, pageIds), eq(products.active, true)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const records = pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCard(row, locale)] : [];
    });
    return { records, total: ids.length, current: request.current, size: request.size };
  }
}
