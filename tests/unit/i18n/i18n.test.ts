/** The shop's one translator (src/i18n/core.ts), its React binding, and the message catalogues. */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslate, interpolate } from '../../../src/i18n/core.ts';
import { getMessages, getT, pickMessages } from '../../../src/i18n/index.ts';
import { useTranslation, withIslandI18n, type MessageKey } from '../../../src/i18n/react.tsx';

describe('translate', () => {
  const en = createTranslate('en-US', getMessages('en-US'));
  const zh = createTranslate('zh-CN', getMessages('zh-CN'));

  it('looks up nested keys and fills {{values}}', () => {
    expect(en('configurator.type.2')).toBe('Choose A Player');
    expect(en('configurator.size.onlyLeft', { count: 1 })).toBe('Only 1 left');
    expect(zh('configurator.size.onlyLeft', { count: 1 })).toBe('仅剩 1 件');
    expect(en('site.title', { page: 'Cart' })).toBe('Cart | Jersey Shop');
  });

  it('picks the plural form by the locale rules', () => {
    expect(en('productTabs.reviews.count', { count: 1 })).toBe('1 review');
    expect(en('productTabs.reviews.count', { count: 6 })).toBe('6 reviews');
    expect(en('productTabs.reviews.count', { count: 0 })).toBe('0 reviews');
    expect(en('cart.summary.items', { count: 1 })).toBe('1 item');
    expect(en('cart.summary.items', { count: 3 })).toBe('3 items');
    expect(zh('productTabs.reviews.count', { count: 1 })).toBe('1 条评价');
    expect(zh('cart.summary.items', { count: 3 })).toBe('3 件商品');
  });

  it('falls back to the plain key when a counted message has no plural forms', () => {
    expect(en('productTabs.order.tier', { count: 3, percent: 10 })).toBe('Buy 3 or more items and save 10%.');
  });

  it('returns an unknown key as itself, and leaves placeholders without a value', () => {
    const t = createTranslate('en-US', { productTabs: getMessages('en-US').productTabs });
    expect(t('site.name')).toBe('site.name');
    expect(t('productTabs.reviews.page', { page: 2 })).toBe('Page 2 of {{pages}}');
    expect(getT('en-US')('grid.showing')).toBe('Showing {{shown}} of {{total}}');
  });

  it('does not escape values (Astro and React escape what they render)', () => {
    expect(en('product.imageFront', { name: 'A & B <C>' })).toBe('A & B <C>, front');
  });

  it('is what pages use (getT) for either locale', () => {
    expect(getT('en-US')('cart.summary.items', { count: 2 })).toBe(en('cart.summary.items', { count: 2 }));
    expect(getT('zh-CN')('site.name')).toBe(getMessages('zh-CN').site.name);
  });
});

describe('interpolate', () => {
  it('fills every {{name}}, with or without inner spaces, and keeps the rest', () => {
    expect(interpolate('Showing {{from}}-{{ to }} of {{total}}', { from: 1, to: 20, total: 45 })).toBe('Showing 1-20 of 45');
    expect(interpolate('{{a}}{{a}} {{b}}', { a: 'x' })).toBe('xx {{b}}');
    expect(interpolate('no placeholders')).toBe('no placeholders');
  });
});

describe('islands: withIslandI18n and useTranslation', () => {
  function Probe({ k, count }: { k: MessageKey; count?: number }): ReactNode {
    const { t } = useTranslation();
    return t(k, count === undefined ? undefined : { count });
  }
  const Island = withIslandI18n(Probe);
  const render = (locale: 'en-US' | 'zh-CN', key: MessageKey, count?: number) => renderToString(createElement(Island, { locale, messages: pickMessages(locale, ['cart']), k: key, count }));

  it('translates inside the provider with the locale and the messages it was given', () => {
    expect(render('en-US', 'cart.summary.items', 4)).toBe('4 items');
    expect(render('zh-CN', 'cart.summary.items', 4)).toBe('4 件商品');
    expect(render('en-US', 'cart.line.remove')).toBe(getMessages('en-US').cart.line.remove);
  });

  it('shows the key for a section the island was not given, and outside any provider', () => {
    expect(render('en-US', 'site.name')).toBe('site.name');
    expect(renderToString(createElement(Probe, { k: 'cart.line.remove' }))).toBe('cart.line.remove');
  });
});

describe('catalogues', () => {
  it('words the name and number messages as the domain does', () => {
    const en = getMessages('en-US').configurator;
    expect(en.name.invalid).toBe('Name must be 1-15 letters A-Z');
    expect(en.number.invalid).toBe('Number must be digits 0-99');
    expect(en.type).toMatchObject({ '1': 'Blank (No Name/Number)', '2': 'Choose A Player', '3': 'Add Yours', '4': 'Standard' });
  });

  it('translates every message of the product page into Chinese', () => {
    const leaves = (node: unknown, prefix = ''): [string, string][] =>
      typeof node === 'string' ? [[prefix, node]] : Object.entries(node as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
    const productPage = (locale: 'en-US' | 'zh-CN') => ({ configurator: getMessages(locale).configurator, productTabs: getMessages(locale).productTabs });
    const en = new Map(leaves(productPage('en-US')));
    const zh = new Map(leaves(productPage('zh-CN')));
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');
    const untranslated = [...zh].filter(([key, text]) => text === en.get(key) && /[a-z]{3}/i.test(words(text)));
    expect(untranslated).toEqual([]);
  });

  it('use only what the translator understands: {{name}} placeholders and _one/_other plurals', () => {
    // Nesting ($t(...)), formatting ({{x, number}}) and context (key_male) are i18next features the translator lacks.
    const leaves = (node: unknown, prefix = ''): [string, string][] =>
      typeof node === 'string' ? [[prefix, node]] : Object.entries(node as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const all = leaves(getMessages(locale));
      expect(all.length).toBeGreaterThan(300);
      const unsupported = all.filter(([key, text]) => /\$t\(|\{\{[^}]*[^\w\s}][^}]*\}\}/.test(text) || /_(zero|two|few|many|male|female)$/.test(key));
      expect(unsupported).toEqual([]);
    }
  });
});
