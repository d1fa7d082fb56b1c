/**
 * Rows of the specification that worked without a test saying so, in both locales (en-US at
 * 1440 px, zh-CN at 375 px): the language cookie, images that wait to be scrolled to, the header's
 * logo, the footer's about text, a route whose roles the shopper lacks, and each currency's flag
 * and name in the switcher (the top bar's at 1440 px, the menu sheet's at 375 px).
 */
import { expect, test, type Page, type TestInfo } from './support/test.ts';
import enCore from '../../src/i18n/locales/en-US/core.json' with { type: 'json' };
import enLayout from '../../src/i18n/locales/en-US/layout.json' with { type: 'json' };
import zhCore from '../../src/i18n/locales/zh-CN/core.json' with { type: 'json' };
import zhLayout from '../../src/i18n/locales/zh-CN/layout.json' with { type: 'json' };
import enBrowse from '../../src/i18n/locales/en-US/browse.json' with { type: 'json' };
import zhBrowse from '../../src/i18n/locales/zh-CN/browse.json' with { type: 'json' };
import { CURRENCY_CODES } from '../../src/domain/money.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { signedInShopper } from './support/shoppers.ts';

const LOCALES = ['en-US', 'zh-CN'] as const;
const MESSAGES = {
  'en-US': { ...enCore, layout: enLayout, browse: enBrowse },
  'zh-CN': { ...zhCore, layout: zhLayout, browse: zhBrowse },
} as const;

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** The language links a shopper can reach at this size (the top bar, or the menu sheet on phones). */
async function languageLinks(page: Page, info: TestInfo) {
  if (!isPhone(info)) return page.locator('.topbar');
  await page.locator('[data-menu-open]').click();
  await expect(page.locator('dialog[data-menu]')).toBeVisible();
  return page.locator('dialog[data-menu]');
}

for (const locale of LOCALES) {
  const t = MESSAGES[locale];
  const other = locale === 'en-US' ? 'zh-CN' : 'en-US';

  test(`${locale}: choosing a language keeps it in the SOY_lang cookie for 30 days, and / follows it`, async ({ page, context }, info) => {
    await page.goto(`/${locale}/`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'SOY_lang')).toBeUndefined();
    await (await languageLinks(page, info)).locator(`a[data-locale-choice="${other}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/${other}/$`));
    const cookie = (await context.cookies()).find((c) => c.name === 'SOY_lang');
    expect(cookie).toMatchObject({ value: other, path: '/', sameSite: 'Lax' });
    // Max-Age 2,592,000 s from the click (a minute's leeway for a slow machine).
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(30 - 1 / 1440);
    expect(days).toBeLessThanOrEqual(30);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/${other}/$`));
  });

  test(`${locale}: a product picture far below the fold is fetched only once scrolled into view`, async ({ page }) => {
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'image') asked.add(new URL(request.url()).pathname);
    });
    await page.goto(`/${locale}/category/football/`);
    await page.waitForLoadState('load');
    const last = page.locator('[data-product-grid] img').last();
    await expect(last).toHaveAttribute('loading', 'lazy');
    const src = new URL((await last.getAttribute('src'))!, page.url()).pathname;
    // The first cards' pictures came with the page; the last one waits.
    const first = new URL((await page.locator('[data-product-grid] img').first().getAttribute('src'))!, page.url()).pathname;
    expect(asked.has(first)).toBe(true);
    expect(asked.has(src)).toBe(false);
    expect(await last.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(asked.has(src)).toBe(true);
  });

  test(`${locale}: the header's logo leads home, and the footer says what the shop is`, async ({ page }) => {
    await page.goto(`/${locale}/product/1/`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: t.layout.footer.aboutHeading })).toBeAttached();
    await expect(footer.getByText(t.layout.footer.aboutText)).toBeAttached();
    await page.getByRole('banner').getByRole('link', { name: t.site.homeLink }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  });

  test(`${locale}: a page whose route lists roles the shopper lacks sends them to the 403 page`, async ({ page }) => {
    await signedInShopper(page, locale);
    // No storefront page lists roles today: the account page, as served, is made to ask for R_ADMIN.
    await page.route(`**/${locale}/account/`, async (route) => {
      const served = await route.fetch();
      const html = (await served.text()).replace('data-route-access="session"', 'data-route-access="roles" data-route-roles="R_ADMIN"');
      await route.fulfill({ response: served, body: html });
    });
    await page.goto(`/${locale}/account/`);
    await expect(page).toHaveURL(/\/403\/$/);
    const section = page.locator(`[data-error-sections] > section[lang="${locale}"]`);
    await expect(section.getByRole('heading')).toHaveText(t.browse.errors.forbidden.heading);
    // The visitor's language comes first.
    await expect(page.locator('[data-error-sections] > section').first()).toHaveAttribute('lang', locale);
  });
}

for (const locale of LOCALES) {
  test(`${locale}: each currency shows its flag and its name in the switcher`, async ({ page }, info) => {
    await page.goto(`/${locale}/`);
    const scope = await languageLinks(page, info);
    const select = scope.locator('select[data-currency-select]');
    const flag = scope.locator('.currency-flag');
    const flags = new Set<string>();
    for (const code of CURRENCY_CODES) {
      await expect(select.locator(`option[value="${code}"]`)).toContainText(MESSAGES[locale].currency[code]);
      await select.selectOption(code);
      // The chosen currency's flag, a picture of its own (six different ones).
      const picture = await flag.evaluate((element) => getComputedStyle(element).backgroundImage);
      expect(picture, code).toMatch(/^url\("data:image\/svg\+xml/);
      flags.add(picture);
    }
    expect(flags.size).toBe(CURRENCY_CODES.length);
    await expect(flag).toBeVisible();
    // The list open, for people to look at.
    await select.selectOption('EUR');
    await select.click();
    await screenshot(page, `currency-switcher-${locale}`, info);
  });
}
