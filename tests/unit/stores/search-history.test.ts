/** Search history rules (docs/storefront.md "Page states", "Constants"): last 10, newest first, no duplicates, blank ignored. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addToHistory, decodeHistory, encodeHistory, normaliseQuery, removeFromHistory, SEARCH_HISTORY_KEY, SEARCH_HISTORY_MAX } from '../../../src/stores/search-history.ts';

describe('normaliseQuery', () => {
  it('trims and collapses inner whitespace', () => {
    expect(normaliseQuery('  home   shirt \t')).toBe('home shirt');
    expect(normaliseQuery('a\n\nb')).toBe('a b');
  });
  it('gives "" for blank or whitespace-only input', () => {
    expect(normaliseQuery('')).toBe('');
    expect(normaliseQuery('   \t\n ')).toBe('');
    expect(normaliseQuery(null)).toBe('');
    expect(normaliseQuery(undefined)).toBe('');
  });
  it('caps the length at what the API accepts, without a trailing space', () => {
    const long = `${'a'.repeat(199)} bcd`;
    expect(normaliseQuery(long)).toBe('a'.repeat(199));
    expect(normaliseQuery('x'.repeat(500))).toHaveLength(200);
  });
});

describe('addToHistory', () => {
  it('puts the newest search first', () => {
    expect(addToHistory(['shirt'], 'rugby')).toEqual(['rugby', 'shirt']);
  });
  it('moves a repeated search to the front instead of adding it twice, ignoring case and spacing', () => {
    expect(addToHistory(['rugby', 'home shirt', 'f1'], '  Home   SHIRT ')).toEqual(['Home SHIRT', 'rugby', 'f1']);
  });
  it('keeps only the last 10', () => {
    let history: string[] = [];
    for (let i = 1; i <= 11; i++) history = addToHistory(history, `query ${i}`);
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(SEARCH_HISTORY_MAX).toBe(10);
    expect(history[0]).toBe('query 11');
    expect(history.at(-1)).toBe('query 2');
    expect(history).not.toContain('query 1');
  });
  it('ignores a blank search and does not change the list it was given', () => {
    const before = ['shirt'];
    expect(addToHistory(before, '   ')).toEqual(['shirt']);
    addToHistory(before, 'rugby');
    expect(before).toEqual(['shirt']);
  });
  it('always yields at most 10 distinct, normalised entries with the latest search first', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 40 }), (searches) => {
        let history: string[] = [];
        for (const search of searches) history = addToHistory(history, search);
        expect(history.length).toBeLessThanOrEqual(10);
        expect(new Set(history.map((h) => h.toLocaleLowerCase())).size).toBe(history.length);
        for (const entry of history) expect(entry).toBe(normaliseQuery(entry));
        const lastNonBlank = [...searches].reverse().find((s) => normaliseQuery(s) !== '');
        if (lastNonBlank !== undefined) expect(history[0]).toBe(normaliseQuery(lastNonBlank));
        else expect(history).toEqual([]);
      }),
    );
  });
});

describe('removeFromHistory', () => {
  it('removes an entry whatever its case or spacing', () => {
    expect(removeFromHistory(['Rugby', 'shirt'], ' rugby ')).toEqual(['shirt']);
  });
});

describe('stored history', () => {
  it('is kept under the SOY_ prefix', () => {
    expect(SEARCH_HISTORY_KEY).toBe('SOY_searchHistory');
  });
  it('round-trips through JSON', () => {
    const history = ['home shirt', 'rugby', '足球'];
    expect(decodeHistory(encodeHistory(history))).toEqual(history);
  });
  it('reads missing, unparseable or wrongly shaped values as empty', () => {
    expect(decodeHistory(null)).toEqual([]);
    expect(decodeHistory(undefined)).toEqual([]);
    expect(decodeHistory('not json')).toEqual([]);
    expect(decodeHistory('{"a":1}')).toEqual([]);
    expect(decodeHistory('"shirt"')).toEqual([]);
  });
  it('cleans up a tampered list: drops non-text and blank entries, duplicates and the overflow, keeping order', () => {
    const stored = JSON.stringify(['b', 1, '  ', 'B', null, 'c', ...Array.from({ length: 12 }, (_, i) => `q${i}`)]);
    const history = decodeHistory(stored);
    expect(history.slice(0, 2)).toEqual(['b', 'c']);
    expect(history).toHaveLength(10);
  });
});
