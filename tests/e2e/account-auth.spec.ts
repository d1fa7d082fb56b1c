/**
 * The account pages against the running server (issue 4, sign-in side), at the phone and desktop
 * sizes, in both locales across the journeys: register and land signed in, log out from the hub
 * with its confirmation, sign in with a redirect back and the 4500 ms welcome, reset the password
 * with the code read from the mail (real SMTP, tests/e2e/support/server.ts), edit the profile,
 * change the password, an expired access token refreshed exactly once, and a logout in one tab
 * signing out another.
 *
 * Every journey is a fresh shopper from its own client address (support/shoppers.ts).
 */
import { SignJWT, decodeJwt } from 'jose';
import type { Page } from '@playwright/test';
import enAccount from '../../src/i18n/locales/en-US/account.json' with { type: 'json' };
import zhAccount from '../../src/i18n/locales/zh-CN/account.json' with { type: 'json' };
import { E2E_AUTH_SECRET } from './support/env.ts';
import { holdIsland } from './support/hydration.ts';
import { waitForMail } from './support/mail.ts';
import { api, expect as baseExpect, newShopper, registerShopper, signInTokens, signedInShopper, storedSession, test } from './support/shoppers.ts';
import { screenshot } from '../support/screenshots.ts';

// Registering, signing in and changing a password each hash a password at the production cost
// (about 0.3 s alone, several seconds on a shared machine under load): answers get more time
// than the default 5 s, and journeys more than a minute.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const MESSAGES = { 'en-US': enAccount, 'zh-CN': zhAccount } as const;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The polite toast region (success notices). */
const notices = (page: Page) => page.locator('[data-toasts="polite"] .app-toast');
const form = (page: Page) => page.locator('form.account-form');
const submit = (page: Page) => form(page).locator('button[type="submit"]');
/** A field's error, found through the input's aria-describedby, as assistive technology finds it. */
async function errorOf(page: Page, inputId: string): Promise<string> {
  const describedBy = await page.locator(`#${inputId}`).getAttribute('aria-describedby');
  const errorId = describedBy?.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? (await page.locator(`#${errorId}`).textContent()) ?? '' : '';
}
/**
 * Records, in the page, when each toast enters and leaves the document (performance.now()), so
 * its time on screen is measured where it is timed, whatever the load on the test machine.
 */
