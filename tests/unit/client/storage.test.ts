/** SOY_-prefixed storage (docs/storefront.md "Constants") and the stores that keep their values with it. */
import { memoryStorage } from '../../support/memory-storage.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeStored, getStored, removeStored, setStored, storageKey, storedCodec, STORAGE_PREFIX, isNonEmptyString } from '../../../src/client/storage.ts';
import { $currency, CURRENCY_STORAGE_KEY, decodeCurrency, setCurrency } from '../../../src/stores/currency.ts';
import { $chosenLocale, LANG_STORAGE_KEY, decodeLocale } from '../../../src/stores/locale.ts';
import { isCurrencyCode } from '../../../src/domain/money.model.ts';

beforeEach(() => memoryStorage.clear());

describe('storage helpers', () => {
  it('prefix keys with SOY_', () => {
    expect(STORAGE_PREFIX).toBe('SOY_');
    expect(storageKey('token')).toBe('SOY_token');
  });

  it('store values as JSON under the prefixed key and read them back', () => {
    expect(setStored('prefs', { a: 1, b: ['x'] })).toBe(true);
    expect(memoryStorage.getItem('SOY_prefs')).toBe('{"a":1,"b":["x"]}');
    expect(getStored('prefs')).toEqual({ a: 1, b: ['x'] });
    setStored('name', 'Ann');
    expect(memoryStorage.getItem('SOY_name')).toBe('"Ann"');
  });

  it('read a missing value as null without writing anything', () => {
    expect(getStored('nothing')).toBeNull();
    expect(memoryStorage.length).toBe(0);
  });

  it('remove an unparseable value and read it as null', () => {
    memoryStorage.setItem('SOY_broken', '{not json');
    expect(getStored('broken')).toBeNull();
    expect(memoryStorage.getItem('SOY_broken')).toBeNull();
  });

  it('remove a value of the wrong shape when a check is given', () => {
    memoryStorage.setItem('SOY_token', '42');
    expect(getStored('token', isNonEmptyString)).toBeNull();
    expect(memoryStorage.getItem('SOY_token')).toBeNull();
    memoryStorage.setItem('SOY_token', '"abc"');
    expect(getStored('token', isNonEmptyString)).toBe('abc');
  });

  it('leave other keys alone', () => {
    memoryStorage.setItem('token', 'not ours');
    memoryStorage.setItem('SOY_token', 'broken');
    getStored('token');
    expect(memoryStorage.getItem('token')).toBe('not ours');
  });

  it('remove a key on setStored(undefined) and on removeStored', () => {
    setStored('a', 1);
    setStored('a', undefined);
    expect(memoryStorage.getItem('SOY_a')).toBeNull();
    setStored('b', 2);
    removeStored('b');
    expect(memoryStorage.getItem('SOY_b')).toBeNull();
  });

  it('report a refused write instead of throwing (quota, private mode)', () => {
    const original = memoryStorage.setItem;
    memoryStorage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(setStored('x', 1)).toBe(false);
    } finally {
      memoryStorage.setItem = original;
    }
  });

  it('decode storage-event values with the same rules', () => {
    memoryStorage.setItem('SOY_currency', 'garbage');
    expect(decodeStored('currency', 'garbage', isCurrencyCode)).toBeNull();
    expect(memoryStorage.getItem('SOY_currency')).toBeNull();
    expect(decodeStored('currency', null, isCurrencyCode)).toBeNull();
    expect(decodeStored('currency', '"GBP"', isCurrencyCode)).toBe('GBP');
  });

  it('give persistent atoms an encoder that removes on undefined and a decoder that drops bad values', () => {
    const codec = storedCodec('thing', isNonEmptyString);
    expect(codec.encode('x')).toBe('"x"');
    expect(codec.encode(undefined)).toBeUndefined();
    memoryStorage.setItem('SOY_thing', '[');
    expect(codec.decode('[')).toBeUndefined();
    expect(memoryStorage.getItem('SOY_thing')).toBeNull();
  });
});

describe('stores kept with the helpers', () => {
  it('currency: JSON under SOY_currency; unknown or broken values read as EUR and are removed', () => {
    expect(CURRENCY_STORAGE_KEY).toBe('SOY_currency');
    setCurrency('GBP');
    expect(memoryStorage.getItem('SOY_currency')).toBe('"GBP"');
    expect($currency.get()).toBe('GBP');
    setCurrency('XYZ');
    expect($currency.get()).toBe('GBP');
    memoryStorage.setItem('SOY_currency', '"JPY"');
    expect(decodeCurrency('"JPY"')).toBe('EUR');
    expect(memoryStorage.getItem('SOY_currency')).toBeNull();
    expect(decodeCurrency(null)).toBe('EUR');
    expect(decodeCurrency('{')).toBe('EUR');
    expect(decodeCurrency('"USD"')).toBe('USD');
  });

  it('locale: JSON under SOY_lang; unknown values read as unset', () => {
    expect(LANG_STORAGE_KEY).toBe('SOY_lang');
    expect(decodeLocale('"zh-CN"')).toBe('zh-CN');
    memoryStorage.setItem('SOY_lang', '"fr-FR"');
    expect(decodeLocale('"fr-FR"')).toBeUndefined();
    expect(memoryStorage.getItem('SOY_lang')).toBeNull();
    expect(decodeLocale(undefined)).toBeUndefined();
    $chosenLocale.set('zh-CN');
    expect(memoryStorage.getItem('SOY_lang')).toBe('"zh-CN"');
  });
});
