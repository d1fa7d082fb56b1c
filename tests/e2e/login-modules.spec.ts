/**
 * The login page's modules (docs/storefront.md "Routes": `login` takes `module`, password login
 * by default): sign in with a one-time code read from the mail (real SMTP, support/mail.ts), the
 * `redirect` kept through module switches and the browser's Back, the old `/register/` and
 * `/reset-password/` addresses landing on their module, and every module seen in both locales,
 * crossed with the sizes (en-US at 1440 px, zh-CN at 375 px: playwright.config.ts); pages.spec.ts
 * opens every module in each locale at each size.
 */
import type { Page } from '@playwright/test';
import enAccount from '../../src/i18n/locales/en-US/account.json' with { type: 'json' };
import zhAccount from '../../src/i18n/locales/zh-CN/account.json' with { type: 'json' };
import { watchErrors } from '../support/errors.ts';
import { screenshot } from '../support/screenshots.ts';
import { waitForMail } from './support/mail.ts';
import { expect as baseExpect, newShopper, registerShopper, storedSession, test } from './support/shoppers.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const MESSAGES = { 'en-US': enAccount, 'zh-CN': zhAccount } as const;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const submit = (page: Page) => page.locator('form.account-form button[type="submit"]');
/** The page's own links (the header has a sign-in link too). */
const card = (page: Page) => page.locator('main .account-card');

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: a shopper signs in with the code from the mail and goes back where they were`, async ({ page }, testInfo) => {
    const m = MESSAGES[locale];
    const shopper = await registerShopper(page.request, newShopper('Kai', 'Code'));
    const redirect = encodeURIComponent(`/${locale}/myprofile/`);
    await page.goto(`/${locale}/myprofile/`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?redirect=${redirect}$`));

    // Password or code: the switch above the form; the address names the module and keeps the redirect.
    await page.getByRole('navigation', { name: m.login.methods }).getByRole('link', { name: m.login.withCode }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?module=code-login&redirect=${redirect}$`));
    await expect(heading(page)).toHaveText(m.codeLogin.heading);
    await expect(page).toHaveTitle(new RegExp(`^${m.codeLogin.title} \\| `));

    await page.locator('#code-login-email').fill(shopper.email);
    const askedAt = Date.now();
    await page.locator('[data-send-code]').click();
    await expect(page.getByRole('status').filter({ hasText: m.reset.codeSent })).toBeVisible();
    await expect(page.locator('#code-login-code')).toBeFocused();
    await expect(page.locator('[data-send-code]')).toBeDisabled();
    await screenshot(page, `login-code-sent-${locale}`, testInfo, { fullPage: true });

    const mail = await waitForMail({ to: shopper.email, subject: locale === 'zh-CN' ? /登录验证码/ : /to sign in/, since: askedAt });
    expect(mail.html).toContain(`/${locale}/login?module=code-login`);
    const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeDefined();

    // A wrong code is a refused try, said as a failed sign-in; then the right one.
    await page.locator('#code-login-code').fill(code === '000000' ? '111111' : '000000');
    await submit(page).click();
    await expect(page.getByRole('alert').filter({ hasText: m.login.failed })).toBeVisible();
    await page.locator('#code-login-code').fill(code!);
    await submit(page).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/myprofile/$`));
    await expect(page.locator('[data-toasts="polite"] .app-toast').filter({ hasText: m.login.succeeded })).toContainText(m.login.welcomeBack.replace('{{name}}', 'Kai Code'));
    expect((await storedSession(page)).token).toMatch(/^"ey/);
    await expect(page.locator('#profile-email')).toHaveValue(shopper.email);
  });

  test(`${locale}: the old register and reset addresses open their module, and switching modules keeps the redirect`, async ({ page }) => {
    const m = MESSAGES[locale];
    const redirect = encodeURIComponent(`/${locale}/wishlist/`);
    await page.goto(`/${locale}/register/?redirect=${redirect}`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?module=register&redirect=${redirect}$`));
    await expect(heading(page)).toHaveText(m.register.heading);
    await expect(page.locator('#register-first-name')).toBeVisible();

    await page.goto(`/${locale}/reset-password/`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?module=reset-pwd$`));
    await expect(heading(page)).toHaveText(m.reset.heading);

    // Around the modules by their links, the redirect along all the way.
    await page.goto(`/${locale}/login/?redirect=${redirect}`);
    await expect(page.locator('#login-email')).toBeVisible();
    await card(page).getByRole('link', { name: m.login.register }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?module=register&redirect=${redirect}$`));
    await expect(heading(page)).toHaveText(m.register.heading);
    await card(page).getByRole('link', { name: m.register.login }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?redirect=${redirect}$`));
    await card(page).getByRole('link', { name: m.login.forgot }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?module=reset-pwd&redirect=${redirect}$`));
    await expect(card(page).getByRole('link', { name: m.reset.backToLogin })).toHaveAttribute('href', `/${locale}/login/?redirect=${redirect}`);

    // Back and forward follow the modules.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?redirect=${redirect}$`));
    await expect(heading(page)).toHaveText(m.login.heading);
    await page.goBack();
    await expect(heading(page)).toHaveText(m.register.heading);
    await page.goForward();
    await expect(heading(page)).toHaveText(m.login.heading);
    await expect(page.locator('#login-email')).toBeVisible();
  });

  test(`every login module in ${locale}`, async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const m = MESSAGES[locale];
    for (const [module, text, field] of [
      ['pwd-login', m.login.heading, '#login-password'],
      ['code-login', m.codeLogin.heading, '#code-login-code'],
      ['register', m.register.heading, '#register-subscribe'],
      ['reset-pwd', m.reset.heading, '#reset-confirm-password'],
    ] as const) {
      await page.goto(`/${locale}/login/?module=${module}`);
      await expect(heading(page)).toHaveText(text);
      await expect(page.locator(field)).toBeVisible();
      await expect(submit(page)).toBeEnabled();
      await screenshot(page, `login-module-${module}-${locale}`, testInfo, { fullPage: true });
    }
    expect(errors).toEqual([]);
  });
}