async function watchToasts(page: Page) {
  await page.addInitScript(() => {
    const times: { text: string; added: number; removed?: number }[] = [];
    const byNode = new Map<Node, (typeof times)[number]>();
    (window as unknown as { __toastTimes: typeof times }).__toastTimes = times;
    new MutationObserver((records) => {
      const now = performance.now();
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element) || !node.classList.contains('app-toast')) continue;
          const entry = { text: node.textContent ?? '', added: now };
          times.push(entry);
          byNode.set(node, entry);
        }
        for (const node of record.removedNodes) {
          const entry = byNode.get(node);
          if (entry) entry.removed = now;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function toastTimes(page: Page): Promise<{ text: string; added: number; removed?: number }[]> {
  return page.evaluate(() => (window as unknown as { __toastTimes: { text: string; added: number; removed?: number }[] }).__toastTimes);
}

async function expectError(page: Page, inputId: string, message: string) {
  await expect.poll(() => errorOf(page, inputId)).toBe(message);
  await expect(page.locator(`#${inputId}`)).toHaveAttribute('aria-invalid', 'true');
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: register a new shopper with the form's messages, and land signed in`, async ({ page }, testInfo) => {
    const m = MESSAGES[locale];
    const shopper = newShopper('Jamie', 'Ortega');
    // The old address lands on the login page's register module.
    await page.goto(`/${locale}/register/`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/\\?module=register$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.register.heading);

    // The form messages, next to their fields; focus goes to the first.
    await submit(page).click();
    await expectError(page, 'register-first-name', m.validation.firstNameRequired);
    await expectError(page, 'register-last-name', m.validation.lastNameRequired);
    await expectError(page, 'register-email', m.validation.emailRequired);
    await expectError(page, 'register-password', m.validation.passwordRequired);
    await expect(page.locator('#register-first-name')).toBeFocused();
    await page.locator('#register-email').fill('not-an-email');
    await page.locator('#register-password').fill('abc');
    await expectError(page, 'register-email', m.validation.emailInvalid);
    await expectError(page, 'register-password', m.validation.passwordLength);
    await screenshot(page, `account-register-errors-${locale}`, testInfo, { fullPage: true });

    await form(page).getByLabel(m.fields.firstName, { exact: true }).fill(shopper.firstName);
    await form(page).getByLabel(m.fields.lastName, { exact: true }).fill(shopper.lastName);
    await form(page).getByLabel(m.fields.email, { exact: true }).fill(shopper.email);
    await page.locator('#register-password').fill(shopper.password);
    // The password can be checked before sending: the switch shows it.
    await page.getByRole('button', { name: m.fields.showPassword }).click();
    await expect(page.locator('#register-password')).toHaveAttribute('type', 'text');
    await form(page).getByLabel(m.register.subscribe).check();
    for (const id of ['register-first-name', 'register-last-name', 'register-email', 'register-password']) {
      await expect(page.locator(`#${id}`)).not.toHaveAttribute('aria-invalid', 'true');
    }

    const registered = page.waitForResponse((r) => r.url().endsWith('/api/demo/ironUser/registerUser'));
    await submit(page).click();
    expect((await registered).request().postDataJSON()).toEqual({ ...shopper, subscribe: true });
    await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
    const notice = notices(page).filter({ hasText: m.register.succeeded });
    await expect(notice).toContainText(fill(m.register.welcome, { name: `${shopper.firstName} ${shopper.lastName}` }));
    const session = await storedSession(page);
    expect(session.token).toMatch(/^"ey/);
    expect(session.refreshToken).toMatch(/^".+"$/);
    await expect(page.locator('a[data-account-link]')).toHaveAttribute('href', `/${locale}/account/`);

    // Signed in, the login page sends the shopper to the root (docs/storefront.md "Routes", route guard).
    await page.goto(`/${locale}/login/`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
  });
}

test('zh-CN: a refusal the server explains field by field is shown beside those fields; any other as the form\'s notice', async ({ page }) => {
  const m = MESSAGES['zh-CN'];
  const shopper = newShopper('Wen', 'Zhao');
  // The page checks what it can before sending, so only a stand-in server refuses a good form.
  const answers = [
    // As the server answers a zh-CN page: the fields in data.issues, worded in Chinese.
    {
      status: 400,
      body: {
        code: '1001',
        msg: `请求无效：body.email: ${m.validation.emailInvalid}; body.lastName: ${m.validation.lastNameRequired}`,
        data: { issues: [{ path: 'body.email', message: m.validation.emailInvalid }, { path: 'body.lastName', message: m.validation.lastNameRequired }] },
      },
    },
    { status: 500, body: { code: '1500', msg: 'Something went wrong', data: null } },
  ];
  await page.route('**/api/demo/ironUser/registerUser', (route) => {
    const answer = answers.shift()!;
    return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
  });
  await page.goto('/zh-CN/login/?module=register');
  await page.locator('#register-first-name').fill(shopper.firstName);
  await page.locator('#register-last-name').fill(shopper.lastName);
  await page.locator('#register-email').fill(shopper.email);
  await page.locator('#register-password').fill(shopper.password);

  await submit(page).click();
  await expectError(page, 'register-email', m.validation.emailInvalid);
  await expectError(page, 'register-last-name', m.validation.lastNameRequired);
  await expect(page.locator('#register-last-name')).toBeFocused();
  await expect(form(page).locator('[role="alert"]')).toHaveText('');

  await submit(page).click();
  await expect(form(page).locator('[role="alert"]')).toHaveText(m.register.failed);
  await expect(page.locator('#register-email')).not.toHaveAttribute('aria-invalid', 'true');
  expect(answers).toHaveLength(0);
});

test('zh-CN: logout from the hub asks first; "No" and Esc keep the session, "Yes" ends it here and on the server', async ({ page }, testInfo) => {
  const m = MESSAGES['zh-CN'];
  const shopper = await signedInShopper(page, 'zh-CN', newShopper('Mei', 'Lin'));
  await page.goto('/zh-CN/account/');
  await expect(page.locator('[data-account-greeting]')).toHaveText(fill(m.hub.welcome, { name: 'Mei Lin' }));
  for (const [key, href] of [
    ['orders', '/zh-CN/orders/'],
    ['addresses', '/zh-CN/address/'],
    ['wishlist', '/zh-CN/wishlist/'],
    ['profile', '/zh-CN/myprofile/'],
    ['password', '/zh-CN/change-password/'],
  ] as const) {
    await expect(page.getByRole('link', { name: m.hub[key], exact: false }).first()).toHaveAttribute('href', href);
  }

  const logout = page.getByRole('button', { name: m.hub.logout });
  const dialog = page.getByRole('dialog', { name: m.hub.logoutTitle });
  await logout.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(m.hub.logoutConfirm);
  await expect(dialog.getByRole('button', { name: m.hub.no })).toBeFocused();
  await screenshot(page, 'account-logout-dialog-zh-CN', testInfo, { fullPage: true });
  await dialog.getByRole('button', { name: m.hub.no }).click();
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();
  await logout.click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await storedSession(page)).token).not.toBeNull();

  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/demo/permissionAuth/logout'));
  await logout.click();
  await dialog.getByRole('button', { name: m.hub.yes }).click();
  const request = (await loggedOut).request();
  expect(request.postDataJSON()).toEqual({ refreshToken: shopper.tokens.refreshToken });
  expect(request.headers()['authorization']).toBe(`Bearer ${shopper.tokens.token}`);
  await expect(page).toHaveURL(/\/zh-CN\/$/);
  expect(await storedSession(page)).toEqual({ token: null, refreshToken: null });
  // The server ended the session: its refresh token is refused.
  const refresh = await api(page.request, '/auth/refreshToken', { refreshToken: shopper.tokens.refreshToken });
  expect(refresh.code).toBe('8888');
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: login left empty says the email and the password are needed`, async ({ page }) => {
    const m = MESSAGES[locale];
    await page.goto(`/${locale}/login/`);
    await submit(page).click();
    await expectError(page, 'login-email', m.validation.emailRequired);
    await expectError(page, 'login-password', m.validation.passwordRequired);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/$`));
  });
}

