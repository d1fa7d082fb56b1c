import { describe, it, expect } from 'vitest';
import { SIZES } from '../../../../../src/domain/catalogue.schema.ts';
import { isPriceInRange } from '../../../../../src/domain/catalogue.model.ts';
import { normaliseCustomName, normaliseCustomNumber } from '../../../../../src/domain/personalisation.ts';
import { parseShirtDesign, renderPatch, renderShirt, renderShorts, renderSocks } from '../../../../../src/server/media/shirt-svg.ts';
import { NAME_POOLS, SPORTS } from '../../../../../src/server/db/seed/catalogue-source.ts';
import { generateCatalogue, toPrintedName, type ProductBundle } from '../../../../../src/server/db/seed/generate.ts';

const TAG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const catalogue = generateCatalogue();
const demo: ProductBundle[] = [...catalogue.products()];

describe('catalogue source', () => {
  it('names only known name pools (the compact rows are plain strings)', () => {
    for (const sport of SPORTS) for (const group of sport.groups) for (const team of group.teams) {
      expect(team.squad.length, team.tag).toBeGreaterThan(0);
      for (const pool of team.squad) expect(Object.keys(NAME_POOLS), team.tag).toContain(pool);
      expect(team.colours.length, team.tag).toBeGreaterThanOrEqual(2);
      expect(team.colours.length, team.tag).toBeLessThanOrEqual(3);
    }
  });
});

