/** Catalogue endpoints on the seeded demo catalogue. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavItem, ProductCard, ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { products } from '../../src/server/db/schema.ts';
import { call, createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
let tree: NavItem[];
beforeAll(async () => {
  shop = await createTestShop();
  tree = (await call(shop.app, '/demo/ironNavItems/queryNavTree')).data.records;
});
afterAll(async () => shop?.close());

const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

function firstLeaf(items: NavItem[]): NavItem {
  let item = items[0]!;
  while (item.children?.length) item = item.children[0]!;
  return item;
}

describe('navigation', () => {
  it('is a three-level tree of sports, leagues and teams', async () => {
    expect(tree.length).toBeGreaterThanOrEqual(4);
    for (const sport of tree) {
      expect(sport.level).toBe(1);
      for (const league of sport.children ?? []) {
        expect(league.level).toBe(2);
        expect(league.parentTag).toBe(sport.tag);
        for (const team of league.children ?? []) {
          expect(team.level).toBe(3);
          expect(team.children ?? []).toEqual([]);
        }
      }
    }
    const flat = await call(shop.app, '/demo/ironNavItems/queryList');
    const count = (items: NavItem[]): number => items.reduce((n, i) => n + 1 + count(i.children ?? []), 0);
    expect(flat.data.records.length).toBe(count(tree));
  });

  it('names items in the caller’s language', async () => {
    const zhTree: NavItem[] = (await call(shop.app, '/demo/ironNavItems/queryNavTree', {}, { headers: zh })).data.records;
    expect(zhTree.map((i) => i.tag)).toEqual(tree.map((i) => i.tag));
    expect(zhTree[0]!.tagName).not.toBe(tree[0]!.tagName);
    expect(zhTree[0]!.tagName).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('products', () => {
  it('lists products in pages with a total, sorted as asked', async () => {
    const first = await call<{ records: ProductCard[]; total: number }>(shop.app, '/demo/ironProduct/queryList', { current: 1, size: 10, sort: 'price-asc' });
    expect(first.data.records).toHaveLength(10);
    expect(first.data.total).toBeGreaterThanOrEqual(150);
    const prices = first.data.records.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const second = await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { current: 2, size: 10, sort: 'price-asc' });
    const ids = new Set(first.data.records.map((p) => p.id));
    expect(second.data.records.some((p) => ids.has(p.id))).toBe(false);
    const desc = await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 5, sort: 'price-desc' });
    expect(desc.data.records[0]!.price).toBeGreaterThanOrEqual(desc.data.records[4]!.price);
    const newest = await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 5, sort: 'newest' });
    const dates = newest.data.records.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('fetches products by id list', async () => {
    const some = await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 3 });
    const ids = some.data.records.map((p) => p.id);
    const byId = await call<{ records: ProductCard[]; total: number }>(shop.app, '/demo/ironProduct/queryList', { idList: ids });
    expect(byId.data.records.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(byId.data.total).toBe(3);
  });

  it('finds products under a tag and every tag below it', async () => {
    const sport = tree[0]!;
    const league = sport.children![0]!;
    const team = league.children![0]!;
    const bySport = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [sport.tag], size: 100 });
    const byLeague = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [league.tag], size: 100 });
    const byTeam = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [team.tag], size: 100 });
    expect(byTeam.data.total).toBeGreaterThan(0);
    expect(byLeague.data.total).toBeGreaterThan(byTeam.data.total);
    expect(bySport.data.total).toBeGreaterThan(byLeague.data.total);
    for (const p of byTeam.data.records as ProductCard[]) expect(p.tags).toContain(team.tag);

    // A product tagged with the team only is still found under its league: descendants count.
    const [inserted] = await shop.database.db
      .insert(products)
      .values({ handle: 'only-team-tagged-shirt', title: 'Only Team Tagged Shirt', description: 'test', price: 1000, images: ['/x.svg'], tags: [team.tag], sport: 'test' })
      .returning({ id: products.id });
    const again = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [league.tag], size: 100, sort: 'newest' });
    expect(again.data.total).toBe(byLeague.data.total + 1);
    expect((again.data.records as ProductCard[]).map((p) => p.id)).toContain(inserted!.id);
  });

  it('answers an unknown tag with an empty page, and refuses malformed tags', async () => {
    const none = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: ['no-such-tag'] });
    expect(none.code).toBe('0000');
    expect(none.data).toMatchObject({ records: [], total: 0 });
    const bad = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: ['Robert"); DROP TABLE'] });
    expect(bad.code).toBe('1001');
    const empty = await call(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [] });
    expect(empty.code).toBe('1001');
  });

  it('shows a product with sizes, stock, squad and both languages', async () => {
    const team = firstLeaf(tree);
    const list = await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [team.tag], size: 50 });
    let detail: ProductDetail | null = null;
    for (const card of list.data.records) {
      const d = (await call<ProductDetail>(shop.app, '/demo/ironProduct/queryProductDetail', { id: card.id })).data;
      if (d.printable) {
        detail = d;
        break;
      }
    }
    expect(detail).not.toBeNull();
    expect(detail!.sizes.length).toBeGreaterThan(0);
    for (const s of detail!.sizes) expect(Number.isInteger(s.stock) && s.stock >= 0).toBe(true);
    expect(detail!.squad.length).toBeGreaterThan(0);
    for (const p of detail!.squad) {
      expect(p.name).toMatch(/^[A-Z]{1,15}$/);
      expect(p.number).toMatch(/^(0|[1-9][0-9]?)$/);
    }
    expect(detail!.images.length).toBeGreaterThanOrEqual(2);
    expect(Number.isInteger(detail!.price)).toBe(true);
    const inChinese = (await call<ProductDetail>(shop.app, '/demo/ironProduct/queryProductDetail', { id: detail!.id }, { headers: zh })).data;
    expect(inChinese.title).not.toBe(detail!.title);
    expect(inChinese.price).toBe(detail!.price);
  });

  it('answers an unknown product with 1404 and bad ids with 1001', async () => {
    expect((await call(shop.app, '/demo/ironProduct/queryProductDetail', { id: 99_999_999 })).code).toBe('1404');
    for (const id of [0, -1, 1.5, '1', null, 2 ** 31]) {
      const answer = await call(shop.app, '/demo/ironProduct/queryProductDetail', { id });
      expect(answer.code, `id ${String(id)}`).toBe('1001');
    }
  });
});

describe('search', () => {
  async function search(title: string, extra: object = {}) {
    return call<{ records: ProductCard[]; total: number; current: number; size: number }>(shop.app, '/demo/ironProduct/search', { title, ...extra });
  }

  it('finds by words in any order, in any case', async () => {
    const some = (await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 1 })).data.records[0]!;
    const words = some.title.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w));
    expect(words.length).toBeGreaterThanOrEqual(2);
    const forward = await search(`${words[0]} ${words[1]}`);
    const reversed = await search(`${words[1]!.toUpperCase()} ${words[0]!.toLowerCase()}`);
    expect(forward.data.records.map((p) => p.id)).toContain(some.id);
    expect(reversed.data.total).toBe(forward.data.total);
    for (const p of forward.data.records) {
      expect(p.title.toLowerCase()).toContain(words[0]!.toLowerCase().slice(0, 3));
    }
  });

  it('tolerates one typo and ranks exact matches first', async () => {
    const some = (await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 1, sort: 'price-desc' })).data.records[0]!;
    const word = some.title.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w))!;
    const typo = word.slice(0, 2) + word.slice(3); // one letter dropped
    const exact = await search(word);
    const fuzzy = await search(typo);
    expect(fuzzy.data.total).toBeGreaterThan(0);
    expect(fuzzy.data.records.map((p) => p.id)).toContain(exact.data.records[0]!.id);
    const twoTypos = await search(word.slice(0, 2) + word.slice(4) + 'qq');
    expect(twoTypos.data.total).toBe(0);
  });

  it('pages results with a total, 20 per page by default', async () => {
    const first = await search('shirt');
    expect(first.data.size).toBe(20);
    expect(first.data.records).toHaveLength(20);
    expect(first.data.total).toBeGreaterThan(20);
    const second = await search('shirt', { current: 2 });
    expect(second.data.records[0]!.id).not.toBe(first.data.records[0]!.id);
  });

  it('answers blank or whitespace titles with an empty result', async () => {
    for (const title of ['', '   ', '\t']) {
      const answer = await search(title);
      expect(answer.code).toBe('0000');
      expect(answer.data).toMatchObject({ records: [], total: 0 });
    }
  });

  it('treats SQL fragments as text', async () => {
    const answer = await search("' OR 1=1; DROP TABLE products; --");
    expect(answer.code).toBe('0000');
    expect(answer.data.total).toBe(0);
    expect((await call(shop.app, '/demo/ironProduct/queryList', { size: 1 })).data.total).toBeGreaterThan(0);
  });

  it('finds Chinese titles', async () => {
    const zhCard = (await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 1 }, { headers: zh })).data.records[0]!;
    const fragment = zhCard.title.replace(/[^\u4e00-\u9fff]/g, '').slice(0, 2);
    const answer = await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/search', { title: fragment }, { headers: zh });
    expect(answer.data.records.map((p) => p.id)).toContain(zhCard.id);
  });
});

describe('patches, add-ons, comments', () => {
  async function printableProduct(): Promise<ProductDetail> {
    const list = (await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryProductByTags', { tags: [tree[0]!.tag], size: 20 })).data.records;
    for (const card of list) {
      const detail = (await call<ProductDetail>(shop.app, '/demo/ironProduct/queryProductDetail', { id: card.id })).data;
      if (detail.printable) return detail;
    }
    throw new Error('no printable product');
  }

  it('lists the patches that fit a product, and patches by ids', async () => {
    const product = await printableProduct();
    const fitting = await call(shop.app, '/demo/ironPatch/queryList', { productId: product.id });
    expect(fitting.data.total).toBeGreaterThan(0);
    const all = await call(shop.app, '/demo/ironPatch/queryList', {});
    expect(all.data.total).toBeGreaterThan(fitting.data.total);
    const ids = fitting.data.records.map((p: { id: number }) => p.id).slice(0, 2);
    const byIds = await call(shop.app, '/demo/ironPatch/queryList', { idList: ids });
    expect(byIds.data.records.map((p: { id: number }) => p.id)).toEqual(ids);
    for (const p of fitting.data.records) expect(Number.isInteger(p.patchPrice)).toBe(true);
    expect((await call(shop.app, '/demo/ironPatch/queryList', { productId: 99_999_999 })).code).toBe('1404');
  });

  it("lists the team's add-ons", async () => {
    const product = await printableProduct();
    const answer = await call(shop.app, '/demo/ironAddon/queryList', { productId: product.id });
    const kinds = answer.data.records.map((a: { kind: string }) => a.kind).sort();
    expect(kinds).toEqual(['shorts', 'socks']);
  });

  it('pages a product’s reviews with their average', async () => {
    const cards = (await call<{ records: ProductCard[] }>(shop.app, '/demo/ironProduct/queryList', { size: 30 })).data.records;
    let found = false;
    for (const card of cards) {
      const answer = await call(shop.app, '/demo/ironProductComment/queryList', { productId: card.id, size: 2 });
      expect(answer.code).toBe('0000');
      if (answer.data.total > 0) {
        found = true;
        expect(answer.data.records.length).toBeLessThanOrEqual(2);
        expect(answer.data.averageRating).toBeGreaterThanOrEqual(1);
        expect(answer.data.averageRating).toBeLessThanOrEqual(5);
        break;
      }
    }
    expect(found).toBe(true);
  });
});

describe('countries and states', () => {
  it('lists every country with its dialling code, in both languages', async () => {
    const answer = await call(shop.app, '/demo/ironCountries/queryList');
    expect(answer.data.records.length).toBeGreaterThanOrEqual(240);
    const hk = answer.data.records.find((c: { code: string }) => c.code === 'HK');
    expect(hk).toMatchObject({ phoneCode: '+852', hasStates: true });
    const zhHk = (await call(shop.app, '/demo/ironCountries/queryList', {}, { headers: zh })).data.records.find((c: { code: string }) => c.code === 'HK');
    expect(zhHk.name).toMatch(/香港/);
  });

  it("gives Hong Kong exactly the specification's three provinces", async () => {
    const answer = await call(shop.app, '/demo/ironState/queryList', { countryCode: 'HK' });
    expect(answer.data.records.map((s: { name: string }) => s.name)).toEqual(['Hong Kong Island', 'Kowloon', 'New Territories / Outlying Islands']);
  });

  it('refuses unknown or malformed countries', async () => {
    expect((await call(shop.app, '/demo/ironState/queryList', { countryCode: 'ZZ' })).code).toBe('1404');
    expect((await call(shop.app, '/demo/ironState/queryList', { countryCode: 'hk' })).code).toBe('1001');
    expect((await call(shop.app, '/demo/ironState/queryList', {})).code).toBe('1001');
  });
});