test('zh-CN: a protected page sends a signed-out visitor to login and back; "Login failed", then the 4500 ms welcome', async ({ page }, testInfo) => {
  const m = MESSAGES['zh-CN'];
  const shopper = await registerShopper(page.request, newShopper('Wei', 'Zhang'));
  await page.goto('/zh-CN/myprofile/');
  await expect(page).toHaveURL(/\/zh-CN\/login\/\?redirect=%2Fzh-CN%2Fmyprofile%2F$/);
  // The register and reset links carry the way back along.
  await expect(page.getByRole('link', { name: m.login.register })).toHaveAttribute('href', '/zh-CN/login/?module=register&redirect=%2Fzh-CN%2Fmyprofile%2F');

  await form(page).getByLabel(m.fields.email, { exact: true }).fill(shopper.email);
  await page.locator('#login-password').fill('Wrong#pass1');
  await submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: m.login.failed })).toBeVisible();
  await expect(page).toHaveURL(/\/zh-CN\/login\//);
  await screenshot(page, 'account-login-failed-zh-CN', testInfo, { fullPage: true });

  await page.locator('#login-password').fill(shopper.password);
  await watchToasts(page);
  await submit(page).click();
  await expect(page).toHaveURL(/\/zh-CN\/myprofile\/$/);
  const welcome = notices(page).filter({ hasText: m.login.succeeded });
  await expect(welcome.locator('.app-toast-title')).toHaveText(m.login.succeeded);
  await expect(welcome.locator('.app-toast-text')).toHaveText(fill(m.login.welcomeBack, { name: 'Wei Zhang' }));
  await expect(page.locator('#profile-email')).toHaveValue(shopper.email);
  await screenshot(page, 'account-login-welcome-zh-CN', testInfo, { fullPage: true });
  // 4500 ms on screen (docs/storefront.md "Constants"), as the page timed it: at least that (a
  // timer never fires early), and short of the 6000 ms of other notices even when a busy machine
  // fires it late.
  await expect(welcome).toBeHidden({ timeout: 10_000 });
  const [shown] = (await toastTimes(page)).filter((toast) => toast.text.includes(m.login.succeeded));
  expect(shown?.removed).toBeDefined();
  const shownFor = shown!.removed! - shown!.added;
  expect(shownFor).toBeGreaterThanOrEqual(4450);
  expect(shownFor).toBeLessThan(5950);
});

