/** The product islands' translate function and their message catalogues. */
import { describe, expect, it } from 'vitest';
import { getMessages } from '../../src/i18n/index.ts';
import { createTranslate } from '../../src/islands/product/i18n.tsx';

describe('translate', () => {
  const en = createTranslate('en-US', getMessages('en-US'));
  const zh = createTranslate('zh-CN', getMessages('zh-CN'));

  it('looks up nested keys and fills {{values}}', () => {
    expect(en('configurator.type.2')).toBe('Choose A Player');
    expect(en('configurator.size.onlyLeft', { count: 1 })).toBe('Only 1 left');
    expect(zh('configurator.size.onlyLeft', { count: 1 })).toBe('仅剩 1 件');
  });

  it('picks the plural form by the locale rules', () => {
    expect(en('configurator.reviews.count', { count: 1 })).toBe('1 review');
    expect(en('configurator.reviews.count', { count: 6 })).toBe('6 reviews');
    expect(zh('configurator.reviews.count', { count: 1 })).toBe('1 条评价');
  });

  it('falls back to the plain key when a counted message has no plural forms', () => {
    expect(en('configurator.order.tier', { count: 3, percent: 10 })).toBe('Buy 3 or more items and save 10%.');
  });

  it('returns an unknown key as itself, and leaves placeholders without a value', () => {
    const t = createTranslate('en-US', { configurator: getMessages('en-US').configurator });
    expect(t('site.name')).toBe('site.name');
    expect(t('configurator.reviews.page', { page: 2 })).toBe('Page 2 of {{pages}}');
  });
});

describe('catalogues', () => {
  it('words the name and number messages as the domain does', () => {
    const en = getMessages('en-US').configurator;
    expect(en.name.invalid).toBe('Name must be 1-15 letters A-Z');
    expect(en.number.invalid).toBe('Number must be digits 0-99');
    expect(en.type).toMatchObject({ '1': 'Blank (No Name/Number)', '2': 'Choose A Player', '3': 'Add Yours', '4': 'Standard' });
  });

  it('translates every configurator message into Chinese', () => {
    const leaves = (node: unknown, prefix = ''): [string, string][] =>
      typeof node === 'string' ? [[prefix, node]] : Object.entries(node as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
    const en = new Map(leaves(getMessages('en-US').configurator));
    const zh = new Map(leaves(getMessages('zh-CN').configurator));
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');
    const untranslated = [...zh].filter(([key, text]) => text === en.get(key) && /[a-z]{3}/i.test(words(text)));
    expect(untranslated).toEqual([]);
  });
});
