import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ConfigError, SERVER_VARIABLES, loadConfig, localOrigin } from '../../src/server/config.ts';
import { expectRefused } from '../support/refused.ts';
import { BUILD_VARIABLES, BuildConfigError, TOOL_VARIABLES, loadBuildConfig, loadToolConfig, publicVariables, siteUrlWarning } from '../../src/build-config.ts';

/** Each configuration and the error it refuses a bad value with. */
const LOADERS = {
  server: [loadConfig, ConfigError],
  build: [loadBuildConfig, BuildConfigError],
  tool: [loadToolConfig, BuildConfigError],
} as const;

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
    expect(config.corsOrigins).toEqual(['http://localhost:8080', 'https://cdn.example']);
  });

  it('names the address it serves on as the site URL when PUBLIC_SITE_URL is not set, and says it was not set', () => {
    expect(loadConfig({})).toMatchObject({ publicSiteUrl: 'http://localhost:3000', publicSiteUrlDefaulted: true });
    expect(loadConfig({ PORT: '4100', HOST: '0.0.0.0' })).toMatchObject({ publicSiteUrl: 'http://localhost:4100', corsOrigins: ['http://localhost:4100'] });
    expect(loadConfig({ PORT: '8080', HOST: 'shop.lan' }).publicSiteUrl).toBe('http://shop.lan:8080');
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://shop.example/' })).toMatchObject({ publicSiteUrl: 'https://shop.example', publicSiteUrlDefaulted: false });
    expect(localOrigin('::', 80)).toBe('http://localhost');
    expect(localOrigin('fd00::5', 3000)).toBe('http://[fd00::5]:3000');
    const warning = siteUrlWarning('PUBLIC_SITE_URL', 'http://localhost:4100');
    expect(warning).toMatch(/^WARNING: PUBLIC_SITE_URL is not set: .*http:\/\/localhost:4100/);
    expect(warning).toContain('production refuses');
  });

  it('serves the built site by default and none with an empty SITE_DIR (an API-only instance)', () => {
    expect(loadConfig({}, '/srv/shop').siteDir).toBe('/srv/shop/dist');
    expect(loadConfig({ SITE_DIR: '' }, '/srv/shop').siteDir).toBeNull();
  });

  it('refuses production without each of its secrets, naming every missing one at once', () => {
    let said = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      said = (error as Error).message;
    }
    for (const name of ['AUTH_SECRET', 'PAYPAL_CLIENT_ID', 'SMTP_URL', 'PUBLIC_SITE_URL']) expect(said).toContain(`  ${name}: required in production`);
    const complete = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PAYPAL_ENV: 'simulator', PUBLIC_SITE_URL: 'https://shop.example' };
    expect(() => loadConfig(complete)).toThrow('SMTP_URL');
    expect(loadConfig({ ...complete, SMTP_URL: 'smtp://mail.example' }).smtpUrl).toBe('smtp://mail.example');
    expect(loadConfig({ ...complete, MAIL_OUTBOX_DIR: 'spool' }, '/srv/shop').outboxDir).toBe('/srv/shop/spool');
    expect(() => loadConfig({ ...complete, MAIL_OUTBOX_DIR: 'spool', SEED_PRODUCTS: '50' })).toThrow('SEED_PRODUCTS: not used in production');
  });

  it('reads the operations settings: drain, metrics listener, outbox folder', () => {
    expect(loadConfig({}, '/srv/shop')).toMatchObject({ shutdownDrainMs: 0, metrics: null, outboxDir: '/srv/shop/.data/outbox' });
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '15', METRICS_PORT: '9464' })).toMatchObject({ shutdownDrainMs: 15_000, metrics: { host: '127.0.0.1', port: 9464 } });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ host: '10.0.0.5', port: 9464 });
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow('METRICS_PORT');
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow('SHUTDOWN_DRAIN_SECONDS');
  });

  it('serves the PayPal simulator\'s control routes only when asked, and never in production', () => {
    expect(loadConfig({}).paypalSimControl).toBe(false);
    expect(loadConfig({ PAYPAL_SIM_CONTROL: 'true' }).paypalSimControl).toBe(true);
    const demo = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PAYPAL_ENV: 'simulator', PUBLIC_SITE_URL: 'https://shop.example', SMTP_URL: 'smtp://mail.example' };
    expect(loadConfig(demo).paypalSimControl).toBe(false);
    expect(() => loadConfig({ ...demo, PAYPAL_SIM_CONTROL: 'true' })).toThrow('PAYPAL_SIM_CONTROL: never in production');
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'client-id-1', PAYPAL_CLIENT_SECRET: 'secret-123', PAYPAL_SIM_CONTROL: 'true' })).toThrow('PAYPAL_SIM_CONTROL: only with the PayPal simulator');
  });

  it('bounds the time a client has to send a request', () => {
    expect(loadConfig({}).http).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 72_000, idleMs: 120_000 });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '2', HTTP_REQUEST_TIMEOUT_SECONDS: '5', HTTP_KEEP_ALIVE_SECONDS: '65', HTTP_IDLE_TIMEOUT_SECONDS: '60' }).http).toEqual({
      headersMs: 2_000,
      requestMs: 5_000,
      keepAliveMs: 65_000,
      idleMs: 60_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '40' })).toThrow('HTTP_HEADERS_TIMEOUT_SECONDS: at most HTTP_REQUEST_TIMEOUT_SECONDS');
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: '0' })).toThrow('HTTP_REQUEST_TIMEOUT_SECONDS');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeNull();
  });
});

