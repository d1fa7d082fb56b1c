/** The in-process caches' rules, the search index, and what the catalogue's notifications mean. */
import { describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { CachedAnswer, chooseEncoding } from '../../../../src/server/http/cached-answer.ts';
import { Cached, KeyedCache } from '../../../../src/server/http/cached.ts';
import { parseCatalogueChange } from '../../../../src/server/modules/catalogue/catalogue.ts';
import { SearchIndex, searchKey } from '../../../../src/server/modules/catalogue/search-index.ts';
import { deferred } from '../../../support/deferred.ts';

describe('Cached', () => {
  it('loads once for callers arriving together, then answers from memory', async () => {
    let loads = 0;
    const cached = new Cached(async () => ++loads);
    expect(await Promise.all([cached.get(), cached.get()])).toEqual([1, 1]);
    expect(await cached.get()).toBe(1);
    cached.invalidate();
    expect(await cached.get()).toBe(2);
  });

  it('does not keep a load that was running when it was invalidated', async () => {
    const first = deferred<string>();
    let calls = 0;
    const cached = new Cached(() => (++calls === 1 ? first.promise : Promise.resolve('new rows')));
    const waiting = cached.get();
    cached.invalidate();
    first.resolve('old rows');
    // The caller that waited gets what was read; the next one reads again.
    expect(await waiting).toBe('old rows');
    expect(await cached.get()).toBe('new rows');
  });
});

describe('KeyedCache', () => {
  const sized = (maxBytes: number) => new KeyedCache<string, string>({ maxBytes, sizeOf: (value) => value.length });

  it('hit answers what is kept, counts as a use, and leaves a miss to get', async () => {
    const cache = sized(10);
    expect(cache.hit('a')).toBeUndefined();
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    expect(cache.hit('a')).toBe('aaaa'); // a is now the most recent
    await cache.get('c', async () => 'cccc');
    expect(cache.hit('b')).toBeUndefined();
    expect(cache.hit('a')).toBe('aaaa');
  });

  it('drops the least recently used entries beyond its size', async () => {
    const cache = sized(10);
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('a', async () => 'reloaded'); // a hit: a is now the most recent
    await cache.get('c', async () => 'cccc');
    expect(cache.totalBytes).toBe(8);
    expect(await cache.get('a', async () => 'reloaded')).toBe('aaaa');
    expect(await cache.get('b', async () => 'b again')).toBe('b again');
  });

  it('shares one load per key and keeps nothing too big to hold', async () => {
    const cache = sized(4);
    let loads = 0;
    const load = async () => `${++loads}`;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['1', '1']);
    expect(await cache.get('big', async () => 'too large')).toBe('too large');
    expect(cache.size).toBe(1);
  });

  it('does not keep a load that was running when a key was dropped, and reloads after', async () => {
    const cache = sized(100);
    const slow = deferred<string>();
    const waiting = cache.get('p1', () => slow.promise);
    cache.delete('p1');
    const fresh = cache.get('p1', async () => 'new price');
    slow.resolve('old price');
    expect(await waiting).toBe('old price');
    expect(await fresh).toBe('new price');
    expect(await cache.get('p1', async () => 'unused')).toBe('new price');
    cache.clear();
    expect(await cache.get('p1', async () => 'after clear')).toBe('after clear');
  });

  it('does not share a load started before an invalidation with callers after it', async () => {
    const cache = sized(100);
    const slow = deferred<string>();
    const before = cache.get('k', () => slow.promise);
    cache.clear();
    const after = cache.get('k', async () => 'after');
    slow.resolve('before');
    expect([await before, await after]).toEqual(['before', 'after']);
  });
});

describe('catalogue notifications', () => {
  it('name a product, its stock, the navigation, or everything', () => {
    expect(parseCatalogueChange('products:12')).toEqual({ kind: 'product', productId: 12, stockOnly: false });
    expect(parseCatalogueChange('product_sizes:12')).toEqual({ kind: 'product', productId: 12, stockOnly: true });
    expect(parseCatalogueChange('nav_items')).toEqual({ kind: 'navigation' });
    for (const payload of ['teams', 'squad_players', 'products', 'something new', null]) expect(parseCatalogueChange(payload)).toEqual({ kind: 'everything' });
  });
});

describe('cached answers', () => {
  it('choose brotli, then gzip, and honour q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
  });

  it('compress once per encoding, to the same JSON', () => {
    const answer = new CachedAnswer({ code: '0000', msg: 'success', data: { text: 'jersey '.repeat(400) } });
    const br = answer.body('br');
    expect(answer.body('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(answer.json)).toBe(true);
    expect(gunzipSync(answer.body('gzip')).equals(answer.json)).toBe(true);
    expect(br.length).toBeLessThan(answer.json.length / 10);
  });
});

describe('SearchIndex', () => {
  const index = new SearchIndex([
    { id: 1, titles: ['Harbour City FC Home Shirt 2026/27', '港城足球俱乐部 主场球衣 2026/27'], rank: 5 },
    { id: 2, titles: ['Harbour City FC Away Shirt 2026/27'], rank: 9 },
    { id: 3, titles: ['Ironbridge United Home Shirt 2026/27'], rank: 1 },
    { id: 4, titles: ['Kingsmoor Rovers Training Top'], rank: 9 },
    { id: 5, titles: ['Harbourside Café Jersey'], rank: 0 },
  ]);

  it('needs every word, in any order and case, and ranks better matches first, then the catalogue order', () => {
    expect(index.search('home shirt').ids).toEqual([1, 3]);
    expect(index.search('SHIRT harbour').ids).toEqual([2, 1]);
    // "harbour" is exact for 1 and 2 and a prefix of "harbourside": exact first.
    expect(index.search('harbour')).toEqual({ ids: [2, 1, 5], total: 3 });
    expect(index.search('harbour rovers').total).toBe(0);
  });

  it('matches prefixes, one typo, accents and Chinese runs; pages with a total', () => {
    expect(index.search('kings').ids).toEqual([4]);
    expect(index.search('kignsmoor').ids).toEqual([4]);
    expect(index.search('kgnsmor').ids).toEqual([]);
    expect(index.search('cafe').ids).toEqual([5]);
    expect(index.search('主场').ids).toEqual([1]);
    expect(index.search('shirt', { offset: 1, limit: 2 })).toEqual({ ids: [1, 3], total: 3 });
    expect(index.search('   ').total).toBe(0);
  });

  it('keys queries by their words, so equivalent queries share an answer', () => {
    expect(searchKey('  Home  SHIRT home ')).toBe(searchKey('home shirt'));
    expect(searchKey('shirt home')).not.toBe(searchKey('home shirt'));
  });
});

describe('cached answer memory', () => {
  it('holds only its own bytes, not the shared blocks zlib and Buffer.from answer views of', () => {
    const backing = new Set<ArrayBufferLike>();
    for (let i = 0; i < 100; i++) {
      // About 3 KB of JSON that compresses to about 1 KB, like a product's detail.
      const answer = new CachedAnswer({ id: i, lines: Array.from({ length: 60 }, (_, j) => `line ${i * 7919 + j * 104_729}`) });
      backing.add(answer.json.buffer);
      for (const encoding of ['br', 'gzip'] as const) backing.add(answer.body(encoding).buffer);
    }
    const bytes = [...backing].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    // 300 bodies of about 0.3-1 KB; views of 64 KB blocks held several MB.
    expect(bytes).toBeLessThan(1 << 20);
  });
});
