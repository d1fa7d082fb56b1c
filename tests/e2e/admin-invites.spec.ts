/**
 * Staff invites by clicks (issue 33; docs/back-office.md "Inviting staff"): the owner invites from
 * the staff screen, the mail reaches the SMTP receiver, the invitee opens its link signed out, sets
 * a name and password and lands in the back office; then turns two-step sign-in on (the key read
 * off the screen), signs out, signs in with a code, and, the phone lost, with a recovery code. The
 * used link is dead afterwards. en-US at 1440 px, zh-CN at 375 px, with screenshots.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import enInvites from '../../src/i18n/locales/en-US/admin-invites.json' with { type: 'json' };
import zhInvites from '../../src/i18n/locales/zh-CN/admin-invites.json' with { type: 'json' };
import enTwoStep from '../../src/i18n/locales/en-US/admin-two-step.json' with { type: 'json' };
import zhTwoStep from '../../src/i18n/locales/zh-CN/admin-two-step.json' with { type: 'json' };
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, dialogSettled, expect, label, test, topDialog } from './support/admin.ts';
import { authenticator } from './support/authenticator.ts';
import { waitForMail } from './support/mail.ts';

test.describe.configure({ timeout: 2 * JOURNEY_TIMEOUT_MS });

const TEXT = {
  'en-US': { invites: enInvites, twoStep: enTwoStep, subject: /invitation/ },
  'zh-CN': { invites: zhInvites, twoStep: zhTwoStep, subject: /邀请/ },
} as const;

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const { invites: I, twoStep: T, subject } = TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner invites, the invitee joins from the mailed link, turns two-step sign-in on, signs in with a code, then with a recovery code`, async ({ page, browser, baseURL }, testInfo) => {
      const email = `invitee-${randomBytes(4).toString('hex')}@example.com`;
      const password = `Kit-${randomBytes(3).toString('hex')}`;

      // The owner's invite, from the staff screen.
      await page.goto('/admin/staff');
      await page.getByTestId('invite-open').click();
      const dialog = topDialog(page);
      // A press while the dialog still zooms in is released on its backdrop: no click (support/admin.ts).
      await dialogSettled(page);
      await dialog.getByLabel(I.email).fill(email);
      await screenshot(page, `admin-invite-dialog-${locale}`, testInfo);
      await dialog.getByRole('button', { name: label(I.send) }).click();
      await expect(page.getByText(I.sent.replace('{{email}}', email))).toBeVisible();
      const pending = page.getByTestId('pending-invite').filter({ hasText: email });
      await expect(pending).toHaveCount(1);
      await expect(pending).toContainText(I.sendCount_one);

      // The mail, in the owner's language, with the link.
      const mail = await waitForMail({ to: email, subject }, 30_000);
      const link = new URL(/(https?:\/\/\S+\/admin\/invite\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!);

      // The invitee, signed out in a browser of their own.
      const context = await browser.newContext({
        baseURL,
        viewport: page.viewportSize(),
        storageState: { cookies: [], origins: [{ origin: baseURL!, localStorage: [{ name: 'SOY_lang', value: JSON.stringify(locale) }] }] },
      });
      const invitee = await context.newPage();
      await invitee.goto(link.pathname + link.search);
      const form = invitee.getByTestId('invite-form');
      await expect(invitee.getByTestId('invite-screen')).toContainText(email);
      await form.getByLabel(I.accept.firstName).fill('Ines');
      await form.getByLabel(I.accept.lastName).fill('Varga');
      await form.getByLabel(I.accept.password, { exact: true }).fill(password);
      await form.getByLabel(I.accept.confirm).fill('not-the-same');
      await form.getByRole('button', { name: label(I.accept.submit) }).click();
      await expect(form.getByText(I.accept.mismatch)).toBeVisible();
      await form.getByLabel(I.accept.confirm).fill(password);
      await screenshot(invitee, `admin-invite-accept-${locale}`, testInfo);
      await form.getByRole('button', { name: label(I.accept.submit) }).click();
      await expect(invitee.getByTestId('user-menu')).toBeVisible();

      // Two-step sign-in from the user menu: the key read off the screen, a code from the "app".
      await invitee.getByTestId('user-menu').click();
      await invitee.getByRole('menuitem', { name: T.menu }).click();
      const panel = topDialog(invitee);
      await dialogSettled(invitee);
      await panel.getByRole('button', { name: label(T.setUp) }).click();
      await expect(panel.getByRole('img', { name: T.qrAlt })).toBeVisible();
      const nextCode = authenticator((await panel.getByTestId('two-step-secret').innerText()).trim());
      await panel.getByLabel(T.enterCode).fill(await nextCode(invitee));
      await panel.getByRole('button', { name: label(T.confirm) }).click();
      const codes = panel.getByTestId('recovery-codes').getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recoveryCode = (await codes.first().innerText()).trim();
      await panel.getByRole('button', { name: label(T.codesSaved) }).click();
      await expect(panel.getByTestId('two-step-state')).toHaveText(T.on);
      await panel.getByRole('button', { name: /close|关闭/i }).first().click();
      await expect(panel).toBeHidden();

      const signOut = async (at: Page) => {
        await at.getByTestId('user-menu').click();
        await at.getByRole('menuitem', { name: A.header.logout }).click();
        await confirmIn(at, A.common.confirm);
        await expect(at).toHaveURL(/\/admin\/login/);
      };
      const passwordStep = async (at: Page) => {
        await at.goto('/admin/login');
        await at.getByLabel(A.login.email).fill(email);
        await at.getByLabel(A.login.password).fill(password);
        await at.getByRole('button', { name: label(A.login.submit) }).click();
      };
      await signOut(invitee);

      // The password, then a code.
      await passwordStep(invitee);
      const second = invitee.getByTestId('two-step-login');
      await second.getByLabel(T.code).fill(await nextCode(invitee));
      await second.getByRole('button', { name: label(T.login.submit) }).click();
      await expect(invitee.getByTestId('user-menu')).toBeVisible();
      await signOut(invitee);

      // The phone is lost: a recovery code instead.
      await passwordStep(invitee);
      await invitee.getByTestId('two-step-switch').click();
      await second.getByLabel(T.login.recoveryCode).fill(recoveryCode);
      await second.getByRole('button', { name: label(T.login.submit) }).click();
      await expect(invitee.getByTestId('user-menu')).toBeVisible();
      await screenshot(invitee, `admin-invite-joined-${locale}`, testInfo);

      // The link was spent: opened again, it says so.
      await invitee.goto(link.pathname + link.search);
      await expect(invitee.getByTestId('invite-dead')).toContainText(I.accept.dead);
      await context.close();

      // The owner's list no longer shows it.
      await page.reload();
      await expect(page.getByTestId('invites-card')).toBeVisible();
      await expect(page.getByTestId('pending-invite').filter({ hasText: email })).toHaveCount(0);
    });
  });
}