test('zh-CN: an email and password typed (or autofilled) before the form hydrates sign the shopper in', async ({ page }) => {
  const m = MESSAGES['zh-CN'];
  const shopper = await registerShopper(page.request, newShopper('Lin', 'Early'));
  const hydrate = await holdIsland(page, 'LoginPage');
  await page.goto('/zh-CN/login/', { waitUntil: 'domcontentloaded' });
  await page.locator('#login-email').fill(shopper.email);
  await page.locator('#login-password').fill(shopper.password);
  await hydrate();
  await submit(page).click();
  await expect(page).toHaveURL(/\/zh-CN\/$/);
  await expect(notices(page).filter({ hasText: m.login.succeeded })).toBeVisible();
});

test('en-US: a redirect to another site is ignored: the shopper lands on the root', async ({ page }) => {
  const m = MESSAGES['en-US'];
  const shopper = await registerShopper(page.request, newShopper('Sam', 'Reed'));
  await page.goto(`/en-US/login/?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await expect(page.getByRole('link', { name: m.login.register })).toHaveAttribute('href', '/en-US/login/?module=register');
  // That link is the same before the form hydrates: wait for the form, whose button does nothing before.
  await page.locator('astro-island[component-url*="LoginPage"]:not([ssr])').waitFor({ state: 'attached' });
  await form(page).getByLabel(m.fields.email, { exact: true }).fill(shopper.email.toUpperCase());
  await page.locator('#login-password').fill(shopper.password);
  await submit(page).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/en-US\/$/);
  await expect(notices(page).filter({ hasText: m.login.succeeded })).toContainText(fill(m.login.welcomeBack, { name: 'Sam Reed' }));
});

test('en-US: reset the password with the code from the mail, then sign in with the new one', async ({ page }, testInfo) => {
  const m = MESSAGES['en-US'];
  const shopper = await registerShopper(page.request, newShopper('Alex', 'Morgan'));
  const newPassword = 'Fresh#kit77';
  await page.goto('/en-US/login/');
  await page.getByRole('link', { name: m.login.forgot }).click();
  await expect(page).toHaveURL(/\/en-US\/login\/\?module=reset-pwd$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.reset.heading);

  const sendCode = page.locator('[data-send-code]');
  await sendCode.click();
  await expectError(page, 'reset-email', m.validation.emailRequired);
  await form(page).getByLabel(m.fields.email, { exact: true }).fill(shopper.email);
  const askedAt = Date.now();
  await sendCode.click();
  await expect(page.getByRole('status').filter({ hasText: m.reset.codeSent })).toBeVisible();
  await expect(page.locator('#reset-code')).toBeFocused();
  // The resend countdown, in seconds, from the server's 60.
  await expect(sendCode).toBeDisabled();
  await expect(sendCode).toHaveText(/^Resend in (60|59|58) s$/);
  const first = Number(/\d+/.exec((await sendCode.textContent()) ?? '')![0]);
  await expect.poll(async () => Number(/\d+/.exec((await sendCode.textContent()) ?? '')?.[0]), { timeout: 5000 }).toBeLessThan(first);
  await screenshot(page, 'account-reset-code-sent-en-US', testInfo, { fullPage: true });

  const mail = await waitForMail({ to: shopper.email, subject: /verification code/i, since: askedAt });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();

  // The form messages, then a wrong code (a refused try), then the right one.
  await page.locator('#reset-code').fill(code!);
  await page.locator('#reset-password').fill(newPassword);
  await page.locator('#reset-confirm-password').fill(`${newPassword}x`);
  await submit(page).click();
  await expectError(page, 'reset-confirm-password', m.validation.resetPasswordsInconsistent);
  await page.locator('#reset-confirm-password').fill(newPassword);
  await page.locator('#reset-code').fill(code === '000000' ? '111111' : '000000');
  await submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: m.reset.failed })).toBeVisible();

  await page.locator('#reset-code').fill(code!);
  await submit(page).click();
  await expect(page).toHaveURL(/\/en-US\/login\/$/);
  await expect(notices(page).filter({ hasText: m.reset.succeeded })).toBeVisible();

  // The old password no longer works; the new one does.
  await form(page).getByLabel(m.fields.email, { exact: true }).fill(shopper.email);
  await page.locator('#login-password').fill(shopper.password);
  await submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: m.login.failed })).toBeVisible();
  await page.locator('#login-password').fill(newPassword);
  await submit(page).click();
  await expect(page).toHaveURL(/\/en-US\/$/);
  await expect(notices(page).filter({ hasText: m.login.succeeded })).toBeVisible();
});

test('zh-CN: edit the profile (birthday rules, a new email with the current password) and find it saved after a reload', async ({ page }, testInfo) => {
  const m = MESSAGES['zh-CN'];
  const shopper = await signedInShopper(page, 'zh-CN', newShopper('Li', 'Na'));
  const newEmail = shopper.email.replace('e2e-', 'e2e-new-');
  await page.goto('/zh-CN/myprofile/');
  await expect(page.locator('#profile-email')).toHaveValue(shopper.email);
  await expect(page.locator('#profile-first-name')).toHaveValue('Li');
  await expect(form(page).getByLabel(m.gender.secrecy)).toBeChecked();

  // A new account has no birthday: required; then a date that does not exist.
  await submit(page).click();
  await expectError(page, 'profile-birthday-day', m.validation.birthdayRequired);
  await page.locator('#profile-birthday-day').selectOption('31');
  await page.locator('#profile-birthday-month').selectOption('2');
  await page.locator('#profile-birthday-year').selectOption('1990');
  await expectError(page, 'profile-birthday-day', m.validation.invalidDate);
  await page.locator('#profile-birthday-day').selectOption('14');
  await expect(page.locator('#profile-birthday-day')).not.toHaveAttribute('aria-invalid', 'true');

  await page.locator('#profile-first-name').fill('Lina');
  await form(page).getByLabel(m.gender.female).check();
  await form(page).getByLabel(m.profile.subscribe).check();
  await form(page).getByLabel(m.profile.updateOrderEmail).check();
  // A new email needs the current password.
  await page.locator('#profile-email').fill(newEmail);
  await expect(page.locator('#profile-current-password')).toBeVisible();
  await submit(page).click();
  await expectError(page, 'profile-current-password', m.validation.currentPasswordRequired);
  await page.locator('#profile-current-password').fill('Wrong#pass1');
  await submit(page).click();
  await expectError(page, 'profile-current-password', m.profile.currentPasswordWrong);
  await screenshot(page, 'account-profile-errors-zh-CN', testInfo, { fullPage: true });

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/demo/ironUser/updateUser'));
  await page.locator('#profile-current-password').fill(shopper.password);
  await submit(page).click();
  expect((await saved).request().postDataJSON()).toEqual({
    email: newEmail,
    firstName: 'Lina',
    lastName: 'Na',
    gender: 'female',
    birthday: { day: 14, month: 2, year: 1990 },
    subscribe: true,
    updateOrderEmail: true,
    currentPassword: shopper.password,
  });
  await expect(notices(page).filter({ hasText: m.profile.saved })).toBeVisible();
  await expect(page.locator('#profile-current-password')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('#profile-email')).toHaveValue(newEmail);
  await expect(page.locator('#profile-first-name')).toHaveValue('Lina');
  await expect(page.locator('#profile-last-name')).toHaveValue('Na');
  await expect(form(page).getByLabel(m.gender.female)).toBeChecked();
  await expect(page.locator('#profile-birthday-day')).toHaveValue('14');
  await expect(page.locator('#profile-birthday-month')).toHaveValue('2');
  await expect(page.locator('#profile-birthday-year')).toHaveValue('1990');
  await expect(form(page).getByLabel(m.profile.subscribe)).toBeChecked();
  await expect(form(page).getByLabel(m.profile.updateOrderEmail)).toBeChecked();
  await screenshot(page, 'account-profile-saved-zh-CN', testInfo, { fullPage: true });
});

test('en-US: change the password with the form messages; this session stays, the old password stops working', async ({ page }, testInfo) => {
  const m = MESSAGES['en-US'];
  const shopper = await signedInShopper(page, 'en-US', newShopper('Chris', 'Doyle'));
  const newPassword = 'Second#kit9';
  await page.goto('/en-US/account/');
  await page.getByRole('link', { name: m.hub.password }).click();
  await expect(page).toHaveURL(/\/en-US\/change-password\/$/);

  await submit(page).click();
  await expectError(page, 'password-new', m.validation.newPasswordRequired);
  await page.locator('#password-new').fill('abc');
  await expectError(page, 'password-new', m.validation.passwordLength);
  await page.locator('#password-new').fill(newPassword);
  await page.locator('#password-confirm').fill('Second#kit8');
  await expectError(page, 'password-confirm', m.validation.changePasswordsInconsistent);
  await screenshot(page, 'account-password-errors-en-US', testInfo, { fullPage: true });
  await page.locator('#password-confirm').fill(newPassword);
  await submit(page).click();
  await expect(notices(page).filter({ hasText: m.password.saved })).toBeVisible();
  await expect(page.locator('#password-new')).toHaveValue('');
  await expect(page.locator('#password-new')).not.toHaveAttribute('aria-invalid', 'true');

  // Still signed in here; the old password is refused, the new one accepted.
  await page.goto('/en-US/myprofile/');
  await expect(page.locator('#profile-email')).toHaveValue(shopper.email);
  expect((await api(page.request, '/demo/permissionAuth/doLogin', { username: shopper.email, password: shopper.password })).code).toBe('1401');
  await signInTokens(page.request, { email: shopper.email, password: newPassword });
});

test('en-US: an expired access token is refreshed exactly once and the page\'s calls retried with the new one', async ({ page }) => {
  const shopper = await signedInShopper(page, 'en-US', newShopper('Pat', 'Quinn'));
  // A genuine token of the live session that expired a minute ago (the e2e server's key).
  const claims = decodeJwt(shopper.tokens.token);
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ sid: claims['sid'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(claims.sub!)
    .setIssuer(claims.iss!)
    .setAudience(claims.aud!)
    .setIssuedAt(now - 960)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_AUTH_SECRET));
  await page.evaluate((token) => localStorage.setItem('SOY_token', JSON.stringify(token)), expired);

  const refreshes: string[] = [];
  const profileBearers: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refreshToken')) refreshes.push(request.postDataJSON().refreshToken as string);
    if (request.url().endsWith('/api/demo/ironUser/getUser')) profileBearers.push(request.headers()['authorization'] ?? '');
  });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refreshToken'));
  await page.goto('/en-US/myprofile/');
  const pair = ((await (await refreshed).json()) as { code: string; data: { token: string; refreshToken: string } }).data;
  await expect(page.locator('#profile-email')).toHaveValue(shopper.email);
  // Every call of the page (profile, cart count) shared the one refresh.
  await page.waitForLoadState('networkidle');
  expect(refreshes).toEqual([shopper.tokens.refreshToken]);
  // The profile call went with the expired token and was retried, or (when another call of the
  // page had already started the refresh) waited for it and went once with the new token.
  expect([[`Bearer ${expired}`, `Bearer ${pair.token}`], [`Bearer ${pair.token}`]]).toContainEqual(profileBearers);
  expect(await storedSession(page)).toEqual({ token: JSON.stringify(pair.token), refreshToken: JSON.stringify(pair.refreshToken) });
  await expect(page.locator('[data-toasts] .app-toast')).toHaveCount(0);
});

test('en-US: logging out in one tab signs out the others', async ({ page, context }) => {
  const m = MESSAGES['en-US'];
  await signedInShopper(page, 'en-US', newShopper('Kim', 'Ellis'));
  const other = await context.newPage();
  await other.goto('/en-US/myprofile/');
  await expect(other.locator('#profile-first-name')).toHaveValue('Kim');
  const third = await context.newPage();
  await third.goto('/en-US/');
  await expect(third.locator('a[data-account-link]')).toHaveAttribute('href', '/en-US/account/');

  await page.goto('/en-US/account/');
  await page.getByRole('button', { name: m.hub.logout }).click();
  await page.getByRole('dialog').getByRole('button', { name: m.hub.yes }).click();
  await expect(page).toHaveURL(/\/en-US\/$/);

  // The protected page goes to login (and would come back after signing in); the public one
  // just shows the sign-in link again.
  await expect(other).toHaveURL(new RegExp(`/en-US/login/\\?redirect=${escapeRegExp(encodeURIComponent('/en-US/myprofile/'))}$`));
  await expect(third.locator('a[data-account-link]')).toHaveAttribute('href', '/en-US/login/');
});
