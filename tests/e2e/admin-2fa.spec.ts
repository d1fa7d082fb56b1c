/**
 * Staff two-step sign-in by clicks (issue 33; docs/back-office.md "Two-step sign-in"): a staff
 * member turns it on from the user menu (the key read off the screen, codes computed here with
 * otpauth as a phone app would), signs out, signs in with the password and a code, then, as if the
 * phone were lost, with a recovery code; the owner resets a member's from the staff screen. en-US
 * at 1440 px, zh-CN at 375 px, with screenshots.
 */
import { Secret, TOTP } from 'otpauth';
import enTwoStep from '../../src/i18n/locales/en-US/admin-two-step.json' with { type: 'json' };
import zhTwoStep from '../../src/i18n/locales/zh-CN/admin-two-step.json' with { type: 'json' };
import type { StaffMember } from '../../src/domain/back-office/staff.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, dialogSettled, expect, label, test, topDialog } from './support/admin.ts';
import { apiData } from '../support/api.ts';
import { api, registerShopper, signInTokens } from './support/shoppers.ts';
import type { Page } from '@playwright/test';
import { authenticator } from './support/authenticator.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TWO_STEP = { 'en-US': enTwoStep, 'zh-CN': zhTwoStep } as const;

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const T = TWO_STEP[locale];

  test.describe(() => {
    test.use({ adminLocale: locale, staff: 'signed-out' });

    test(`${locale}: a staff member turns two-step sign-in on, signs in with a code, then with a recovery code`, async ({ page, request, ownerApi }, testInfo) => {
      const member = await registerShopper(request);
      await ownerApi<StaffMember>('/admin/staff/grant', { email: member.email, role: 'R_ADMIN' });

      const passwordStep = async () => {
        await page.goto('/admin/login');
        await page.getByLabel(A.login.email).fill(member.email);
        await page.getByLabel(A.login.password).fill(member.password);
        await page.getByRole('button', { name: label(A.login.submit) }).click();
      };
      const signOut = async (at: Page) => {
        await at.getByTestId('user-menu').click();
        await at.getByRole('menuitem', { name: A.header.logout }).click();
        await confirmIn(at, A.common.confirm);
        await expect(at).toHaveURL(/\/admin\/login/);
      };

      // Before: the password alone signs in.
      await passwordStep();
      await expect(page.getByTestId('user-menu')).toBeVisible();

      // Set up from the user menu: the QR code and the key, then a code from the "app".
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: T.menu }).click();
      const dialog = topDialog(page);
      await expect(dialog.getByTestId('two-step-state')).toHaveText(T.off);
      // A press while the dialog still zooms in is released on its backdrop: no click (support/admin.ts).
      await dialogSettled(page);
      await dialog.getByRole('button', { name: label(T.setUp) }).click();
      await expect(dialog.getByRole('img', { name: T.qrAlt })).toBeVisible();
      const secret = (await dialog.getByTestId('two-step-secret').innerText()).trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const nextCode = authenticator(secret);
      await screenshot(page, `admin-2fa-enrol-${locale}`, testInfo);
      await dialog.getByLabel(T.enterCode).fill(await nextCode(page));
      await dialog.getByRole('button', { name: label(T.confirm) }).click();

      // The ten recovery codes, shown once.
      const codes = dialog.getByTestId('recovery-codes').getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recoveryCode = (await codes.first().innerText()).trim();
      expect(recoveryCode).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
      await screenshot(page, `admin-2fa-recovery-codes-${locale}`, testInfo);
      await dialog.getByRole('button', { name: label(T.codesSaved) }).click();
      await expect(dialog.getByTestId('two-step-state')).toHaveText(T.on);
      await expect(dialog).toContainText(T.codesLeft_other.replace('{{count}}', '10'));
      await dialog.getByRole('button', { name: /close|关闭/i }).first().click();
      await expect(dialog).toBeHidden();
      await signOut(page);

      // The password now asks for the code.
      await passwordStep();
      const second = page.getByTestId('two-step-login');
      await expect(second.getByRole('heading', { name: T.login.title })).toBeVisible();
      await screenshot(page, `admin-2fa-login-${locale}`, testInfo);
      await second.getByLabel(T.code).fill(await nextCode(page));
      await second.getByRole('button', { name: label(T.login.submit) }).click();
      await expect(page.getByText(A.login.success)).toBeVisible();
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await signOut(page);

      // The phone is lost: a recovery code instead, once.
      await passwordStep();
      await page.getByTestId('two-step-switch').click();
      await expect(second).toContainText(T.login.recoveryHelp);
      await second.getByLabel(T.login.recoveryCode).fill(recoveryCode.toUpperCase());
      await screenshot(page, `admin-2fa-recovery-login-${locale}`, testInfo);
      await second.getByRole('button', { name: label(T.login.submit) }).click();
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: T.menu }).click();
      await expect(topDialog(page)).toContainText(T.codesLeft_other.replace('{{count}}', '9'));
    });
  });
}

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const T = TWO_STEP[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner resets a staff member's two-step sign-in from the staff screen; their password alone signs in again`, async ({ page, request, ownerApi }, testInfo) => {
      const member = await registerShopper(request);
      await ownerApi<StaffMember>('/admin/staff/grant', { email: member.email, role: 'R_ADMIN' });
      // The member turns it on through the API, as the panel would.
      const { token } = await signInTokens(request, member);
      const auth = { authorization: `Bearer ${token}` };
      const { secret } = await apiData<{ secret: string }>(request, '/admin/twoFactor/start', {}, auth);
      await apiData(request, '/admin/twoFactor/confirm', { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() }, auth);
      const login = { username: member.email, password: member.password };
      expect((await api(request, '/demo/permissionAuth/doLogin', login)).code).toBe('1428');

      await page.goto('/admin/staff');
      await expect(page.getByTestId('two-step-required-switch')).toBeVisible();
      const search = page.getByPlaceholder(A.staff.searchPlaceholder);
      await search.fill(member.email);
      await search.press('Enter');
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row).toHaveCount(1);
      await screenshot(page, `admin-2fa-staff-${locale}`, testInfo);
      await row.getByRole('button', { name: T.staff.resetFor.replace('{{email}}', member.email) }).click();
      await expect(topDialog(page)).toContainText(T.staff.resetConfirm.replace('{{email}}', member.email));
      await confirmIn(page, A.common.confirm);
      await expect(page.getByText(A.staff.done)).toBeVisible();
      // Their session ended; the password alone signs in, to set it up again.
      expect((await api(request, '/admin/twoFactor/start', {}, auth)).code).toBe('8888');
      expect((await api(request, '/demo/permissionAuth/doLogin', login)).code).toBe('0000');
    });
  });
}
