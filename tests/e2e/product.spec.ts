/**
 * The product page: configurator (sizes, custom types, validation, premium lettering, patches,
 * add-ons, live subtotal against the server's cart price), preview, tabs, related products, and
 * the shell page that renders products added after the build. Both locales, both screen sizes.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import type { CartPage } from '../../src/domain/cart.model.ts';
import type { ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { convertFromEur, formatMoney, type CurrencyCode } from '../../src/domain/money.model.ts';
import { MAX_LINE_QUANTITY } from '../../src/domain/pricing.ts';
import { msg, render } from '../../src/server/messages/index.ts';
import { holdIsland } from './support/hydration.ts';
import { apiData } from '../support/api.ts';
import { watchErrors } from '../support/errors.ts';
import { screenshot } from '../support/screenshots.ts';

type Locale = 'en-US' | 'zh-CN';
// The configurator's texts and the tabs' (product-tabs.json), as one catalogue of the page.
const catalogue = (locale: Locale) => ({
  ...JSON.parse(readFileSync(`src/i18n/locales/${locale}/configurator.json`, 'utf8')),
  ...JSON.parse(readFileSync(`src/i18n/locales/${locale}/product-tabs.json`, 'utf8')),
});
/** Each locale runs in its own display currency, so conversion is exercised too. */
const CURRENCY: Record<Locale, CurrencyCode> = { 'en-US': 'EUR', 'zh-CN': 'GBP' };

const api = <T>(request: APIRequestContext, path: string, body: unknown, headers: Record<string, string> = {}) => apiData<T>(request, `/demo/${path}`, body, headers);

/** A printable shirt with a customisation fee, a sold-out size and a well-stocked one. */
async function findShirt(request: APIRequestContext, locale: Locale): Promise<ProductDetail> {
  for (let id = 1; id <= 80; id++) {
    const product = await api<ProductDetail>(request, 'ironProduct/queryProductDetail', { id }, { 'accept-language': locale });
    if (product.printable && product.customisationFee > 0 && product.squad.length > 0 && product.sizes.some((s) => s.stock === 0) && product.sizes.some((s) => s.stock >= 20)) {
      return product;
    }
  }
  throw new Error('no suitable shirt in the demo catalogue');
}

async function openProduct(page: Page, locale: Locale, id: number) {
  await page.addInitScript((code) => localStorage.setItem('SOY_currency', JSON.stringify(code)), CURRENCY[locale]);
  await page.goto(`/${locale}/product/${id}/`);
  // Astro drops `ssr` from an island once it has hydrated.
  await page.locator('astro-island[component-url*="Configurator"]:not([ssr])').waitFor({ state: 'attached' });
}

async function serverCart(page: Page, currency: CurrencyCode): Promise<CartPage> {
  const visitor = (await page.context().cookies()).find((c) => c.name === 'X-Visitor-Id');
  expect(visitor, 'the page set a visitor id').toBeTruthy();
  return api<CartPage>(page.request, 'ironCartItem/queryCartItemList', { current: 1, size: 100, currency }, { 'X-Visitor-Id': visitor!.value });
}

const subtotal = (page: Page) => page.locator('output.subtotal-value');
const sizeRadio = (page: Page, size: string) => page.getByRole('radio', { name: new RegExp(`^${size}(\\s|$)`) });
const cartMessages = (locale: Locale) => JSON.parse(readFileSync(`src/i18n/locales/${locale}/cart.json`, 'utf8'));

/**
 * A successful "Add to cart" opens the cart drawer (the layout's, on every page) as a modal over
 * the page: checks that it opened, then closes it with Escape so the page can be used again.
 */
