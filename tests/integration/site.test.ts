/** Serving the built site: caching, the page CSP, not-found pages, the product shell, a base path. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, RELEASE_FILES, writeFiles, type TestShop } from './harness.ts';

let site: string;
beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'shop-site-'));
  const files = { ...RELEASE_FILES, 'index.html': '<html>root</html>', '.build-stamp.json': '"the release\'s own record"' };
  await writeFiles(site, files);
});
afterAll(async () => rm(site, { recursive: true, force: true }));

/** A GET of `url` answers `statusCode` with exactly `body`. */
async function expectPage(shop: TestShop, url: string, statusCode: number, body: string): Promise<void> {
  const page = await shop.app.inject({ method: 'GET', url });
  expect(page.statusCode, url).toBe(statusCode);
  expect(page.body, url).toBe(body);
}

describe('at the root', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ siteDir: site });
  });
  afterAll(async () => shop?.close());

  it('serves pages, revalidated, with the page CSP', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/en-US/product/1/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<html>product one</html>');
    expect(page.headers['cache-control']).toContain('must-revalidate');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).not.toContain("default-src 'none'");
    // The document-only hardening that API answers leave out.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
  });

  it('keeps the page policy on a 304 revalidation, so a reloaded page can load its assets', async () => {
    const first = await shop.app.inject({ method: 'GET', url: '/en-US/' });
    const etag = String(first.headers['etag']);
    const again = await shop.app.inject({ method: 'GET', url: '/en-US/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['content-security-policy']).not.toContain("default-src 'none'");
  });

  it('serves the standalone error pages', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/403' })).body).toBe('<html>no permission</html>');
    expect((await shop.app.inject({ method: 'GET', url: '/500' })).body).toBe('<html>server error</html>');
    expect((await shop.app.inject({ method: 'GET', url: '/404' })).body).toBe('<html>not found page</html>');
  });

  it('caches fingerprinted assets for a year', async () => {
    const asset = await shop.app.inject({ method: 'GET', url: '/_astro/app.abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('opens a product added after the build through the product shell', async () => {
    // Product 2 has no pre-rendered page in this test site, as if added after the build.
    await expectPage(shop, '/en-US/product/2/', 200, '<html>product shell en</html>');
    await expectPage(shop, '/zh-CN/product/2', 200, '<html>product shell zh</html>');
    await expectPage(shop, '/en-US/product/987654/', 404, '<html>not found page</html>');
  });

  it('opens every back-office route (deep links) with the back office page, and leaves missing files 404', async () => {
    for (const url of ['/admin/', '/admin/orders/JS-7KQ4M-2XPHD', '/admin/audit', '/admin/staff?query=a', '/admin/no-such-screen/deeper']) {
      await expectPage(shop, url, 200, '<html>back office</html>');
    }
    await expectPage(shop, '/admin/missing.js', 404, '<html>not found page</html>');
    await expectPage(shop, '/administrator', 404, '<html>not found page</html>');
  });

  it('answers unknown pages with the not-found page and unknown API paths with the envelope', async () => {
    for (const url of ['/en-US/nothing-here', '/en-US/product/abc/', '/en-US/product/0/', '/.build-stamp.json']) {
      await expectPage(shop, url, 404, '<html>not found page</html>');
    }
    const api = await shop.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('1404');
  });
});

describe('under a base path', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ siteDir: site, basePath: '/independent-website/views/' });
  });
  afterAll(async () => shop?.close());

  it('serves the site below the prefix and nothing above it', async () => {
    await expectPage(shop, '/independent-website/views/', 200, '<html>root</html>');
    await expectPage(shop, '/independent-website/views/en-US/', 200, '<html>home en</html>');
    await expectPage(shop, '/independent-website/views/en-US/product/3/', 200, '<html>product shell en</html>');
    await expectPage(shop, '/independent-website/views/admin/orders/JS-7KQ4M-2XPHD', 200, '<html>back office</html>');
    expect((await shop.app.inject({ method: 'GET', url: '/en-US/' })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
