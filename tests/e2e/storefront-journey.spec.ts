/**
 * One shopper's whole journey through the storefront (issue 3, "Done when"), in each locale, at
 * 1440 px and 375 px (the desktop and phone projects): home -> the menu, three levels deep -> a
 * category, sorted by price and paged -> a product, configured as each custom type in turn with a
 * patch and an add-on, its live subtotal equal to the line the cart then shows -> the drawer's
 * discount appearing at 3 items and changing at 5, a line deleted -> another currency and the
 * other language, the cart kept -> search with paging and the history.
 *
 * Figures are computed with src/domain's money and pricing functions from what the API says the
 * catalogue holds, and texts with the shop's own translator over its catalogues, so the journey
 * checks behaviour rather than copies of numbers or words.
 */
import { expect, test, type Locator, type Page, type TestInfo } from './support/test.ts';
import type { CartPage } from '../../src/domain/cart.model.ts';
import type { Addon, NavItem, Patch, ProductCard, ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { PAGE_SIZE_MAX, SEARCH_PAGE_SIZE } from '../../src/domain/catalogue.model.ts';
import { convertFromEur, formatMoney, type CurrencyCode } from '../../src/domain/money.model.ts';
import { CUSTOM_TYPES, type CustomType } from '../../src/domain/personalisation.ts';
import { cartTotals, priceLine, unitPriceEur, type DiscountTier, type PricedLine } from '../../src/domain/pricing.ts';
import { createTranslate, type Messages, type TFunction } from '../../src/i18n/core.ts';
import { CATEGORY_PAGE_SIZE } from '../../src/scripts/browse/listing-url.ts';
// Node loads these (not Vite), so each JSON file is imported with its attribute.
import enBrowse from '../../src/i18n/locales/en-US/browse.json' with { type: 'json' };
import enCart from '../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import enConfigurator from '../../src/i18n/locales/en-US/configurator.json' with { type: 'json' };
import enCore from '../../src/i18n/locales/en-US/core.json' with { type: 'json' };
import enLayout from '../../src/i18n/locales/en-US/layout.json' with { type: 'json' };
import zhBrowse from '../../src/i18n/locales/zh-CN/browse.json' with { type: 'json' };
import zhCart from '../../src/i18n/locales/zh-CN/cart.json' with { type: 'json' };
import zhConfigurator from '../../src/i18n/locales/zh-CN/configurator.json' with { type: 'json' };
import zhCore from '../../src/i18n/locales/zh-CN/core.json' with { type: 'json' };
import zhLayout from '../../src/i18n/locales/zh-CN/layout.json' with { type: 'json' };
import { apiData } from '../support/api.ts';

type Locale = 'en-US' | 'zh-CN';
const CATALOGUES: Record<Locale, Partial<Messages>> = {
  'en-US': { ...enCore, layout: enLayout, configurator: enConfigurator, cart: enCart, browse: enBrowse },
  'zh-CN': { ...zhCore, layout: zhLayout, configurator: zhConfigurator, cart: zhCart, browse: zhBrowse },
};
const translator = (locale: Locale): TFunction => createTranslate(locale, CATALOGUES[locale]);
/** Each run switches to a different currency, so two conversions are exercised. */
const SWITCH_TO: Record<Locale, CurrencyCode> = { 'en-US': 'GBP', 'zh-CN': 'USD' };
const TYPES: readonly CustomType[] = [CUSTOM_TYPES.BLANK, CUSTOM_TYPES.CHOOSE_PLAYER, CUSTOM_TYPES.ADD_YOURS, CUSTOM_TYPES.STANDARD];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escape(text)}$`);

async function api<T>(page: Page, path: string, body: unknown, locale: Locale, visitor?: string): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': locale };
  if (visitor) headers['x-visitor-id'] = visitor;
  return apiData<T>(page.request, `/demo/${path}`, body, headers);
}

/** Uncaught errors and anything the Content-Security-Policy refused fail the journey. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const isPhone = (info: TestInfo) => info.project.name === 'phone';
const listing = (page: Page) => page.locator('[data-category-listing], [data-listing]').first();
const cardIds = (page: Page) =>
  listing(page)
    .locator('[data-product-grid] > li')
    .evaluateAll((cards) => cards.map((card) => Number((card as HTMLElement).dataset['productId'])));
const settled = (page: Page) => expect(listing(page)).toHaveAttribute('data-state', /ready|error/);

/** The header's settings (language, currency) where a shopper reaches them: the top bar, or the menu sheet on phones. */
async function settings(page: Page, info: TestInfo): Promise<Locator> {
  if (!isPhone(info)) return page.locator('.topbar');
  await page.locator('[data-menu-open]').click();
  const sheet = page.locator('dialog[data-menu]');
  await expect(sheet).toBeVisible();
  return sheet;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const other: Locale = locale === 'en-US' ? 'zh-CN' : 'en-US';

  test(`${locale}: menu to a category, a product in every custom type, the drawer's tiers, currency, language and search`, async ({ page }, info) => {
    // Long by design (one journey through the shop); it usually takes 30-50 s here.
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const t = translator(locale);
    const config = await api<{ discountTiers: DiscountTier[] }>(page, 'shop/config', {}, locale);

    // ---- Home, then the menu three levels down, to a league with more than one page of products.
    const tree = (await api<{ records: NavItem[] }>(page, 'ironNavItems/queryNavTree', {}, locale)).records;
    const totalOf = async (tag: string) =>
      (await api<{ total: number }>(page, 'ironProduct/queryProductByTags', { tags: [tag], current: 1, size: 1 }, locale)).total;
    let sport: NavItem | undefined;
    let league: NavItem | undefined;
    for (const candidate of tree.flatMap((s) => (s.children ?? []).map((l) => [s, l] as const))) {
      if ((candidate[1].children?.length ?? 0) > 0 && (await totalOf(candidate[1].tag)) > CATEGORY_PAGE_SIZE) {
        [sport, league] = candidate;
        break;
      }
    }
    expect(league, 'a league with teams and more than one page of products').toBeDefined();
    const team = league!.children![0]!;

    await page.goto(`/${locale}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('home.heroTitle'));
    if (isPhone(info)) {
      await expect(page.locator('[data-menubar]')).toBeHidden();
      await page.locator('[data-menu-open]').click();
      const sheet = page.locator('dialog[data-menu]');
      await sheet.locator('summary', { hasText: exactly(sport!.tagName) }).click();
      await sheet.locator('summary', { hasText: exactly(league!.tagName) }).click();
      await expect(sheet.getByRole('link', { name: team.tagName, exact: true })).toBeVisible();
      await sheet.getByRole('link', { name: t('layout.header.allOf', { name: league!.tagName }), exact: true }).click();
    } else {
      const bar = page.locator('[data-menubar]');
      const teamLink = bar.getByRole('link', { name: team.tagName, exact: true });
      await expect(teamLink).toBeHidden();
      await bar.locator('[data-menubar-item]').filter({ has: page.getByRole('link', { name: sport!.tagName, exact: true }) }).hover();
      await expect(teamLink).toBeVisible();
      await bar.getByRole('link', { name: league!.tagName, exact: true }).click();
    }

    // ---- The category: sorted by price, then its second page.
    await expect(page).toHaveURL(new RegExp(`/${locale}/category/${league!.tag}/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(league!.tagName);
    // The page's script keeps the pager's place when it starts (a sort chosen before it runs is honoured too).
    await expect(listing(page).locator('[data-pager]')).toBeVisible();
    await page.getByLabel(t('browse.listing.sortLabel')).selectOption('price-asc');
    await expect(page).toHaveURL(/\?sort=price-asc$/);
    await settled(page);
    const byPrice = (current: number) =>
      api<{ records: ProductCard[]; total: number }>(page, 'ironProduct/queryProductByTags', { tags: [league!.tag], current, size: CATEGORY_PAGE_SIZE, sort: 'price-asc' }, locale);
    const first = await byPrice(1);
    expect(await cardIds(page)).toEqual(first.records.map((p) => p.id));
    await page.getByRole('navigation', { name: t('browse.listing.pages') }).getByRole('link', { name: t('browse.listing.next') }).click();
    await expect(page).toHaveURL(/\?page=2&sort=price-asc$/);
    await settled(page);
    const second = await byPrice(2);
    expect(await cardIds(page)).toEqual(second.records.map((p) => p.id));
    expect(second.records[0]!.price).toBeGreaterThanOrEqual(first.records.at(-1)!.price);
    const to = Math.min(2 * CATEGORY_PAGE_SIZE, first.total);
    await expect(page.locator('[data-listing-count]')).toHaveText(t('browse.listing.showing', { from: CATEGORY_PAGE_SIZE + 1, to, total: first.total }));

    // ---- A product from this page that can be printed, with a squad, patches and add-ons.
    let product: ProductDetail | undefined;
    for (const card of second.records) {
      const detail = await api<ProductDetail>(page, 'ironProduct/queryProductDetail', { id: card.id }, locale);
      if (detail.printable && detail.squad.length > 1 && detail.sizes.some((s) => s.stock >= 10) && (!product || (detail.customisationFee > 0 && product.customisationFee === 0))) {
        product = detail;
      }
    }
    expect(product, 'a printable shirt with a squad on page 2').toBeDefined();
    const shirt = product!;
    const patch = (await api<{ records: Patch[] }>(page, 'ironPatch/queryList', { productId: shirt.id, current: 1, size: PAGE_SIZE_MAX }, locale)).records[0]!;
    const addon = (await api<{ records: Addon[] }>(page, 'ironAddon/queryList', { productId: shirt.id }, locale)).records[0]!;
    expect(patch && addon, 'the shirt offers patches and add-ons').toBeTruthy();

    await listing(page).getByRole('link', { name: shirt.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/product/${shirt.id}/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shirt.title);
    await page.locator('astro-island[component-url*="Configurator"]:not([ssr])').waitFor({ state: 'attached' });

    if (isPhone(info)) {
      // The floating chat button keeps clear of the sizes, slides away while scrolling down, and stays reachable.
      const chat = page.locator('[data-chat-button]');
      const overlaps = await page.evaluate(() => {
        const button = document.querySelector('[data-chat-button]')!.getBoundingClientRect();
        return [...document.querySelectorAll('.size-option')].filter((option) => {
          const r = option.getBoundingClientRect();
          return r.right > button.left && r.left < button.right && r.bottom > button.top && r.top < button.bottom;
        }).length;
      });
      expect(overlaps, 'size buttons under the chat button').toBe(0);
      await page.mouse.wheel(0, 600);
      await expect(chat).toHaveClass(/is-tucked/);
      await page.mouse.wheel(0, -300);
      await expect(chat).not.toHaveClass(/is-tucked/);
      await expect(chat).toBeInViewport();
    }

    // ---- Each custom type in turn, with a patch and an add-on; each line is added to the cart.
    const currency: CurrencyCode = 'EUR';
    const size = shirt.sizes.find((s) => s.stock >= 10)!.size;
    const player = shirt.squad[1]!;
    const subtotal = page.locator('output.subtotal-value');
    const addToCart = page.getByRole('button', { name: t('configurator.actions.addToCart') });
    const drawer = page.getByRole('dialog', { name: t('cart.drawer.title') });
    const unitEur = (customType: CustomType) =>
      unitPriceEur({
        productPriceEur: shirt.price,
        customisationFeeEur: shirt.customisationFee,
        patchPricesEur: [patch.patchPrice],
        addonPricesEur: [addon.price],
        customType,
        premiumNameOption: 'Standard',
        premiumNumberOption: 'Standard',
      });
    const lineOf = (scope: Locator, customType: CustomType) =>
      scope.locator('[data-line-id]').filter({ has: page.locator('[data-detail="type"] dd', { hasText: exactly(t(`cart.customType.${customType}`)) }) });
    const added = new Map<CustomType, PricedLine>();

    /** The drawer's figures are the cart of the lines added so far, priced with the domain's rules. */
    async function expectDrawerTotals(shownIn: CurrencyCode) {
      const lines = [...added.entries()].map(([type, line]) => priceLine(unitEur(type), line.quantity, shownIn));
      const totals = cartTotals(lines, shownIn, config.discountTiers);
      const money = (amount: number) => formatMoney(amount, shownIn, locale);
      await expect(drawer.locator('[data-line-id]')).toHaveCount(lines.length);
      await expect(drawer.locator('[data-total="subtotal"]')).toHaveText(money(totals.subtotal));
      await expect(drawer.locator('[data-total="discount"]')).toHaveAttribute('data-percent', String(totals.discountPercent));
      await expect(drawer.locator('[data-total="discount"]')).toHaveText(money(totals.discount > 0 ? -totals.discount : 0));
      await expect(drawer.locator('[data-total="total"]')).toHaveText(money(totals.total));
      return totals;
    }

    await page.getByRole('radio', { name: new RegExp(`^${escape(size)}(\\s|$)`) }).check();
    await page.getByRole('group', { name: t('configurator.extras.patches') }).getByRole('checkbox', { name: new RegExp(`^${escape(patch.patchName)}`) }).check();
    await page.getByRole('group', { name: t('configurator.extras.addons') }).getByRole('checkbox', { name: new RegExp(`^${escape(addon.name)}`) }).check();
    const percents: number[] = [];
    for (const type of TYPES) {
      await page.getByRole('radio', { name: new RegExp(`^${escape(t(`configurator.type.${type}`))}`) }).check();
      if (type === CUSTOM_TYPES.CHOOSE_PLAYER) {
        await page.getByLabel(t('configurator.player.label'), { exact: true }).selectOption(String(player.id));
        // Name and number come from the player.
        await expect(page.locator('.preview-print .print-name')).toHaveText(player.name);
        await expect(page.locator('.preview-print .print-number')).toHaveText(player.number);
      }
      if (type === CUSTOM_TYPES.ADD_YOURS) {
        const name = page.getByLabel(t('configurator.name.label'), { exact: true });
        const number = page.getByLabel(t('configurator.number.label'), { exact: true });
        await name.fill('smith9');
        await number.fill('100');
        await expect(name).toHaveAccessibleDescription(new RegExp(escape(t('configurator.name.invalid'))));
        await expect(number).toHaveAccessibleDescription(new RegExp(escape(t('configurator.number.invalid'))));
        await addToCart.click();
        await expect(page.getByRole('status').filter({ hasText: t('configurator.form.fix') })).toBeVisible();
        await expect(drawer).toBeHidden();
        await name.fill('smith');
        await number.fill('7');
        await expect(name).toHaveValue('SMITH');
        await expect(page.getByText(t('configurator.name.invalid'))).toHaveCount(0);
        await expect(page.getByText(t('configurator.number.invalid'))).toHaveCount(0);
        await expect(page.locator('.preview-print .print-name')).toHaveText('SMITH');
      }
      const expected = priceLine(unitEur(type), 1, currency);
      await expect(subtotal).toHaveAttribute('data-minor', String(expected.lineTotal));
      await expect(subtotal).toHaveText(formatMoney(expected.lineTotal, currency, locale));

      await addToCart.click();
      await expect(drawer).toBeVisible();
      added.set(type, expected);
      const line = lineOf(drawer, type);
      await expect(line.locator('[data-line-total]'), 'the cart shows the subtotal the page showed').toHaveText(formatMoney(expected.lineTotal, currency, locale));
      if (type === CUSTOM_TYPES.CHOOSE_PLAYER) await expect(line.locator('[data-detail="player"] dd')).toHaveText(`${player.name} #${player.number}`);
      if (type === CUSTOM_TYPES.ADD_YOURS) await expect(line.locator('[data-detail="print"] dd')).toHaveText('SMITH 7');
      await expect(line.locator('[data-detail="patches"] dd')).toHaveText(patch.patchName);
      await expect(line.locator('[data-detail="addons"] dd')).toHaveText(addon.name);
      percents.push((await expectDrawerTotals(currency)).discountPercent);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    // The tier discount appears at the third item.
    expect(percents[1]).toBe(0);
    expect(percents[2]).toBeGreaterThan(0);

    // ---- In the drawer: a fifth item changes the tier; deleting a line goes back.
    await page.locator('a[data-cart-link]').click();
    await expect(drawer).toBeVisible();
    const ownLine = lineOf(drawer, CUSTOM_TYPES.ADD_YOURS);
    await ownLine.getByRole('button', { name: t('cart.line.increase', { name: shirt.title }), exact: true }).click();
    await expect(ownLine.locator('[data-quantity]')).toHaveText('2');
    added.set(CUSTOM_TYPES.ADD_YOURS, priceLine(unitEur(CUSTOM_TYPES.ADD_YOURS), 2, currency));
    await expect(drawer.locator('[data-line-id][aria-busy="true"]')).toHaveCount(0);
    const atFive = await expectDrawerTotals(currency);
    expect(atFive.itemCount).toBe(5);
    expect(atFive.discountPercent).toBeGreaterThan(percents[3]!);
    await lineOf(drawer, CUSTOM_TYPES.BLANK)
      .getByRole('button', { name: t('cart.line.removeNamed', { name: shirt.title }), exact: true })
      .click();
    added.delete(CUSTOM_TYPES.BLANK);
    await expect(lineOf(drawer, CUSTOM_TYPES.BLANK)).toHaveCount(0);
    await expect(drawer.locator('[data-line-id][aria-busy="true"]')).toHaveCount(0);
    expect((await expectDrawerTotals(currency)).discountPercent).toBe(percents[3]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const visitor = (await page.context().cookies()).find((c) => c.name === 'X-Visitor-Id')!.value;
    const server = await api<CartPage>(page, 'ironCartItem/queryCartItemList', { current: 1, size: PAGE_SIZE_MAX, currency }, locale, visitor);
    expect(server.records.map((r) => r.lineTotal).sort()).toEqual([...added.values()].map((l) => l.lineTotal).sort());

    // ---- Another currency: the page's prices and the cart's amounts follow.
    const target = SWITCH_TO[locale];
    await (await settings(page, info)).locator('select[data-currency-select]').selectOption(target);
    if (isPhone(info)) {
      await page.keyboard.press('Escape');
      await expect(page.locator('dialog[data-menu]')).toBeHidden();
    }
    await expect(page.locator('.info .price .price-now')).toHaveText(formatMoney(convertFromEur(shirt.price, target), target, locale));
    await expect(subtotal).toHaveAttribute('data-currency', target);
    await expect(subtotal).toHaveText(formatMoney(priceLine(unitEur(CUSTOM_TYPES.STANDARD), 1, target).lineTotal, target, locale));
    await page.locator('a[data-cart-link]').click();
    await expect(drawer).toBeVisible();
    const inTarget = await expectDrawerTotals(target);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // ---- The other language: the URL and the texts change, the cart and the currency stay.
    const tOther = translator(other);
    await (await settings(page, info)).locator(`a[data-locale-choice="${other}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/${other}/product/${shirt.id}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    const translated = await api<ProductDetail>(page, 'ironProduct/queryProductDetail', { id: shirt.id }, other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translated.title);
    await expect(page.getByRole('button', { name: tOther('configurator.actions.addToCart') })).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toHaveText(String(inTarget.itemCount));
    await page.locator('a[data-cart-link]').click();
    const otherDrawer = page.getByRole('dialog', { name: tOther('cart.drawer.title') });
    await expect(otherDrawer).toBeVisible();
    await expect(otherDrawer.locator('[data-line-id]')).toHaveCount(added.size);
    await expect(otherDrawer.locator('[data-total="total"]')).toHaveText(formatMoney(inTarget.total, target, other));
    await page.keyboard.press('Escape');
    await expect(otherDrawer).toBeHidden();

    // ---- Search from the header, page through the results, and find the searches in the history.
    const search = async (query: string, current: number) =>
      api<{ records: ProductCard[]; total: number }>(page, 'ironProduct/search', { title: query, current, size: SEARCH_PAGE_SIZE }, other);
    const query = 'shirt';
    const results = await search(query, 1);
    expect(results.total).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const headerSearch = page.locator('header form[data-search-form]');
    await headerSearch.locator('input[name="q"]').fill(query);
    await headerSearch.locator('input[name="q"]').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${other}/search/\\?q=${query}$`));
    await settled(page);
    expect(await cardIds(page)).toEqual(results.records.map((p) => p.id));
    await expect(page.locator('[data-listing-count]')).toHaveText(tOther('browse.search.results', { total: results.total, query, from: 1, to: SEARCH_PAGE_SIZE }));
    await page.getByRole('navigation', { name: tOther('browse.listing.pages') }).getByRole('link', { name: tOther('browse.listing.next') }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${query}&page=2$`));
    await settled(page);
    expect(await cardIds(page)).toEqual((await search(query, 2)).records.map((p) => p.id));
    const pageForm = page.getByRole('main').getByRole('search');
    await pageForm.getByRole('searchbox', { name: tOther('browse.search.label') }).fill('home');
    await pageForm.getByRole('searchbox', { name: tOther('browse.search.label') }).press('Enter');
    await settled(page);
    const history = page.getByRole('region', { name: tOther('browse.search.historyHeading') });
    await expect(history.getByRole('listitem')).toHaveText(['home', query]);
    await page.screenshot({ path: info.outputPath(`journey-end-${locale}.png`) });
    expect(errors).toEqual([]);
  });
}
