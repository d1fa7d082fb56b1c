import { describe, expect, it } from 'vitest';
import { bulkPrice, changedFields, defaultNavTags, listedUnder, readStockCsv, sniffImageType, stockStateOf } from '../../../../src/domain/back-office/products.model.ts';

describe('stockStateOf', () => {
  it('is out with no units left, low when some size is at or below 5, else in', () => {
    expect(stockStateOf([])).toBe('out');
    expect(stockStateOf([0, 0])).toBe('out');
    expect(stockStateOf([0, 30])).toBe('low');
    expect(stockStateOf([5, 30])).toBe('low');
    expect(stockStateOf([6, 30])).toBe('in');
  });
});

describe('bulkPrice', () => {
  it('sets, adds cents, or adds a percentage rounded to the cent', () => {
    expect(bulkPrice(4999, 'set', 3000)).toBe(3000);
    expect(bulkPrice(4999, 'add', -999)).toBe(4000);
    expect(bulkPrice(4999, 'percent', 10)).toBe(5499);
    expect(bulkPrice(4999, 'percent', -50)).toBe(2500);
  });
});

describe('changedFields', () => {
  it('keeps only the fields whose values differ, compared deeply', () => {
    const before = { price: 1, title: { en: 'a' }, sizes: [{ size: 'M', stock: 1 }] };
    const after = { price: 2, title: { en: 'a' }, sizes: [{ size: 'M', stock: 1 }] };
    expect(changedFields(before, after)).toEqual({ before: { price: 1 }, after: { price: 2 } });
    expect(changedFields(before, before)).toEqual({ before: {}, after: {} });
  });
});

describe('sniffImageType', () => {
  const bytes = (...values: number[]) => Uint8Array.from([...values, ...new Array(16).fill(0)]);
  it('reads JPEG, PNG and WebP from their first bytes and nothing else', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50))).toBe('image/webp');
    // A RIFF that is not WebP (a WAV file), GIF, SVG text, and too few bytes.
    expect(sniffImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('readStockCsv', () => {
  it('reads rows by the header names, with or without the title column', () => {
    expect(readStockCsv('size,stock,product_id\nm,4,12\n')).toEqual({ rows: [{ line: 2, productId: 12, size: 'M', stock: 4 }], issues: [] });
    expect(readStockCsv('product_id,title,size,stock\n12,"A, B",XL,0').rows).toEqual([{ line: 2, productId: 12, size: 'XL', stock: 0 }]);
  });

  it('names every wrong line and what is wrong with it', () => {
    const { issues } = readStockCsv('product_id,size,stock\n0,M,1\n1,XXL,1\n1,M,1.5\n1,M,1\n1,M,2\n1,M\n');
    expect(issues).toEqual([
      { line: 2, issue: 'productId', value: '0' },
      { line: 3, issue: 'size', value: 'XXL' },
      { line: 4, issue: 'stock', value: '1.5' },
      { line: 6, issue: 'duplicate', value: '1 M' },
      { line: 7, issue: 'columns' },
    ]);
    expect(readStockCsv('id,qty\n1,2').issues).toEqual([{ line: 1, issue: 'header' }]);
    expect(readStockCsv('').issues).toEqual([{ line: 1, issue: 'empty' }]);
    expect(readStockCsv('product_id,size,stock\n').issues).toEqual([{ line: 2, issue: 'empty' }]);
    expect(readStockCsv('product_id,size,stock\n1,M,100000').issues).toEqual([{ line: 2, issue: 'stock', value: '100000' }]);
  });
});

describe('default navigation entries and listing', () => {
  const nav = [
    { tag: 'football', parent: null, level: 1 },
    { tag: 'premier', parent: 'football', level: 2 },
    { tag: 'harbour-city', parent: 'premier', level: 3 },
    { tag: 'rugby', parent: null, level: 1 },
  ];

  it("takes the team's entry with those above it and the sport's entry, top first", () => {
    expect(defaultNavTags(nav, 'football', 'harbour-city')).toEqual(['football', 'premier', 'harbour-city']);
    // A team listed under another sport's tree still brings the product's own sport.
    expect(defaultNavTags(nav, 'rugby', 'harbour-city')).toEqual(['rugby', 'football', 'premier', 'harbour-city']);
    expect(defaultNavTags(nav, 'football', null)).toEqual(['football']);
  });

  it('leaves out entries that do not exist', () => {
    expect(defaultNavTags(nav, 'curling', null)).toEqual([]);
    expect(defaultNavTags(nav, 'curling', 'no-such-team')).toEqual([]);
  });

  it('says a product is listed when some tag is an entry', () => {
    expect(listedUnder(['premier'], nav)).toBe(true);
    expect(listedUnder([], nav)).toBe(false);
    expect(listedUnder(['gone'], nav)).toBe(false);
  });
});