async function closeCartDrawer(page: Page, locale: Locale) {
  const drawer = page.getByRole('dialog', { name: cartMessages(locale).drawer.title });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** The page's Product structured data (a BreadcrumbList is there too). */
async function productJsonLd(page: Page): Promise<Record<string, any>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, any>).find((data) => data['@type'] === 'Product') ?? {};
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(`${locale} product page`, () => {
    const m = catalogue(locale);
    const currency = CURRENCY[locale];
    let shirt: ProductDetail;

    test.beforeAll(async ({ request }) => {
      shirt = await findShirt(request, locale);
    });

    test('Add Yours: refuses bad names and numbers, previews the print, and the cart charges the shown subtotal', async ({ page }, testInfo) => {
      const errors = watchErrors(page, { consoleErrors: true });
      const saves: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/ironCartItem/saveCartItemList')) saves.push(request.postData() ?? '');
      });

      await openProduct(page, locale, shirt.id);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shirt.title);

      // Sold-out sizes are shown but cannot be chosen.
      const soldOut = shirt.sizes.find((s) => s.stock === 0)!.size;
      const inStock = shirt.sizes.find((s) => s.stock >= 20)!.size;
      await expect(sizeRadio(page, soldOut)).toBeDisabled();
      await expect(sizeRadio(page, soldOut)).toHaveAccessibleName(new RegExp(m.size.soldOut));

      // Without a size nothing is sent and the shopper is told why.
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByText(m.size.required)).toBeVisible();
      await sizeRadio(page, inStock).check();
      await expect(page.getByText(m.size.required)).toHaveCount(0);

      await page.getByRole('radio', { name: new RegExp(m.type['3']) }).check();
      await expect(page.getByRole('note')).toContainText(m.notice.body);
      const name = page.getByLabel(m.name.label, { exact: true });
      const number = page.getByLabel(m.number.label, { exact: true });

      // Left empty, the name and the number each say they are needed, and nothing is sent.
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(name).toHaveAccessibleDescription(new RegExp(m.name.required));
      await expect(number).toHaveAccessibleDescription(new RegExp(m.number.required));
      expect(saves).toEqual([]);

      await name.fill('josé1');
      await expect(name).toHaveValue('JOSé1');
      await expect(name).toHaveAccessibleDescription(new RegExp(m.name.invalid));
      await name.fill('abcdefghijklmnop');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(m.name.invalid)).toBeVisible();
      for (const bad of ['100', '7.5']) {
        await number.fill(bad);
        await expect(number).toHaveAccessibleDescription(new RegExp(m.number.invalid));
      }
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByRole('status').filter({ hasText: m.form.fix })).toBeVisible();
      await expect(name).toBeFocused();
      expect(saves, 'an invalid choice is never sent').toEqual([]);

      await name.fill('smith');
      await number.fill('7');
      await expect(name).toHaveValue('SMITH');
      await expect(page.getByText(m.name.invalid)).toHaveCount(0);
      await expect(page.getByText(m.number.invalid)).toHaveCount(0);
      await expect(page.locator('.preview-print .print-name')).toHaveText('SMITH');
      await expect(page.locator('.preview-print .print-number')).toHaveText('7');

      // Premium lettering adds 5 EUR, shown and charged in the chosen currency.
      const fee = convertFromEur(500, currency);
      const premium = page.getByLabel(m.premium.name);
      await expect(premium.locator('option[value="Gold"]')).toHaveText(new RegExp(escape(formatMoney(fee, currency, locale))));
      const before = Number(await subtotal(page).getAttribute('data-minor'));
      await premium.selectOption('Gold');
      await expect(page.locator('.preview-print .print-name')).toHaveAttribute('fill', '#d4a017');
      await expect.poll(async () => Number(await subtotal(page).getAttribute('data-minor')) - before).toBeGreaterThanOrEqual(fee - 1);
      expect(Number(await subtotal(page).getAttribute('data-minor')) - before).toBeLessThanOrEqual(fee + 1);
      await expect(subtotal(page)).toHaveAttribute('data-currency', currency);

      // One patch and one add-on, each adding its price.
      const patches = page.getByRole('group', { name: m.extras.patches });
      const addons = page.getByRole('group', { name: m.extras.addons });
      await patches.getByRole('checkbox').first().check();
      await addons.getByRole('checkbox').first().check();
      await page.getByRole('button', { name: m.quantity.increase }).click();
      await expect(page.getByLabel(m.quantity.label, { exact: true })).toHaveValue('2');
      const shown = Number(await subtotal(page).getAttribute('data-minor'));
      await expect(subtotal(page)).toHaveText(formatMoney(shown, currency, locale));

      await page.screenshot({ path: testInfo.outputPath(`configured-${locale}.png`), fullPage: true });
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByText(m.actions.added)).toBeVisible();
      await closeCartDrawer(page, locale);

      const cart = await serverCart(page, currency);
      expect(cart.records).toHaveLength(1);
      const line = cart.records[0]!;
      expect(line).toMatchObject({ productId: shirt.id, size: inStock, customType: 3, customName: 'SMITH', customNumber: '7', premiumNameOption: 'Gold', quantity: 2 });
      expect(line.patches).toHaveLength(1);
      expect(line.addonItems).toHaveLength(1);
      expect(line.lineTotal, 'the subtotal shown is what the server charges').toBe(shown);
      expect(errors).toEqual([]);
    });

    test('a size, a print option and a quantity chosen before the configurator hydrates are kept', async ({ page }, testInfo) => {
      const inStock = shirt.sizes.find((s) => s.stock >= 20)!.size;
      await page.addInitScript((code) => localStorage.setItem('SOY_currency', JSON.stringify(code)), CURRENCY[locale]);
      const hydrate = await holdIsland(page, 'Configurator');
      await page.goto(`/${locale}/product/${shirt.id}/`, { waitUntil: 'domcontentloaded' });
      await sizeRadio(page, inStock).check();
      await page.getByRole('radio', { name: new RegExp(m.type['3']) }).check();
      await page.getByRole('spinbutton', { name: m.quantity.label }).fill('2');
      // A tap on it now would post the form the plain HTML way and reload the page.
      await expect(page.getByRole('button', { name: m.actions.addToCart })).toBeDisabled();
      await page.screenshot({ path: testInfo.outputPath(`before-hydration-${locale}.png`) });
      await hydrate();

      // Typing the print re-renders the form: both choices must still hold.
      await page.getByLabel(m.name.label, { exact: true }).fill('early');
      await page.getByLabel(m.number.label, { exact: true }).fill('9');
      await expect(sizeRadio(page, inStock)).toBeChecked();
      await expect(page.getByRole('spinbutton', { name: m.quantity.label })).toHaveValue('2');
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByText(m.actions.added)).toBeVisible();
      await closeCartDrawer(page, locale);
      const cart = await serverCart(page, currency);
      expect(cart.records).toHaveLength(1);
      expect(cart.records[0]).toMatchObject({ productId: shirt.id, size: inStock, customType: 3, customName: 'EARLY', customNumber: '9', quantity: 2 });
    });

    test('Choose A Player, Blank and Standard: each line costs what the page showed', async ({ page }) => {
      await openProduct(page, locale, shirt.id);
      const inStock = shirt.sizes.find((s) => s.stock >= 20)!.size;
      await sizeRadio(page, inStock).check();

      const player = shirt.squad[1]!;
      await page.getByRole('radio', { name: new RegExp(m.type['2']) }).check();
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByText(m.player.required)).toBeVisible();
      await page.getByLabel(m.player.label, { exact: true }).selectOption(String(player.id));
      await expect(page.locator('.preview-print .print-name')).toHaveText(player.name);
      await expect(page.locator('.preview-print .print-number')).toHaveText(player.number);
      const shown: number[] = [];
      shown.push(Number(await subtotal(page).getAttribute('data-minor')));
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByText(m.actions.added)).toBeVisible();
      await closeCartDrawer(page, locale);

      for (const type of ['1', '4'] as const) {
        await page.getByRole('radio', { name: new RegExp(`^${escape(m.type[type])}`) }).check();
        await expect(page.locator('.preview-print')).toHaveCount(0);
        await expect(page.getByRole('note')).toHaveCount(0);
        shown.push(Number(await subtotal(page).getAttribute('data-minor')));
        await page.getByRole('button', { name: m.actions.addToCart }).click();
        await expect(page.getByText(m.actions.added)).toBeVisible();
        await closeCartDrawer(page, locale);
      }
      // The customisation fee only applies to the printed line.
      expect(shown[0]! - shown[1]!).toBeGreaterThanOrEqual(convertFromEur(shirt.customisationFee, currency) - 1);
      expect(shown[1]).toBe(shown[2]);

      const cart = await serverCart(page, currency);
      const byType = new Map(cart.records.map((r) => [r.customType, r]));
      expect(byType.get(2)).toMatchObject({ squadList: player.id, player: { name: player.name, number: player.number }, lineTotal: shown[0] });
      expect(byType.get(1)?.lineTotal).toBe(shown[1]);
      expect(byType.get(4)?.lineTotal).toBe(shown[2]);
    });

    test('patches and add-ons that fail to load offer Retry, and the rest keeps working', async ({ page }) => {
      let failed = 0;
      await page.route('**/api/demo/ironPatch/queryList', async (route) => {
        if (failed++ === 0) await route.abort('failed');
        else await route.continue();
      });
      await openProduct(page, locale, shirt.id);
      await expect(page.getByText(m.extras.failed)).toBeVisible();
      await sizeRadio(page, shirt.sizes.find((s) => s.stock >= 20)!.size).check();
      await expect(subtotal(page)).toHaveAttribute('data-minor', String(convertFromEur(shirt.price, currency)));
      await page.getByRole('button', { name: m.extras.retry }).click();
      await expect(page.getByRole('group', { name: m.extras.patches }).getByRole('checkbox').first()).toBeVisible();
      await expect(page.getByText(m.extras.failed)).toHaveCount(0);
    });

    test('size guide, tabs with reviews, and related products', async ({ page }) => {
      await openProduct(page, locale, shirt.id);
      // Astro drops `ssr` once React was handed the island, before React has hydrated it (it does
      // so at its own pace); the buttons that wait for hydration say when it is done. A click
      // before then may be lost on a loaded machine, which is not what this journey tests.
      await expect(page.getByRole('button', { name: m.actions.addToCart })).toBeEnabled();

      await page.getByRole('button', { name: m.size.guide }).click();
      const dialog = page.getByRole('dialog', { name: m.guide.title });
      await expect(dialog).toBeVisible();
      const firstRow = shirt.sizeGuide[0]!;
      await expect(dialog.getByRole('row').nth(1)).toContainText(String(firstRow.chestCm));
      await dialog.getByRole('radio', { name: m.guide.in }).check();
      await expect(dialog.getByRole('row').nth(1)).toContainText(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.round((firstRow.chestCm / 2.54) * 10) / 10));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.locator('astro-island[component-url*="ProductTabs"]:not([ssr])').waitFor({ state: 'attached' });
      const reviewsTab = page.getByRole('tab', { name: m.tabs.reviews });
      await reviewsTab.click();
      await expect(reviewsTab).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name: m.tabs.reviews });
      await expect(panel.locator('li.review').first()).toBeVisible();
      await expect(panel).toContainText(/[0-9]/);
      // Arrow keys move along the tabs.
      await reviewsTab.press('ArrowRight');
      await expect(page.getByRole('tab', { name: m.tabs.faq })).toBeFocused();
      await expect(page.getByRole('tabpanel', { name: m.tabs.faq })).toContainText(shirt.faq[0]!.question);
      await page.getByRole('tab', { name: m.tabs.order }).click();
      await expect(page.getByRole('tabpanel', { name: m.tabs.order })).toContainText(m.order.noReturns);

      // Filled in the browser when the section comes near the screen (it is not in the build's HTML).
      const related = page.getByRole('region', { name: m.related.title }).getByRole('link');
      await page.locator('.site-footer').scrollIntoViewIfNeeded();
      await expect(related.first()).toBeVisible();
      expect(await related.count()).toBeLessThanOrEqual(8);
      const href = await related.first().getAttribute('href');
      expect(href).toMatch(new RegExp(`/${locale}/product/\\d+/$`));
      expect(href).not.toContain(`/product/${shirt.id}/`);
      await related.first().click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/product/(?!${shirt.id}/)\\d+/$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('related products say when they cannot load, and Retry asks again', async ({ page }, testInfo) => {
      const words = JSON.parse(readFileSync(`src/i18n/locales/${locale}/network.json`, 'utf8')) as Record<'title' | 'text' | 'retry' | 'failed', string>;
      const relatedApi = '**/api/demo/ironProduct/queryProductByTags*';
      // First the shop cannot be reached, then it answers with a failure, then it works.
      await page.route(relatedApi, (route) => route.abort('internetdisconnected'));
      await openProduct(page, locale, shirt.id);
      const section = page.getByRole('region', { name: m.related.title });
      await page.locator('.site-footer').scrollIntoViewIfNeeded();
      const failure = section.locator('[data-load-failure]');
      await expect(failure).toHaveAttribute('data-load-failure', 'network');
      await expect(failure).toContainText(words.title);
      await expect(failure).toContainText(words.text);
      await expect(failure.locator('svg.illustration')).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `related-network-error-${locale}`, testInfo);

      await page.unroute(relatedApi);
      await page.route(relatedApi, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: '9999', msg: 'boom', data: null }) }));
      await failure.getByRole('button', { name: words.retry }).click();
      await expect(section.locator('[data-load-failure="other"]')).toContainText(words.failed);
      await expect(section.locator('svg.illustration')).toHaveCount(0);

      await page.unroute(relatedApi);
      await section.getByRole('button', { name: words.retry }).click();
      await expect(section.getByRole('link').first()).toBeVisible();
      await expect(section.locator('[data-load-failure]')).toHaveCount(0);
    });

    test('live stock and price replace the build’s, and a server refusal is shown', async ({ page }) => {
      const inStock = shirt.sizes.find((s) => s.stock >= 20)!.size;
      const livePrice = shirt.price + 1000;
      // As if, since the build, the price went up and the well-stocked size sold out.
      await page.route('**/api/demo/ironProduct/queryProductDetail', async (route) => {
        const response = await route.fetch();
        const envelope = await response.json();
        envelope.data.price = livePrice;
        envelope.data.sizes = envelope.data.sizes.map((s: { size: string; stock: number }) => (s.size === inStock ? { ...s, stock: 0 } : s));
        await route.fulfill({ response, json: envelope });
      });
      await page.route('**/api/demo/ironCartItem/saveCartItemList', (route) =>
        route.fulfill({ status: 409, json: { code: '1410', msg: 'Only 1 left in size L', data: null } }),
      );
      await openProduct(page, locale, shirt.id);
      await expect(sizeRadio(page, inStock)).toBeDisabled();
      const headline = page.locator('.info .price .price-now');
      await expect(headline).toHaveText(formatMoney(convertFromEur(livePrice, currency), currency, locale));
      const jsonLd = await productJsonLd(page);
      expect(jsonLd.offers.price, 'the structured data stays as built').toBe((shirt.price / 100).toFixed(2));

      const available = shirt.sizes.find((s) => s.stock > 0 && s.size !== inStock)!.size;
      await sizeRadio(page, available).check();
      await expect(subtotal(page)).toHaveAttribute('data-minor', String(convertFromEur(livePrice, currency)));
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Only 1 left in size L' })).toBeVisible();
    });

    test('a refusal from the server itself is toasted in the page’s language', async ({ page }, testInfo) => {
      // The cart holds at most the stock (and 99 of a line): fill a size's line to the brim, then ask for one more.
      const live = await api<ProductDetail>(page.request, 'ironProduct/queryProductDetail', { id: shirt.id }, { 'accept-language': locale });
      const size = live.sizes.filter((s) => s.stock > 0).sort((a, b) => a.stock - b.stock)[0]!;
      const most = Math.min(size.stock, MAX_LINE_QUANTITY);
      const refusal = size.stock <= MAX_LINE_QUANTITY ? msg('cart.onlyLeft', { stock: size.stock, size: size.size }) : msg('cart.lineQuantityMax', { max: MAX_LINE_QUANTITY });
      await openProduct(page, locale, shirt.id);
      await sizeRadio(page, size.size).check();
      await page.getByRole('spinbutton', { name: m.quantity.label }).fill(String(most));
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await closeCartDrawer(page, locale);
      await page.getByRole('button', { name: m.actions.addToCart }).click();

      const toast = page.locator('[data-toasts="assertive"] .app-toast');
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText(render(refusal, locale));
      if (locale === 'zh-CN') {
        await expect(toast).toContainText(/\p{Script=Han}/u);
        await expect(toast).not.toContainText(render(refusal, 'en-US'));
      }
      await page.screenshot({ path: `.data/screens/product-refusal-${locale}-${testInfo.project.name}.png` });
    });

    test('the page content is in the HTML before any JavaScript', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${locale}/product/${shirt.id}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shirt.title);
      const front = page.locator('.gallery img').first();
      await expect(front).toHaveAttribute('fetchpriority', 'high');
      await expect(front).toHaveAttribute('width', '400');
      await expect(front).not.toHaveAttribute('loading', 'lazy');
      await expect(page.getByRole('heading', { name: m.tabs.reviews })).toBeVisible();
      await expect(page.getByText(shirt.description)).toBeVisible();
      const jsonLd = await productJsonLd(page);
      expect(jsonLd).toMatchObject({ '@type': 'Product', name: shirt.title, sku: String(shirt.id) });
      // The size guide's table is drawn when the guide is first opened (only a script opens it), not
      // carried by every product page.
      await expect(page.locator('dialog.size-guide')).toHaveCount(1);
      await expect(page.locator('dialog.size-guide table')).toHaveCount(0);
      await context.close();
    });

    test('buy it now goes to the checkout with this one line, leaving the cart alone', async ({ page }) => {
      await openProduct(page, locale, shirt.id);
      const size = shirt.sizes.find((s) => s.stock >= 20)!.size;
      await sizeRadio(page, size).check();
      await page.getByRole('button', { name: m.actions.buyNow }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/checkouts/now/?$`));
      const lines = page.locator('.checkout-line');
      await expect(lines).toHaveCount(1);
      await expect(lines.first().locator('[data-detail="size"] dd')).toHaveText(size);
      const cart = await serverCart(page, currency);
      expect(cart.records).toHaveLength(0);
    });

    test('the shell page renders a product by id, from the path or ?id=', async ({ page, request }) => {
      const other = await api<ProductDetail>(request, 'ironProduct/queryProductDetail', { id: shirt.id + 1 }, { 'accept-language': locale });
      await page.goto(`/${locale}/product/new/?id=${other.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title);
      await expect(page).toHaveTitle(new RegExp(escape(other.title)));
      await expect(page.getByRole('button', { name: m.actions.addToCart })).toBeVisible();
      await expect(page.getByRole('tab', { name: m.tabs.reviews })).toBeVisible();

      // What the server will do for ids without a pre-rendered page: answer with the shell's HTML.
      const shell = await (await request.get(`/${locale}/product/new/`)).text();
      await page.route(new RegExp(`/${locale}/product/(${shirt.id}|987654)/$`), (route) => route.fulfill({ body: shell, contentType: 'text/html; charset=utf-8' }));
      await page.goto(`/${locale}/product/${shirt.id}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(shirt.title);
      await sizeRadio(page, shirt.sizes.find((s) => s.stock >= 20)!.size).check();
      await page.getByRole('button', { name: m.actions.addToCart }).click();
      await expect(page.getByText(m.actions.added)).toBeVisible();

      await page.goto(`/${locale}/product/987654/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.shell.notFoundTitle);
      await expect(page.getByText(m.shell.notFound)).toBeVisible();
    });
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
