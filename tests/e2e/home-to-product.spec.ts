/** The first path through the whole stack: a built page, an island, the API, a product page. */
import { expect, test } from './support/test.ts';
import { watchErrors } from '../support/errors.ts';

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: home lists products from the API and reaches a product page`, async ({ page }, testInfo) => {
    const errors = watchErrors(page, { consoleErrors: true });

    await page.goto(`/${locale}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const cards = page.locator('a[href*="/product/"]');
    await expect(cards.first()).toBeVisible();
    const countBefore = await cards.count();
    expect(countBefore).toBeGreaterThanOrEqual(8);

    // The island loads the next page of products from the API.
    const more = page.getByRole('button', { name: locale === 'en-US' ? /load more/i : /加载更多/ });
    await more.scrollIntoViewIfNeeded();
    const response = page.waitForResponse((r) => r.url().includes('/api/demo/ironProduct/queryList') && r.status() === 200);
    await more.click();
    await response;
    await expect.poll(() => cards.count()).toBeGreaterThan(countBefore);

    const first = cards.first();
    const title = (await first.innerText()).split('\n')[0]!.trim();
    await page.screenshot({ path: testInfo.outputPath(`home-${locale}.png`), fullPage: false });
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/product/\\d+`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 8));
    await expect(page.locator('img[src*="/api/media/shirt/"]').first()).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.offers.price).toMatch(/^\d+\.\d{2}$/);
    await page.screenshot({ path: testInfo.outputPath(`product-${locale}.png`) });
    expect(errors).toEqual([]);
  });
}

test('the root path sends a visitor to their language’s home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/(en-US|zh-CN)\/?$/);
});

test('unknown pages show the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/en-US/no-such-page');
  expect(response?.status()).toBe(404);
});
