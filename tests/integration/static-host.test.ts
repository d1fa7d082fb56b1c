/**
 * The generated nginx rules (docs/deployment.md "Static hosting") answer every kind of address
 * as the shop's own server does: the same site folder served by the shop and by Debian's nginx
 * with the release's `.hosting/nginx.conf`, forwarding `/api` and its product check to the shop,
 * gives the same status, page, cache rule and security headers (src/server/http/security.ts
 * `pageHeaders`) for each address. The browser walk through a real build is
 * tests/e2e/static-host.spec.ts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSettings } from '../../src/server/hosting/host-rules.ts';
import { NGINX_FILE, writeSiteFiles } from '../../src/server/hosting/site-files.ts';
import { pageHeaders } from '../../src/server/http/security.ts';
import { startNginx, type RunningNginx } from '../support/nginx.ts';
import { RELEASE_FILES, createTestShop, writeFiles, type TestShop } from './harness.ts';

const FILES: Record<string, string> = {
  ...RELEASE_FILES,
  'index.html': '<html>choose a language</html>',
  'en-US/404.html': '<html>not found en</html>',
  'zh-CN/404.html': '<html>not found zh</html>',
  'en-US/order-success/index.html': '<html>order success en</html>',
  'zh-CN/order-detail/index.html': '<html>order detail zh</html>',
  '.well-known/security.txt': 'Contact: mailto:security@shop.example',
};

/** Addresses of every kind; product 2 is in the catalogue but has no page, as if added after the build. */
const ADDRESSES = [
  '/',
  '/en-US/',
  '/en-US/product/1/',
  '/en-US/product/2/',
  '/zh-CN/product/2',
  '/en-US/product/987654/',
  '/en-US/product/0/',
  '/en-US/product/abc/',
  '/en-US/order-success/JS-7KQ4M-2XPHD',
  '/zh-CN/order-detail/js-7kq4m-2xphd/',
  '/en-US/order-success/short',
  '/admin/',
  '/admin/orders/JS-7KQ4M-2XPHD',
  '/admin/staff?query=a',
  '/admin/missing.js',
  '/administrator',
  '/403',
  '/404',
  '/500',
  '/en-US/nothing-here',
  '/zh-CN/nothing-here/',
  '/zh-CN',
  '/zh-CN/product/987654/',
  '/zh-CN/.build-stamp.json',
  '/zh-CNX/nothing',
  '/_astro/app.abc123.js',
  '/.hosting/nginx.conf',
  '/.build-stamp.json',
  '/.well-known/security.txt',
];

interface Answer {
  status: number;
  body: string;
  cacheControl: string | null;
  headers: Headers;
}

