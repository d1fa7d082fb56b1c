/**
 * Browsing journeys (home, category, search, content, tracking, error pages), in both locales at
 * both sizes (the desktop and phone projects). Expected text comes from the message catalogues
 * and the content files, so a wording change does not break the journeys but a missing
 * translation or page does.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import enBrowse from '../../src/i18n/locales/en-US/browse.json' with { type: 'json' };
import enCore from '../../src/i18n/locales/en-US/core.json' with { type: 'json' };
import zhBrowse from '../../src/i18n/locales/zh-CN/browse.json' with { type: 'json' };
import zhCore from '../../src/i18n/locales/zh-CN/core.json' with { type: 'json' };
import { apiData } from '../support/api.ts';

const LOCALES = ['en-US', 'zh-CN'] as const;
type Locale = (typeof LOCALES)[number];
// Node loads the catalogues here (not Vite), so each JSON file is imported with its attribute.
const MESSAGES = { 'en-US': { ...enCore, browse: enBrowse }, 'zh-CN': { ...zhCore, browse: zhBrowse } } as const;
const CONTENT_SLUGS = ['about-us', 'contact-us', 'faq', 'privacy-policy', 'return-policy', 'shipping-policy', 'terms-of-service'];

const fill = (message: string, values: Record<string, string | number>) => message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const docTitle = (locale: Locale, page: string) => fill(MESSAGES[locale].site.title, { page });

interface ApiPage {
  records: { id: number; title: string; price: number }[];
  total: number;
}

/** Fails the test on uncaught page errors and on anything the Content-Security-Policy refused. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const api = <T>(page: Page, path: string, body: unknown, locale: Locale) => apiData<T>(page.request, `/demo/${path}`, body, { 'accept-language': locale });

const listing = (page: Page) => page.locator('[data-category-listing], [data-listing]').first();
const cards = (page: Page) => listing(page).locator('[data-product-grid] > li');
const cardIds = (page: Page) => cards(page).evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset['productId'])));
const cardPrices = (page: Page) => cards(page).locator('[data-price]').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset['priceEur'])));

/** The search page's form, in the page's main content (not the layout header's search box). */
const searchForm = (page: Page) => page.getByRole('main').getByRole('search');

async function settled(page: Page) {
  await expect(listing(page)).toHaveAttribute('data-state', /ready|error/);
}

function expectAscending(values: number[]) {
  for (let i = 1; i < values.length; i++) expect(values[i]!, `price ${i} of ${values.join(', ')}`).toBeGreaterThanOrEqual(values[i - 1]!);
}

