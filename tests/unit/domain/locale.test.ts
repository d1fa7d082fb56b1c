import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_LOCALE, LOCALES, isLocale, pickLocale } from '../../../src/domain/locale.ts';

describe('pickLocale', () => {
  it.each<[string | null | undefined, string]>([
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['ZH-cn', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['fr-FR', 'en-US'],
    ['fr-FR,de;q=0.8', 'en-US'],
    ['fr-FR,zh-CN;q=0.5', 'zh-CN'], // first supported language in the list wins
    ['de-DE,en-US;q=0.7,zh-CN;q=0.5', 'en-US'],
    [' zh-CN ; q=0.9 , en', 'zh-CN'],
    ['*', 'en-US'],
    [',,;', 'en-US'],
    ['', 'en-US'],
    [null, 'en-US'],
    [undefined, 'en-US'],
  ])('%j -> %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });

  it('the default is en-US and the two locales are en-US and zh-CN', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect([...LOCALES]).toEqual(['en-US', 'zh-CN']);
  });

  it('property: always answers one of our locales, for any header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (header) => {
        expect(LOCALES).toContain(pickLocale(header));
      }),
    );
  });

  it('property: a header with no Chinese tag never picks zh-CN', () => {
    const tag = fc.constantFrom('en', 'en-US', 'en-GB', 'fr', 'fr-FR', 'de', 'es-419', 'ja', 'ko-KR', 'pt-BR', '*');
    const entry = fc.tuple(tag, fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined })).map(([t, q]) => (q === undefined ? t : `${t};q=0.${q}`));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        expect(pickLocale(entries.join(','))).toBe('en-US');
      }),
    );
  });

  it('property: zh-CN first always picks zh-CN', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (rest) => {
        expect(pickLocale(`zh-CN,${rest}`)).toBe('zh-CN');
      }),
    );
  });
});

describe('isLocale', () => {
  it('knows only the two locales, spelt exactly', () => {
    expect(isLocale('en-US')).toBe(true);
    expect(isLocale('zh-CN')).toBe(true);
    for (const bad of ['en', 'en-us', 'zh-cn', 'zh', 'fr-FR', '', null, undefined, 1]) expect(isLocale(bad)).toBe(false);
  });
});