describe('generateCatalogue (demo)', () => {
  it('is deterministic: two runs give equal rows', () => {
    const again = generateCatalogue();
    expect(again.navItems).toEqual(catalogue.navItems);
    expect(again.teams).toEqual(catalogue.teams);
    expect(again.patches).toEqual(catalogue.patches);
    expect(again.addons).toEqual(catalogue.addons);
    expect(again.squadPlayers).toEqual(catalogue.squadPlayers);
    expect([...again.products()]).toEqual(demo);
    // Random access gives the same product as iteration.
    expect(again.productAt(17)).toEqual(demo[17]);
  });

  it('has at least 150 products across the four sports', () => {
    expect(demo.length).toBe(catalogue.productCount);
    expect(demo.length).toBeGreaterThanOrEqual(150);
    const perSport = new Map<string, number>();
    for (const { product } of demo) perSport.set(product.sport, (perSport.get(product.sport) ?? 0) + 1);
    expect([...perSport.keys()].sort()).toEqual(['basketball', 'f1', 'football', 'rugby']);
    for (const [sport, n] of perSport) expect(n, sport).toBeGreaterThanOrEqual(15);
  });

  it('builds a nav tree of exactly three levels with unique, well-formed tags', () => {
    const byTag = new Map(catalogue.navItems.map((row) => [row.tag, row]));
    expect(byTag.size).toBe(catalogue.navItems.length);
    for (const row of catalogue.navItems) {
      expect(row.tag).toMatch(TAG);
      expect(row.tagName['en-US'].trim()).not.toBe('');
      expect(row.tagName['zh-CN'].trim()).not.toBe('');
      expect(row.icon).toMatch(/^[a-z0-9-]+$/);
      if (row.level === 1) expect(row.parentTag).toBeNull();
      else expect(byTag.get(row.parentTag ?? '')?.level, row.tag).toBe(row.level - 1);
    }
    expect(new Set(catalogue.navItems.map((row) => row.level))).toEqual(new Set([1, 2, 3]));
    // Every team is a level-3 item under its league.
    for (const team of catalogue.teams) {
      expect(byTag.get(team.tag)?.level, team.tag).toBe(3);
      expect(byTag.get(team.tag)?.parentTag).toBe(team.leagueTag);
      expect(byTag.get(team.leagueTag)?.parentTag).toBe(team.sport);
    }
  });

  it('tags every product with its sport, league and team, all in the nav tree', () => {
    const levels = new Map(catalogue.navItems.map((row) => [row.tag, row.level]));
    for (const { product } of demo) {
      expect(product.tags.map((tag) => levels.get(tag)), product.title).toEqual([1, 2, 3]);
      expect(product.tags[0]).toBe(product.sport);
      expect(product.tags[2]).toBe(product.teamTag);
    }
  });

  it('gives every team a squad with printable names and unique numbers', () => {
    const byTeam = new Map<string, { name: string; number: string }[]>();
    for (const player of catalogue.squadPlayers) byTeam.set(player.teamTag, [...(byTeam.get(player.teamTag) ?? []), player]);
    expect([...byTeam.keys()].sort()).toEqual(catalogue.teams.map((t) => t.tag).sort());
    for (const [team, squad] of byTeam) {
      const sport = catalogue.teams.find((t) => t.tag === team)?.sport;
      expect(squad.length, team).toBeGreaterThanOrEqual(sport === 'f1' ? 3 : 15);
      expect(squad.length, team).toBeLessThanOrEqual(23);
      expect(new Set(squad.map((p) => p.number)).size, team).toBe(squad.length);
      for (const player of squad) {
        expect(player.name, team).toMatch(/^[A-Z]{1,15}$/);
        // Exactly what the personalisation rules accept, so "choose a player" always validates.
        expect(normaliseCustomName(player.name)).toBe(player.name);
        expect(normaliseCustomNumber(player.number)).toBe(player.number);
      }
    }
  });

  it('prints surnames as A-Z only', () => {
    expect(toPrintedName('Muñoz')).toBe('MUNOZ');
    expect(toPrintedName("O'Hara")).toBe('OHARA');
    expect(toPrintedName('Müller-Lüdenscheidt')).toBe(null);
    expect(toPrintedName('Ødegård')).toBe(null);
  });

  it('prices in integer minor units and sells valid sizes with stock 0-60', () => {
    let soldOut = 0;
    let lastOne = 0;
    for (const { product, sizes } of demo) {
      for (const money of [product.price, product.customisationFee, product.compareAtPrice ?? 0]) {
        expect(isPriceInRange(money), `${product.title}: ${money}`).toBe(true);
      }
      if (product.compareAtPrice !== null) expect(product.compareAtPrice).toBeGreaterThan(product.price);
      expect(sizes.length).toBeGreaterThan(0);
      expect(product.sizeGuide.map((row) => row.size)).toEqual(sizes.map((s) => s.size));
      for (const s of sizes) {
        expect(SIZES).toContain(s.size);
        expect(Number.isInteger(s.stock) && s.stock >= 0 && s.stock <= 60).toBe(true);
        if (s.stock === 0) soldOut++;
        if (s.stock === 1) lastOne++;
      }
    }
    expect(soldOut).toBeGreaterThan(0);
    expect(lastOne).toBeGreaterThan(0);
    expect(demo.some(({ product }) => product.compareAtPrice !== null)).toBe(true);
  });

  it('writes both languages and uses image URLs the renderer can draw', () => {
    const titles = new Set<string>();
    for (const { product, comments } of demo) {
      expect(titles.has(product.title), product.title).toBe(false);
      titles.add(product.title);
      expect(product.zh.title).toMatch(/[\u4e00-\u9fff]/);
      expect(product.zh.description).toMatch(/[\u4e00-\u9fff]/);
      expect(product.zh.details?.length).toBe(product.details.length);
      expect(product.zh.faq?.length).toBe(product.faq.length);
      expect(product.faq.length).toBeGreaterThanOrEqual(2);
      expect(product.faq.length).toBeLessThanOrEqual(4);
      expect(comments.length).toBeLessThanOrEqual(6);
      for (const c of comments) expect([1, 2, 3, 4, 5]).toContain(c.rating);
      const [front, back] = product.images;
      const design = /^\/api\/media\/shirt\/(.+)-front\.svg$/.exec(front ?? '')?.[1];
      expect(design, front).toBeDefined();
      expect(back).toBe(`/api/media/shirt/${design}-back.svg`);
      expect(parseShirtDesign(design!)).not.toBeNull();
      expect(renderShirt(design!, 'front')).not.toBeNull();
    }
    expect(demo.some(({ product }) => !product.printable)).toBe(true);
  });

  it('has patches per league and shorts and socks for every team that wears them', () => {
    const leagues = new Set(catalogue.teams.map((t) => t.leagueTag));
    for (const league of leagues) {
      const own = catalogue.patches.filter((p) => p.fitsTags.includes(league));
      expect(own.length, league).toBeGreaterThanOrEqual(2);
      expect(own.length, league).toBeLessThanOrEqual(4);
    }
    for (const patch of catalogue.patches) {
      expect(isPriceInRange(patch.patchPrice)).toBe(true);
      expect(renderPatch(/^\/api\/media\/patch\/(.+)\.svg$/.exec(patch.image)?.[1] ?? '')).not.toBeNull();
    }
    for (const team of catalogue.teams) {
      const own = catalogue.addons.filter((a) => a.teamTag === team.tag).map((a) => a.kind);
      expect(own.sort(), team.tag).toEqual(team.sport === 'f1' ? [] : ['shorts', 'socks']);
    }
    for (const addon of catalogue.addons) {
      expect(isPriceInRange(addon.price)).toBe(true);
      const design = /^\/api\/media\/(shorts|socks)\/(.+)\.svg$/.exec(addon.image)?.[2] ?? '';
      expect((addon.kind === 'shorts' ? renderShorts : renderSocks)(design)).not.toBeNull();
    }
  });
});

describe('generateCatalogue (large)', () => {
  it('makes exactly the requested number of products, with unique titles', () => {
    const big = generateCatalogue({ products: 10_000 });
    expect(big.productCount).toBe(10_000);
    const titles = new Set<string>();
    let n = 0;
    for (const { product } of big.products()) {
      n++;
      titles.add(product.title);
    }
    expect(n).toBe(10_000);
    expect(titles.size).toBe(10_000);
    // The demo products come first, unchanged.
    expect(big.productAt(0)).toEqual(demo[0]);
    expect(() => big.productAt(10_000)).toThrow(RangeError);
  });

  it('reaches far into a 100000-product catalogue without building the rest', () => {
    const huge = generateCatalogue({ products: 100_000 });
    const last = huge.productAt(99_999).product;
    expect(last.title).not.toBe(huge.productAt(99_998).product.title);
    expect(last.tags).toHaveLength(3);
    expect(generateCatalogue({ products: 100_000 }).productAt(99_999)).toEqual(huge.productAt(99_999));
  });

  it('can make fewer products than the demo has', () => {
    expect([...generateCatalogue({ products: 5 }).products()]).toEqual(demo.slice(0, 5));
    expect(() => generateCatalogue({ products: -1 })).toThrow(RangeError);
  });
});
