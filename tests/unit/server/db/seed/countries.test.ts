import { describe, it, expect } from 'vitest';
import { countryRows, stateRows } from '../../../../../src/server/db/seed/countries.ts';

describe('country seed data', () => {
  const countries = countryRows();
  const states = stateRows();

  it('lists every country once, with a well-formed code, phone code and both names', () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.phoneCode, c.code).toMatch(/^\+[0-9]{1,4}$/);
      expect(c.name['en-US'].trim(), c.code).not.toBe('');
      expect(c.name['zh-CN'].trim(), c.code).not.toBe('');
    }
  });

  it('numbers the sort order alphabetically by English name', () => {
    expect(countries.map((c) => c.sort)).toEqual(countries.map((_, i) => i));
    const names = countries.map((c) => c.name['en-US']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has the well-known calling codes', () => {
    const phone = (code: string) => countries.find((c) => c.code === code)?.phoneCode;
    expect(phone('US')).toBe('+1');
    expect(phone('GB')).toBe('+44');
    expect(phone('CN')).toBe('+86');
    expect(phone('HK')).toBe('+852');
  });

  it('has Hong Kong with its three areas', () => {
    const hk = countries.find((c) => c.code === 'HK');
    expect(hk?.phoneCode).toBe('+852');
    expect(['中国香港', '香港']).toContain(hk?.name['zh-CN']);
    const areas = states.filter((s) => s.countryCode === 'HK');
    expect(areas.map((s) => s.name['en-US'])).toEqual(['Hong Kong Island', 'Kowloon', 'New Territories / Outlying Islands']);
    expect(areas.map((s) => s.name['zh-CN'])).toEqual(['香港岛', '九龙', '新界/离岛']);
  });

  it('has the expected number of subdivisions per country', () => {
    const count = (code: string) => states.filter((s) => s.countryCode === code).length;
    expect(count('US')).toBe(51);
    expect(count('CA')).toBe(13);
    expect(count('AU')).toBe(8);
    expect(count('CN')).toBe(31);
    expect(count('MX')).toBe(32);
    expect(count('BR')).toBe(27);
    expect(count('IN')).toBe(36);
    expect(count('JP')).toBe(47);
    expect(count('HK')).toBe(3);
  });

  it('attaches every state to a known country, with unique codes and both names', () => {
    const codes = new Set(countries.map((c) => c.code));
    const seen = new Set<string>();
    for (const s of states) {
      expect(codes.has(s.countryCode), s.countryCode).toBe(true);
      const key = `${s.countryCode}-${s.code}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(s.code, key).toMatch(/^[A-Z0-9]{2,3}$/);
      expect(s.name['en-US'].trim(), key).not.toBe('');
      expect(s.name['zh-CN'].trim(), key).not.toBe('');
    }
  });
});
