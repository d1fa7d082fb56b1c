import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: null, dataDir: '/srv/shop/.data', basePath: '/', rateLimitPerMinute: 1200 });
    expect(config.discountTiers).toEqual([
      { minItems: 3, percent: 10 },
      { minItems: 5, percent: 20 },
    ]);
  });

  it('reads every value it is given', () => {
    const config = loadConfig(
      { PORT: '8080', DATABASE_URL: 'postgres://u@db:5432/shop', BASE_PATH: '/independent-website/views', DISCOUNT_TIERS: '5:5, 10:10', CORS_ORIGINS: 'https://cdn.example' },
      '/srv',
    );
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/shop');
    expect(config.basePath).toBe('/independent-website/views/');
    expect(config.discountTiers).toEqual([
      { minItems: 5, percent: 5 },
      { minItems: 10, percent: 10 },
    ]);
    expect(config.corsOrigins).toEqual(['http://localhost:3000', 'https://cdn.example']);
  });

  it('serves the built site by default and none with an empty SITE_DIR (an API-only instance)', () => {
    expect(loadConfig({}, '/srv/shop').siteDir).toBe('/srv/shop/dist');
    expect(loadConfig({ SITE_DIR: '' }, '/srv/shop').siteDir).toBeNull();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeNull();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['DISCOUNT_TIERS', '3-10'],
    ['DISCOUNT_TIERS', '3:100'],
    ['LOG_LEVEL', 'loud'],
    ['BASE_PATH', 'shop'],
    ['TRUST_PROXY', 'maybe'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
