/**
 * What search engines and link previews read from the built pages, in both locales: the product
 * page's breadcrumb trail (visible and as a BreadcrumbList), every page's `og:type`, its raster
 * link picture (1200 x 630, the product's art or the brand's) and X's card, on the site URL the
 * shop was built with (PUBLIC_SITE_URL, playwright.config.ts).
 */
import { expect, test, type Page } from './support/test.ts';
import sharp from 'sharp';
import enBrowse from '../../src/i18n/locales/en-US/browse.json' with { type: 'json' };
import zhBrowse from '../../src/i18n/locales/zh-CN/browse.json' with { type: 'json' };
import { catalogueApi } from '../../src/domain/api/catalogue.ts';
import type { ProductDetail } from '../../src/domain/catalogue.model.ts';
import { apiData } from '../support/api.ts';

const LOCALES = ['en-US', 'zh-CN'] as const;
const HOME = { 'en-US': enBrowse.home, 'zh-CN': zhBrowse.home } as const;

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

/** The page's link picture: fetched, it is a 1200 x 630 JPEG. */
async function checkPicture(page: Page, url: string): Promise<Buffer> {
  const answer = await page.request.get(url);
  expect(answer.status(), url).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/jpeg');
  const bytes = await answer.body();
  const picture = await sharp(bytes).metadata();
  expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 1200, 630]);
  return bytes;
}

for (const locale of LOCALES) {
  test(`${locale}: a product page has its breadcrumb trail, og:type product, the shirt's link picture and a large X card`, async ({ page, baseURL }) => {
    const product = await apiData<ProductDetail>(page.request, catalogueApi.productDetail.path, { id: 1 }, { 'accept-language': locale });
    await page.goto(`/${locale}/product/1/`);
    const canonical = `${baseURL}/${locale}/product/1/`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);

    const trail = page.getByRole('navigation', { name: locale === 'en-US' ? enBrowse.breadcrumb : zhBrowse.breadcrumb });
    await expect(trail.getByRole('link').first()).toHaveText(HOME[locale]);
    await expect(trail.getByRole('link').first()).toHaveAttribute('href', `/${locale}/`);
    await expect(trail.locator('[aria-current="page"]')).toHaveText(product.title);
    await expect(trail.getByRole('link', { name: product.team!.name })).toHaveAttribute('href', `/${locale}/category/${product.team!.tag}/`);

    const data = await page.locator('script[type="application/ld+json"]').allTextContents();
    const breadcrumbs = data.map((text) => JSON.parse(text) as { '@type': string; itemListElement?: { position: number; name: string; item: string }[] }).find((d) => d['@type'] === 'BreadcrumbList');
    const items = breadcrumbs!.itemListElement!;
    expect(items[0]).toMatchObject({ position: 1, name: HOME[locale], item: `${baseURL}/${locale}/` });
    expect(items.at(-1)).toMatchObject({ position: items.length, name: product.title, item: canonical });
    expect(items.map((item) => item.name)).toContain(product.team!.name);

    expect(await meta(page, 'og:type')).toBe('product');
    expect(await meta(page, 'og:url')).toBe(canonical);
    const picture = (await meta(page, 'og:image'))!;
    expect(picture.startsWith(`${baseURL}/og/`)).toBe(true);
    expect(await meta(page, 'og:image:width')).toBe('1200');
    expect(await meta(page, 'og:image:height')).toBe('630');
    // X's large card, which takes its title, description and picture from the og: tags.
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await meta(page, 'og:title')).toBe(product.title);
    const bytes = await checkPicture(page, picture);
    // One picture per product's art, not per locale; not the brand's.
    const other = LOCALES.find((l) => l !== locale)!;
    await page.goto(`/${other}/product/1/`);
    expect(await meta(page, 'og:image')).toBe(picture);
    await page.goto(`/${locale}/`);
    const brand = (await meta(page, 'og:image'))!;
    expect(brand).not.toBe(picture);
    expect((await checkPicture(page, brand)).equals(bytes)).toBe(false);
  });

  test(`${locale}: every other page says og:type website and shows the brand's link picture`, async ({ page }) => {
    const pictures = new Set<string | null>();
    for (const path of [`/${locale}/`, `/${locale}/category/football/`, `/${locale}/about-us/`, `/${locale}/search/`, '/']) {
      await page.goto(path);
      expect(await meta(page, 'og:type'), path).toBe('website');
      expect(await meta(page, 'twitter:card'), path).toBe('summary_large_image');
      pictures.add(await meta(page, 'og:image'));
    }
    expect(pictures.size).toBe(1);
    const [brand] = [...pictures];
    expect(brand).toMatch(/\/og\/brand\.jpg$/);
    await checkPicture(page, brand!);
  });
}