for (const locale of LOCALES) {
  const t = MESSAGES[locale];

  test.describe(locale, () => {
    test('home shows the sports, their leagues and featured products, and leads to a category', async ({ page }, testInfo) => {
      const errors = watchErrors(page);
      const tree = await api<{ records: { tag: string; tagName: string; children?: { tag: string; tagName: string }[] }[] }>(page, 'ironNavItems/queryNavTree', {}, locale);
      await page.goto(`/${locale}/`);
      await expect(page).toHaveTitle(docTitle(locale, t.home.title));
      await expect(page.locator('link[rel="preload"][as="image"][href$="/images/hero.svg"]')).toHaveCount(1);

      const categories = page.getByRole('region', { name: t.home.categoriesHeading });
      for (const sport of tree.records) {
        await expect(categories.getByRole('heading', { level: 3, name: sport.tagName })).toBeVisible();
        for (const league of sport.children ?? []) await expect(categories.getByRole('link', { name: league.tagName, exact: true })).toBeVisible();
      }
      const featured = page.getByRole('region', { name: t.home.productsHeading });
      await expect(featured.locator('[data-product-grid] > li')).toHaveCount(12);
      await expect(featured.locator('[data-price-eur]').first()).toHaveText(/€/);
      await page.screenshot({ path: testInfo.outputPath(`home-${locale}.png`), fullPage: true });

      const sport = tree.records[0]!;
      await categories.getByRole('link', { name: sport.tagName }).first().click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/category/${sport.tag}/$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(sport.tagName);
      expect(errors).toEqual([]);
    });

    test('a category lists its products, pages and sorts them, and keeps page and sort in the URL', async ({ page }, testInfo) => {
      const errors = watchErrors(page);
      const tag = 'football';
      const firstPage = await api<ApiPage>(page, 'ironProduct/queryProductByTags', { tags: [tag], current: 1, size: 24, sort: 'recommended' }, locale);
      expect(firstPage.total).toBeGreaterThan(24);
      const nav = await api<{ records: { tag: string; tagName: string }[] }>(page, 'ironNavItems/queryList', {}, locale);
      const name = nav.records.find((item) => item.tag === tag)!.tagName;

      await page.goto(`/${locale}/category/${tag}/`);
      await expect(page).toHaveTitle(docTitle(locale, name));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('navigation', { name: t.browse.breadcrumb })).toContainText(t.browse.home);
      // The build's first page is exactly the API's first page of this tag.
      expect(await cardIds(page)).toEqual(firstPage.records.map((p) => p.id));
      await expect(page.locator('[data-listing-count]')).toHaveText(fill(t.browse.listing.showing, { from: 1, to: 24, total: firstPage.total }));

      // Sort by price, low to high.
      await page.getByLabel(t.browse.listing.sortLabel).selectOption('price-asc');
      await expect(page).toHaveURL(/\?sort=price-asc$/);
      await settled(page);
      const pageOnePrices = await cardPrices(page);
      const pageOneIds = await cardIds(page);
      expect(pageOnePrices).toHaveLength(24);
      expectAscending(pageOnePrices);

      // Next page keeps the sort; the order holds across the page boundary.
      await page.getByRole('navigation', { name: t.browse.listing.pages }).getByRole('link', { name: t.browse.listing.next }).click();
      await expect(page).toHaveURL(/\?page=2&sort=price-asc$/);
      await settled(page);
      const pageTwoPrices = await cardPrices(page);
      expectAscending(pageTwoPrices);
      expect(pageTwoPrices[0]!).toBeGreaterThanOrEqual(pageOnePrices.at(-1)!);
      const pageTwoIds = await cardIds(page);
      expect(pageTwoIds.some((id) => pageOneIds.includes(id))).toBe(false);
      await expect(page.locator('[data-pager] [aria-current="page"]')).toHaveText('2');
      await expect(page.locator('[data-listing-count]')).toHaveText(fill(t.browse.listing.showing, { from: 25, to: 48, total: firstPage.total }));
      await page.screenshot({ path: testInfo.outputPath(`category-${locale}-page2.png`), fullPage: true });

      // Back returns to page 1 of the same sort.
      await page.goBack();
      await expect(page).toHaveURL(/\?sort=price-asc$/);
      await settled(page);
      expect(await cardIds(page)).toEqual(pageOneIds);
      await expect(page.getByLabel(t.browse.listing.sortLabel)).toHaveValue('price-asc');

      // The URL is shareable: opening it shows the same page.
      await page.goto(`/${locale}/category/${tag}/?page=2&sort=price-asc`);
      await settled(page);
      expect(await cardIds(page)).toEqual(pageTwoIds);
      await expect(page.getByLabel(t.browse.listing.sortLabel)).toHaveValue('price-asc');

      // Price high to low really descends.
      await page.getByLabel(t.browse.listing.sortLabel).selectOption('price-desc');
      await expect(page).toHaveURL(/\?sort=price-desc$/);
      await settled(page);
      expectAscending((await cardPrices(page)).reverse());
      expect(errors).toEqual([]);
    });

    test('a team page shows its breadcrumb and only that team’s products', async ({ page }) => {
      const tag = 'harbour-city-fc';
      const products = await api<ApiPage>(page, 'ironProduct/queryProductByTags', { tags: [tag], current: 1, size: 24, sort: 'recommended' }, locale);
      const nav = await api<{ records: { tag: string; tagName: string }[] }>(page, 'ironNavItems/queryList', {}, locale);
      const nameOf = (wanted: string) => nav.records.find((item) => item.tag === wanted)!.tagName;
      await page.goto(`/${locale}/category/${tag}/`);
      const crumbs = page.getByRole('navigation', { name: t.browse.breadcrumb }).getByRole('listitem');
      await expect(crumbs).toHaveText([t.browse.home, nameOf('football'), nameOf('northern-premier'), nameOf(tag)]);
      expect(await cardIds(page)).toEqual(products.records.map((p) => p.id));
      // Fewer products than a page: no pager.
      await expect(page.locator('[data-pager]')).toBeHidden();
    });

    test('prices show in the chosen currency, on the built page and on pages loaded later', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('SOY_currency', JSON.stringify('GBP')));
      await page.goto(`/${locale}/category/football/`);
      const prices = cards(page).locator('[data-price]');
      await expect(prices.first()).toContainText('£');
      // The pager is drawn as it comes near: scrolled to, it is there.
      await page.locator('[data-pager]').scrollIntoViewIfNeeded();
      await page.getByRole('navigation', { name: t.browse.listing.pages }).getByRole('link', { name: t.browse.listing.next }).click();
      await settled(page);
      const texts = await prices.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain('£');
    });

    test('a category with no products says so and links home', async ({ page }, testInfo) => {
      await page.route('**/api/demo/ironProduct/queryProductByTags', (route) =>
        route.fulfill({ json: { code: '0000', msg: 'success', data: { records: [], total: 0, current: 1, size: 24 } } }),
      );
      await page.goto(`/${locale}/category/rugby/?sort=newest`);
      await settled(page);
      const empty = page.locator('[data-listing-empty]');
      await expect(empty).toBeVisible();
      await expect(empty.getByRole('heading')).toHaveText(t.browse.category.emptyTitle);
      await expect(cards(page)).toHaveCount(0);
      await expect(page.locator('[data-pager]')).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath(`category-${locale}-empty.png`) });
      await empty.getByRole('link', { name: t.browse.category.emptyHome }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
    });

    test('search pages through results, tolerates a typo and ignores a blank query', async ({ page }, testInfo) => {
      const errors = watchErrors(page);
      const searches: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/ironProduct/search')) searches.push(String(request.postDataJSON()?.title));
      });
      const expected = await api<ApiPage>(page, 'ironProduct/search', { title: 'shirt', current: 1, size: 20 }, locale);
      expect(expected.total).toBeGreaterThan(20);

      await page.goto(`/${locale}/search/`);
      await expect(page).toHaveTitle(docTitle(locale, t.browse.search.title));
      // The page's own search form (the layout's header has a search box and button of its own).
      const form = searchForm(page);
      const input = form.getByRole('searchbox', { name: t.browse.search.label });
      const submit = form.getByRole('button', { name: t.browse.search.submit, exact: true });
      await expect(submit).toBeDisabled();

      // Blank or whitespace only: nothing is searched.
      await input.fill('   ');
      await expect(submit).toBeDisabled();
      await input.press('Enter');
      await expect(page.locator('[data-listing-count]')).toHaveText(t.browse.search.prompt);
      expect(searches).toEqual([]);

      await input.fill('shirt');
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page).toHaveURL(/\/search\/\?q=shirt$/);
      await settled(page);
      await expect(page).toHaveTitle(docTitle(locale, fill(t.browse.search.titleFor, { query: 'shirt' })));
      expect(await cardIds(page)).toEqual(expected.records.map((p) => p.id));
      await expect(page.locator('[data-listing-count]')).toContainText(String(expected.total));
      // The network-error panel is hidden, not an empty box above the results (its flex layout once won over `hidden`).
      await expect(page.locator('[data-search-failure]')).toBeHidden();

      await page.getByRole('navigation', { name: t.browse.listing.pages }).getByRole('link', { name: t.browse.listing.next }).click();
      await expect(page).toHaveURL(/\?q=shirt&page=2$/);
      await settled(page);
      const second = await api<ApiPage>(page, 'ironProduct/search', { title: 'shirt', current: 2, size: 20 }, locale);
      expect(await cardIds(page)).toEqual(second.records.map((p) => p.id));
      await page.screenshot({ path: testInfo.outputPath(`search-${locale}-page2.png`), fullPage: true });
      await page.goBack();
      await settled(page);
      expect(await cardIds(page)).toEqual(expected.records.map((p) => p.id));

      // One typo still finds shirts.
      await input.fill('home shrit');
      await input.press('Enter');
      await expect(page).toHaveURL(/\?q=home\+shrit$/);
      await settled(page);
      expect(await cards(page).count()).toBeGreaterThan(0);

      // Clearing the box clears the results.
      await input.fill('');
      await expect(cards(page)).toHaveCount(0);
      await expect(page.locator('[data-listing-count]')).toHaveText(t.browse.search.prompt);
      await expect(submit).toBeDisabled();
      expect(searches.filter((s) => s.trim() === '')).toEqual([]);
      expect(errors).toEqual([]);
    });

    test('search history keeps the last 10 searches, newest first, and can be cleared', async ({ page }) => {
      await page.goto(`/${locale}/search/`);
      const input = searchForm(page).getByRole('searchbox', { name: t.browse.search.label });
      const queries = ['shirt', 'home', 'away', 'rugby', 'retro', 'training', 'goalkeeper', 'third', 'jersey', 'team', 'racing'];
      for (const query of queries) {
        await input.fill(query);
        await input.press('Enter');
        await settled(page);
      }
      // The same search again moves to the front instead of appearing twice.
      await input.fill('  RUGBY ');
      await input.press('Enter');
      await settled(page);
      const history = page.getByRole('region', { name: t.browse.search.historyHeading });
      const entries = history.getByRole('listitem');
      const expected = ['RUGBY', 'racing', 'team', 'jersey', 'third', 'goalkeeper', 'training', 'retro', 'away', 'home'];
      await expect(entries).toHaveText(expected);
      // It survives a reload (local storage) and an entry runs its search again.
      await page.reload();
      await expect(entries).toHaveText(expected);
      await history.getByRole('button', { name: 'jersey', exact: true }).click();
      await expect(page).toHaveURL(/\?q=jersey$/);
      await expect(input).toHaveValue('jersey');
      await settled(page);
      await expect(entries.first()).toHaveText('jersey');
      await history.getByRole('button', { name: t.browse.search.historyClear }).click();
      await expect(history).toBeHidden();
      // Cleared for good (reopening ?q=jersey would search, and so remember, it again).
      await page.goto(`/${locale}/search/`);
      await expect(searchForm(page).getByRole('searchbox', { name: t.browse.search.label })).toBeVisible();
      await expect(history).toBeHidden();
    });

    test('a failed search shows no results and says so', async ({ page }, testInfo) => {
      await page.route('**/api/demo/ironProduct/search', (route) =>
        route.fulfill({ status: 500, json: { code: '1500', msg: 'Internal error', data: null } }),
      );
      await page.goto(`/${locale}/search/?q=shirt`);
      await settled(page);
      await expect(listing(page)).toHaveAttribute('data-state', 'error');
      await expect(cards(page)).toHaveCount(0);
      await expect(page.locator('[data-listing-count]')).toHaveText(t.browse.search.error);
      await expect(page.locator('[data-pager]')).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath(`search-${locale}-error.png`) });
    });

    test('content pages render from markdown with their titles', async ({ page }, testInfo) => {
      const errors = watchErrors(page);
      for (const slug of CONTENT_SLUGS) {
        const source = readFileSync(`src/content/pages/${locale}/${slug}.md`, 'utf8');
        const title = /^title: (.+)$/m.exec(source)![1]!.trim();
        await page.goto(`/${locale}/${slug}/`);
        await expect(page).toHaveTitle(docTitle(locale, title));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.locator('.prose-body h2').first()).toBeVisible();
        // The support address placeholder is never shown raw.
        await expect(page.locator('main')).not.toContainText('{{');
        if (slug === 'contact-us') await expect(page.locator('main a[href^="mailto:"]').first()).toHaveText(/@/);
        if (slug === 'faq') {
          await expect(page.getByRole('navigation', { name: t.browse.content.toc }).getByRole('link').first()).toBeVisible();
          await page.screenshot({ path: testInfo.outputPath(`faq-${locale}.png`), fullPage: true });
        }
      }
      expect(errors).toEqual([]);
    });

    test('tracking an order asks for the order number and says when there is no such order', async ({ page }) => {
      await page.goto(`/${locale}/tracking-order/`);
      await expect(page).toHaveTitle(docTitle(locale, t.browse.tracking.title));
      const input = page.getByLabel(t.browse.tracking.label);
      await page.getByRole('button', { name: t.browse.tracking.submit }).click();
      await expect(page.getByText(t.browse.tracking.required)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/${locale}/tracking-order/$`));

      await input.fill('  JS-1001 ');
      await expect(page.getByText(t.browse.tracking.required)).toBeHidden();
      await page.getByRole('button', { name: t.browse.tracking.submit }).click();
      await expect(page).toHaveURL(/\?orderNo=JS-1001$/);
      await expect(input).toHaveValue('JS-1001');
      // No such order: said plainly (a real order's lookup is in checkout.spec.ts).
      await expect(page.locator('[data-tracking-result]')).toHaveAttribute('data-state', 'not-found');
      await expect(page.locator('[data-tracking-result]')).toHaveText(fill(t.browse.tracking.notFound, { orderNo: 'JS-1001' }));
    });

    test("an unknown page below the locale shows that locale's own not-found page with status 404", async ({ page }, testInfo) => {
      const response = await page.goto(`/${locale}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page).toHaveTitle(docTitle(locale, t.browse.errors.notFound.title));
      const sections = page.locator('[data-error-sections] > section');
      await expect(sections).toHaveCount(1);
      await expect(sections.first()).toHaveAttribute('lang', locale);
      await expect(sections.first().getByRole('heading')).toHaveText(t.browse.errors.notFound.heading);
      await expect(sections.first().getByRole('link', { name: t.browse.errors.search })).toHaveAttribute('href', new RegExp(`/${locale}/search/$`));
      const unknownProduct = await page.goto(`/${locale}/product/987654/`);
      expect(unknownProduct?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.screenshot({ path: testInfo.outputPath(`404-${locale}.png`) });
    });
  });
}

test('the 403 and 500 pages speak both languages and offer a way on', async ({ page }) => {
  // The guard sends forbidden shoppers to /403/; the server also answers /403 and /500 itself.
  for (const [path, kind] of [
    ['/403/', 'forbidden'],
    ['/403', 'forbidden'],
    ['/500', 'serverError'],
    ['/500.html', 'serverError'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), `${path} is served`).toBe(200);
    await expect(page.locator('[data-error-sections]')).toBeVisible();
    for (const locale of LOCALES) {
      const section = page.locator(`[data-error-sections] > section[lang="${locale}"]`);
      await expect(section.getByRole('heading')).toHaveText(MESSAGES[locale].browse.errors[kind].heading);
      await expect(section.getByRole('link', { name: MESSAGES[locale].browse.errors.home })).toHaveAttribute('href', new RegExp(`/${locale}/$`));
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
});
