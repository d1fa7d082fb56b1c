/**
 * Every page of the site at this project's size, in both locales (tagged `@viewports`: it runs
 * at 1440 px and at 375 px, see playwright.config.ts). The journeys run each locale at one size;
 * this makes sure no page is seen at only one. The order pages need an order: the checkout
 * journeys show them (one of them tagged `@viewports`).
 */
import { expect, test, type Page, type TestInfo } from './support/test.ts';
import { watchErrors } from '../support/errors.ts';
import { screenshot } from '../support/screenshots.ts';
import { signIn } from './support/session.ts';

type Locale = 'en-US' | 'zh-CN';

const PUBLIC = ['product/1/', 'search/?q=shirt', 'cart/', 'checkouts/cart/', 'login/', 'login/?module=code-login', 'login/?module=register', 'login/?module=reset-pwd', 'tracking-order/', 'faq/', 'about-us/'];
const SIGNED_IN = ['account/', 'myprofile/', 'change-password/', 'address/', 'add-address/', 'orders/', 'wishlist/', 'rosters/'];

async function visit(page: Page, locale: Locale, path: string, testInfo: TestInfo) {
  const response = await page.goto(`/${locale}/${path}`);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('main').first(), path).toBeVisible();
  await screenshot(page, `page-${path.replace(/[^a-z0-9]+/g, '-').replace(/-$/, '') || 'home'}-${locale}`, testInfo);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`every public page in ${locale} @viewports`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await visit(page, locale, '', testInfo);
    const category = await page.locator(`a[href^="/${locale}/category/"]`).first().getAttribute('href');
    await visit(page, locale, category!.slice(`/${locale}/`.length), testInfo);
    for (const path of PUBLIC) await visit(page, locale, path, testInfo);
    const missing = await page.goto(`/${locale}/no-such-page/`);
    expect(missing?.status()).toBe(404);
    await expect(page.locator('main').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`every account page in ${locale} @viewports`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.goto(`/${locale}/`);
    await signIn(page);
    for (const path of SIGNED_IN) {
      await visit(page, locale, path, testInfo);
      // Still there: a signed-in shopper is not sent to the login page.
      await expect(page, path).toHaveURL(new RegExp(`/${locale}/${path}`));
    }
    expect(errors).toEqual([]);
  });
}