describe('build and tool configuration (and the refusals of all three)', () => {
  it('has the defaults a plain `npm start` builds with', () => {
    const build = loadBuildConfig({});
    expect(build).toMatchObject({ SITE_URL: 'http://localhost:3000', BASE_PATH: '/', API_PORT: 3000, PUBLIC_API_BASE: '/api', PUBLIC_PAYPAL_SDK: 'simulator', PUBLIC_ADMIN_ROUTE_MODE: 'static' });
    expect(build.CATALOGUE_API_URL).toBeUndefined();
    expect(loadToolConfig({})).toEqual({ CHROMIUM_PATH: '/usr/bin/chromium', BENCH_PORT: 4404, E2E_PORT: 4391, CLUSTER_PORT: 4470, TEST_DB: 'pglite' });
  });

  it('hands the pages every PUBLIC_ value, defaults filled in, and no unset one', () => {
    const values = publicVariables(loadBuildConfig({ PUBLIC_PAYPAL_SDK: 'live', PUBLIC_API_BASE: 'https://api.example/api', PUBLIC_ADMIN_ROUTE_MODE: 'dynamic' }));
    expect(values).toMatchObject({ PUBLIC_PAYPAL_SDK: 'live', PUBLIC_API_BASE: 'https://api.example/api', PUBLIC_TRACKING_URL: 'https://www.17track.net/en', PUBLIC_ADMIN_ROUTE_MODE: 'dynamic' });
    expect(values).not.toHaveProperty('PUBLIC_OTHER_API_BASE');
    expect(Object.keys(values).every((name) => name.startsWith('PUBLIC_'))).toBe(true);
  });

  it('reads the values it is given and treats empty ones as unset', () => {
    const build = loadBuildConfig({ API_PORT: '4580', BASE_PATH: '/independent-website/views', CATALOGUE_API_URL: 'http://127.0.0.1:4580/api', PUBLIC_OTHER_API_BASE: '' });
    expect(build).toMatchObject({ API_PORT: 4580, BASE_PATH: '/independent-website/views', CATALOGUE_API_URL: 'http://127.0.0.1:4580/api' });
    expect(build.PUBLIC_OTHER_API_BASE).toBeUndefined();
    expect(loadToolConfig({ BENCH_PORT: '4580', TEST_DB: 'postgres' })).toMatchObject({ BENCH_PORT: 4580, TEST_DB: 'postgres' });
  });

  it.each([
    ['server', 'PORT', 'eighty'],
    ['server', 'PORT', '70000'],
    ['server', 'DATABASE_URL', 'not a url'],
    ['server', 'DISCOUNT_TIERS', '3-10'],
    ['server', 'DISCOUNT_TIERS', '3:100'],
    // The rules of the Settings table it is the default of: ascending.
    ['server', 'DISCOUNT_TIERS', '5:20,3:10'],
    ['server', 'LOG_LEVEL', 'loud'],
    ['server', 'BASE_PATH', 'shop'],
    ['server', 'TRUST_PROXY', 'maybe'],
    ['build', 'API_PORT', 'three thousand'],
    ['build', 'SITE_URL', 'localhost:3000'],
    ['build', 'BASE_PATH', 'shop'],
    ['build', 'CATALOGUE_API_URL', '/api'],
    ['build', 'PUBLIC_API_BASE', 'api'],
    ['build', 'PUBLIC_OTHER_API_BASE', 'ftp://other.example'],
    ['build', 'PUBLIC_TRACKING_URL', 'track.example'],
    ['build', 'PUBLIC_CHAT_URL', 'wa.me/1555'],
    ['build', 'PUBLIC_SUPPORT_EMAIL', 'support'],
    ['build', 'PUBLIC_PAYPAL_SDK', 'paypal'],
    ['build', 'PUBLIC_ADMIN_ROUTE_MODE', 'server'],
    ['tool', 'BENCH_PORT', '65534'],
    ['tool', 'E2E_PORT', '0'],
    ['tool', 'TEST_DB', 'mysql'],
    ['tool', 'E2E_WORKERS', '0'],
  ] as const)('refuses the %s variable %s=%s with a message naming it', (which, name, value) => {
    const [load, error] = LOADERS[which];
    expectRefused(() => load({ [name]: value }), error, name);
  });


  it('gives the server and the build one rule for BASE_PATH', () => {
    for (const value of ['/', '/shop', '/independent-website/views/']) {
      expect(() => loadBuildConfig({ BASE_PATH: value })).not.toThrow();
      expect(() => loadConfig({ BASE_PATH: value })).not.toThrow();
    }
    expect(() => loadConfig({ BASE_PATH: '/a b' })).toThrow('BASE_PATH');
    expect(() => loadBuildConfig({ BASE_PATH: '/a b' })).toThrow('BASE_PATH');
  });
});

describe('the server checks the build variables it hands to the build', () => {
  it('stops at start on a bad build variable, naming it', () => {
    expect(() => loadConfig({ PUBLIC_TRACKING_URL: 'track.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_TRACKING_URL: 'track.example' })).toThrow('PUBLIC_TRACKING_URL');
  });
});

describe('.env.example', () => {
  const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

  it('lists every validated variable once, each under its own comment, and nothing else', () => {
    const validated = [...new Set([...SERVER_VARIABLES, ...BUILD_VARIABLES, ...TOOL_VARIABLES])].sort();
    expect([...listed].sort()).toEqual(validated);
    const lines = example.split('\n');
    lines.forEach((line, index) => {
      if (/^[A-Z][A-Z0-9_]*=/.test(line)) expect(lines[index - 1], line).toMatch(/^# /);
    });
  });

  it('holds values that pass validation', () => {
    const values = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]]));
    expect(() => loadConfig(values)).not.toThrow();
    expect(() => loadBuildConfig(values)).not.toThrow();
    expect(() => loadToolConfig(values)).not.toThrow();
  });
});
