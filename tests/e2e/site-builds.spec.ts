/**
 * A catalogue change reaching the pre-rendered pages without anyone building (docs/site-builds.md):
 * the shop the suite runs is its own site builder, so a product published in the back office gets
 * its own pages, and a new price replaces them, in both locales; the dashboard says so.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import enSite from '../../src/i18n/locales/en-US/admin-site.json' with { type: 'json' };
import type { AdminProduct } from '../../src/domain/back-office/products.model.ts';
import { JOURNEY_TIMEOUT_MS, createPlainProduct, expect, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Long enough for the quiet wait and a rebuild on a machine running the rest of the suite. */
const REBUILT_WITHIN_MS = 100_000;

/** The price a pre-rendered product page carries in its HTML (the shell page has none). */
async function builtPrice(request: APIRequestContext, path: string): Promise<number | null> {
  const response = await request.get(`${path}?t=${Date.now()}`);
  if (!response.ok()) return null;
  const match = /data-price-eur="(\d+)" data-live-price/.exec(await response.text());
  return match ? Number(match[1]) : null;
}

test('en-US: a product published and repriced in the back office gets pre-rendered pages that follow, and the dashboard says when', async ({ page, request, ownerApi }) => {
  const copy = await createPlainProduct<AdminProduct>(ownerApi, { 'en-US': `Site Build Check ${randomBytes(3).toString('hex')}`, 'zh-CN': '页面生成检查' });
  const pages = [`/en-US/product/${copy.id}/`, `/zh-CN/product/${copy.id}/`];
  try {
    await ownerApi('/admin/products/publish', { id: copy.id, published: true });
    for (const path of pages) await expect.poll(() => builtPrice(request, path), { timeout: REBUILT_WITHIN_MS }).toBe(copy.price);

    const raised = copy.price + 1_000;
    await ownerApi('/admin/products/bulkPrice', { ids: [copy.id], mode: 'set', value: raised });
    for (const path of pages) await expect.poll(() => builtPrice(request, path), { timeout: REBUILT_WITHIN_MS }).toBe(raised);

    await page.goto('/admin/dashboard');
    const card = page.getByTestId('site-build');
    await expect(card).toContainText(enSite.title);
    // Other journeys change the catalogue too: the last build may be theirs, but there is one.
    await expect(card.getByTestId('site-build-last')).toContainText(enSite.last.split('{{')[0]!.trim());
  } finally {
    await ownerApi('/admin/products/publish', { id: copy.id, published: false });
  }
});
