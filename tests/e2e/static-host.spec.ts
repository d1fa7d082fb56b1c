/**
 * The built site on a static host (docs/deployment.md "Static hosting"): Debian's nginx serves a
 * copy of the live release with the rules the build wrote beside it (`.hosting/nginx.conf`),
 * forwarding `/api` (and the PayPal simulator) to the suite's shop, and Chromium walks every kind
 * of address through it. The copy is hard links to the release the suite's shop built, taken once,
 * so a product published during the walk has no page there and must open through the shell, as
 * on a CDN that has not received the next release yet. Then the shop's own site builder is
 * watched putting that product into its sitemap, and taking it out when it is unpublished.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { request as playwrightRequest } from '@playwright/test';
import { XMLValidator } from 'fast-xml-parser';
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import { NGINX_FILE } from '../../src/server/hosting/site-files.ts';
import { startNginx } from '../support/nginx.ts';
import { JOURNEY_TIMEOUT_MS, createPlainProduct, expect, test as adminTest } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { signedInShopper } from './support/shoppers.ts';

const SITE_DIR = fileURLToPath(new URL('../../dist', import.meta.url));
/** Long enough for the quiet wait and a rebuild on a machine running the rest of the suite. */
const REBUILT_WITHIN_MS = 100_000;

/** Every context of these tests talks to nginx; the API calls they make go through it too. */
const test = adminTest.extend<{ shopUrl: string }, { nginx: { url: string; site: string } }>({
  nginx: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const folder = await mkdtemp(path.join(tmpdir(), 'shop-static-e2e-'));
      const site = path.join(folder, 'site');
      await promisify(execFile)('cp', ['-al', await realpath(SITE_DIR), site]);
      const api = new URL(String(workerInfo.project.use.baseURL)).host;
      const nginx = await startNginx({ root: site, rules: path.join(site, NGINX_FILE), api });
      await use({ url: nginx.url, site });
      await nginx.stop();
      await rm(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern
  shopUrl: async ({}, use, testInfo) => use(String(testInfo.project.use.baseURL)),
  baseURL: async ({ nginx }, use) => use(nginx.url),
});

test.describe.configure({ timeout: 4 * JOURNEY_TIMEOUT_MS });

test('static hosting: nginx with the generated rules serves every kind of address, deep links included', async ({ browser, page, ownerApi, nginx, shopUrl }) => {
  await test.step('the root sends each visitor to their language', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      // A first visit: nothing stored (contexts inherit the test's storage, whose SOY_lang would win).
      const context = await browser.newContext({ locale, baseURL: nginx.url, storageState: { cookies: [], origins: [] } });
      const visitor = await context.newPage();
      await visitor.goto('/');
      await expect(visitor).toHaveURL(`${nginx.url}/${locale}/`);
      await expect(visitor.locator('html')).toHaveAttribute('lang', locale);
      await context.close();
    }
  });

  await test.step('a category and a product built with the site', async () => {
    const [category] = (await readdir(path.join(nginx.site, 'en-US', 'category'))).sort();
    const listing = await page.goto(`/en-US/category/${category}/`);
    expect(listing?.status()).toBe(200);
    await expect(page.locator('h1')).toBeVisible();
    const product = await page.goto('/en-US/product/1/');
    expect(product?.status()).toBe(200);
    await expect(page.locator('h1')).toBeVisible();
  });

  const title = `Static Host Check ${randomBytes(3).toString('hex')}`;
  const added = await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': title, 'zh-CN': '静态托管检查' });
  try {
    await ownerApi('/admin/products/publish', { id: added.id, published: true });

    await test.step('a product published after the build opens through the shell; an unknown one is a 404', async () => {
      const shell = await page.goto(`/en-US/product/${added.id}/`);
      expect(shell?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      const unknown = await page.goto('/en-US/product/99999999/');
      expect(unknown?.status()).toBe(404);
    });

    const order = await paidGuestOrder(page.request, 'en-US');
    await test.step("an order's success page, by its deep link", async () => {
      const success = await page.goto(`/en-US/order-success/${order.orderNo}?token=${order.accessToken}`);
      expect(success?.status()).toBe(200);
      await expect(page.getByText(order.orderNo).first()).toBeVisible();
    });

    await test.step("the back office's deep link to that order (signed in as the owner)", async () => {
      const admin = await page.goto(`/admin/orders/${order.orderNo}`);
      expect(admin?.status()).toBe(200);
      await expect(page.getByTestId('order-detail')).toContainText(order.orderNo);
    });

    await test.step("an order's detail page, by its deep link, signed in", async () => {
      await signedInShopper(page, 'zh-CN');
      const detail = await page.goto(`/zh-CN/order-detail/${order.orderNo}/?token=${order.accessToken}`);
      expect(detail?.status()).toBe(200);
      await expect(page.getByText(order.orderNo).first()).toBeVisible();
    });

    await test.step("an unknown page is the 404 page, in the locale of its address", async () => {
      const missing = await page.goto('/zh-CN/no-such-page/');
      expect(missing?.status()).toBe(404);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    });

    await test.step('robots.txt and sitemap.xml are served beside the pages', async () => {
      const robots = await page.request.get('/robots.txt');
      expect(await robots.text()).toContain(`Sitemap: ${shopUrl.replace(/\/$/, '')}/sitemap.xml`);
      const sitemap = await (await page.request.get('/sitemap.xml')).text();
      expect(XMLValidator.validate(sitemap)).toBe(true);
      expect(sitemap).toContain(`<loc>${new URL('/zh-CN/product/1/', shopUrl)}</loc>`);
      // The copy predates the product: it has no page there, so no place in that sitemap either.
      expect(sitemap).not.toContain(`/product/${added.id}/`);
    });

    await test.step("the live release's sitemap gains the product once its pages are built", async () => {
      const live = await playwrightRequest.newContext({ baseURL: shopUrl });
      const listed = async () => {
        const text = await (await live.get(`/sitemap.xml?t=${Date.now()}`)).text();
        return ['en-US', 'zh-CN'].map((locale) => text.includes(`<loc>${new URL(`/${locale}/product/${added.id}/`, shopUrl)}</loc>`));
      };
      await expect.poll(listed, { timeout: REBUILT_WITHIN_MS }).toEqual([true, true]);
      await ownerApi('/admin/products/publish', { id: added.id, published: false });
      await expect.poll(listed, { timeout: REBUILT_WITHIN_MS }).toEqual([false, false]);
      await live.dispose();
    });
  } finally {
    await ownerApi('/admin/products/publish', { id: added.id, published: false });
  }
});