async function get(origin: string, address: string): Promise<Answer> {
  const response = await fetch(`${origin}${address}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), cacheControl: response.headers.get('cache-control'), headers: response.headers };
}

/** The page headers of the site's answers (simulator build: no PayPal frames), as the shop's server sends them. */
const PAGE_HEADERS = await pageHeaders([]);

/** The page headers an answer carries, by name; `null` for one it lacks. */
function securityHeaders(answer: Answer): Record<string, string | null> {
  return Object.fromEntries(Object.keys(PAGE_HEADERS).map((name) => [name, answer.headers.get(name)]));
}

/** Both answers' cache rules mean the same to a browser (`no-cache` is `max-age=0, must-revalidate` for a shared page). */
function revalidates(value: string | null): boolean {
  return value === 'no-cache' || value === 'public, max-age=0, must-revalidate';
}

for (const basePath of ['/', '/independent-website/views/']) {
  describe(`nginx with the generated rules, base path ${basePath}`, () => {
    let folder: string;
    let shop: TestShop;
    let nginx: RunningNginx;
    let shopUrl: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'shop-static-'));
      // nginx maps an address to root + address, so the site sits at the base path below its root.
      const site = path.join(folder, basePath);
      await writeFiles(site, FILES);
      await writeFile(path.join(site, '.build-stamp.json'), '"stamp"');
      await writeSiteFiles(site, await hostSettings({ SITE_URL: 'https://shop.example', BASE_PATH: basePath, PUBLIC_PAYPAL_SDK: 'simulator' }));
      shop = await createTestShop({ siteDir: site, basePath });
      await shop.app.listen({ host: '127.0.0.1', port: 0 });
      const address = shop.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      shopUrl = `http://127.0.0.1:${port}`;
      nginx = await startNginx({ root: folder, rules: path.join(site, NGINX_FILE), api: `127.0.0.1:${port}` });
    });
    afterAll(async () => {
      await nginx?.stop();
      await shop?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it('answers every kind of address as the shop server does', async () => {
      const prefix = basePath.slice(0, -1);
      for (const address of ADDRESSES) {
        const [fromShop, fromNginx] = await Promise.all([get(shopUrl, `${prefix}${address}`), get(nginx.url, `${prefix}${address}`)]);
        const label = `${prefix}${address}\n${await nginx.errors()}`;
        expect(fromNginx.status, label).toBe(fromShop.status);
        // Every status, pages, files, redirects and not-found answers alike, carries them once.
        expect(securityHeaders(fromShop), label).toEqual(PAGE_HEADERS);
        expect(securityHeaders(fromNginx), label).toEqual(PAGE_HEADERS);
        if (fromShop.status === 200 || fromShop.status === 404) expect(fromNginx.body, label).toBe(fromShop.body);
        if (fromShop.status === 200) {
          expect(revalidates(fromNginx.cacheControl), label).toBe(revalidates(fromShop.cacheControl));
          if (!revalidates(fromShop.cacheControl)) expect(fromNginx.cacheControl, label).toBe(fromShop.cacheControl);
        }
      }
    });

    it('forwards the API, and the product shell follows the catalogue', async () => {
      const health = await fetch(`${nginx.url}/api/health`);
      expect(health.status).toBe(200);
      // The API's own policy, not the pages' added to it by nginx.
      const direct = await fetch(`${shopUrl}/api/health`);
      expect(health.headers.get('content-security-policy')).toBe(direct.headers.get('content-security-policy'));
      expect(health.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(health.headers.get('x-frame-options')).toBeNull();
      const prefix = basePath.slice(0, -1);
      expect((await get(nginx.url, `${prefix}/en-US/product/2/`)).body).toBe(FILES['en-US/product/new/index.html']);
      // Unpublished, product 2 is an unknown address to both.
      await shop.database.db.execute(sql`update products set active = false where id = 2`);
      try {
        // nginx asks the API's product detail, which the shop keeps in memory: a change written
        // straight to the table reaches it through the database's notification, a moment later
        // on PostgreSQL (a back-office save drops it at once). The shop's own check reads the table.
        expect((await get(shopUrl, `${prefix}/en-US/product/2/`)).status).toBe(404);
        await expect.poll(async () => (await get(nginx.url, `${prefix}/en-US/product/2/`)).status, { timeout: 5_000 }).toBe(404);
      } finally {
        await shop.database.db.execute(sql`update products set active = true where id = 2`);
      }
    });

    it("answers an unknown address below a locale with that locale's not-found page, elsewhere with the bilingual one", async () => {
      const prefix = basePath.slice(0, -1);
      const expected: Record<string, string> = {
        '/zh-CN/nothing-here/': FILES['zh-CN/404.html']!,
        '/zh-CN/product/987654/': FILES['zh-CN/404.html']!,
        '/zh-CN/.build-stamp.json': FILES['zh-CN/404.html']!,
        '/en-US/nothing-here': FILES['en-US/404.html']!,
        '/en-US/product/0/': FILES['en-US/404.html']!,
        '/zh-CNX/nothing': FILES['404.html']!,
        '/nothing': FILES['404.html']!,
      };
      for (const origin of [shopUrl, nginx.url]) {
        for (const [address, body] of Object.entries(expected)) {
          const answer = await get(origin, `${prefix}${address}`);
          expect([answer.status, answer.body], `${origin}${prefix}${address}`).toEqual([404, body]);
        }
      }
    });

    it('writes robots.txt and a sitemap of the pages it holds', async () => {
      const robots = await readFile(path.join(folder, basePath, 'robots.txt'), 'utf8');
      expect(robots).toContain(`Sitemap: https://shop.example${basePath}sitemap.xml`);
      const sitemap = await get(nginx.url, `${basePath}sitemap.xml`);
      expect(sitemap.status).toBe(200);
      expect(sitemap.body).toContain(`<loc>https://shop.example${basePath}en-US/product/1/</loc>`);
      expect(sitemap.body).not.toContain('product/new');
    });

    it('serves a sitemap index and its parts when the addresses do not fit in one file, and a later release drops parts it no longer needs', async () => {
      const site = path.join(folder, basePath);
      const settings = await hostSettings({ SITE_URL: 'https://shop.example', BASE_PATH: basePath, PUBLIC_PAYPAL_SDK: 'simulator' });
      // Two listed addresses (the home page, product 1), one a file: an index and two parts.
      await writeSiteFiles(site, settings, { sitemapLimits: { urls: 1, bytes: 1024 * 1024 } });
      try {
        const index = await get(nginx.url, `${basePath}sitemap.xml`);
        expect(index.body).toContain('<sitemapindex');
        const parts = [...index.body.matchAll(/<loc>https:\/\/shop\.example([^<]+)<\/loc>/g)].map((match) => match[1]!);
        expect(parts).toEqual([`${basePath}sitemap-1.xml`, `${basePath}sitemap-2.xml`]);
        const listed = [];
        for (const part of parts) {
          const answer = await get(nginx.url, part);
          expect(answer.status).toBe(200);
          listed.push(...[...answer.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]));
        }
        expect(listed.toSorted()).toEqual([`https://shop.example${basePath}en-US/`, `https://shop.example${basePath}en-US/product/1/`]);
        expect(await readFile(path.join(site, 'robots.txt'), 'utf8')).toContain(`Sitemap: https://shop.example${basePath}sitemap.xml`);
      } finally {
        // The next release fits in one file again: the parts go.
        await writeSiteFiles(site, settings);
      }
      expect((await get(nginx.url, `${basePath}sitemap-1.xml`)).status).toBe(404);
      expect((await get(nginx.url, `${basePath}sitemap.xml`)).body).toContain('<urlset');
    });
  });
}
