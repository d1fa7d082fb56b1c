/**
 * Staff sessions by clicks (issue 33; docs/back-office.md "Sessions"): a staff member signed in
 * in two browsers (the second a Firefox on Windows) opens "My sessions" in the first, sees both
 * (the first marked as this device), ends the other, and the other browser is sent to sign in at
 * its next step; then the owner ends the member's remaining session from the staff screen and the
 * first browser is sent to sign in too. en-US at 1440 px, zh-CN at 375 px, with screenshots.
 */
import enSessions from '../../src/i18n/locales/en-US/admin-sessions.json' with { type: 'json' };
import zhSessions from '../../src/i18n/locales/zh-CN/admin-sessions.json' with { type: 'json' };
import type { StaffMember } from '../../src/domain/back-office/staff.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, test, topDialog } from './support/admin.ts';
import { E2E_OWNER } from './support/env.ts';
import { registerShopper } from './support/shoppers.ts';
import type { Page } from '@playwright/test';

test.describe.configure({ timeout: 2 * JOURNEY_TIMEOUT_MS });

const SESSIONS = { 'en-US': enSessions, 'zh-CN': zhSessions } as const;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const S = SESSIONS[locale];
  const device = (browser: string, os: string) => S.device.replace('{{browser}}', browser).replace('{{os}}', os);

  test.describe(() => {
    test.use({ adminLocale: locale, staff: 'signed-out' });

    test(`${locale}: a staff member ends their session in another browser, which is sent to sign in; the owner ends the last one`, async ({ page, browser, request, ownerApi, baseURL }, testInfo) => {
      const member = await registerShopper(request);
      const { userId } = await ownerApi<StaffMember>('/admin/staff/grant', { email: member.email, role: 'R_ADMIN' });
      const signIn = async (at: Page) => {
        await at.goto('/admin/login');
        await at.getByLabel(A.login.email).fill(member.email);
        await at.getByLabel(A.login.password).fill(member.password);
        await at.getByRole('button', { name: label(A.login.submit) }).click();
        await expect(at.getByTestId('user-menu')).toBeVisible();
      };
      // Another browser at the same size and in the same language, signed out.
      const newBrowser = (userAgent?: string) =>
        browser.newContext({
          baseURL: baseURL!,
          viewport: page.viewportSize(),
          ...(userAgent ? { userAgent } : {}),
          storageState: { cookies: [], origins: [{ origin: baseURL!, localStorage: [{ name: 'SOY_lang', value: JSON.stringify(locale) }] }] },
        });
      const other = await newBrowser(FIREFOX_WINDOWS);
      try {
        const elsewhere = await other.newPage();
        await signIn(elsewhere);
        await signIn(page);

        // My sessions, from the user menu: both browsers, this one marked.
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: S.menu }).click();
        const dialog = topDialog(page);
        const rows = dialog.getByTestId('sessions-table').locator('tbody tr[data-row-key]');
        await expect(rows).toHaveCount(2);
        const firefox = rows.filter({ hasText: device('Firefox', 'Windows') });
        await expect(firefox).toHaveCount(1);
        await expect(firefox.getByTestId('session-current')).toHaveCount(0);
        await expect(rows.filter({ has: page.getByTestId('session-current') })).toHaveCount(1);
        await screenshot(page, `admin-sessions-mine-${locale}`, testInfo);

        // End the other browser's session: asked first, then gone from the list.
        await firefox.getByRole('button', { name: S.endNamed.replace('{{device}}', device('Firefox', 'Windows')) }).click();
        await expect(topDialog(page)).toContainText(device('Firefox', 'Windows'));
        await confirmIn(page, A.common.confirm);
        await expect(rows).toHaveCount(1);
        await expect(rows.first().getByTestId('session-current')).toBeVisible();

        // The other browser's next step sends it to sign in.
        await elsewhere.goto('/admin/staff');
        await expect(elsewhere).toHaveURL(/\/admin\/login/);
        await expect(elsewhere.getByLabel(A.login.email)).toBeVisible();

        // Keyboard: the dialog closes with Escape.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await page.goto('/admin/staff');
        await expect(page.getByTestId('user-menu')).toBeVisible();
      } finally {
        await other.close();
      }

      // The owner, in a browser of their own, ends the member's last session from the staff screen.
      const owner = await newBrowser();
      try {
        const ownerPage = await owner.newPage();
        await ownerPage.goto('/admin/login');
        await ownerPage.getByLabel(A.login.email).fill(E2E_OWNER.email);
        await ownerPage.getByLabel(A.login.password).fill(E2E_OWNER.password);
        await ownerPage.getByRole('button', { name: label(A.login.submit) }).click();
        await expect(ownerPage.getByTestId('user-menu')).toBeVisible();
        await ownerPage.goto('/admin/staff');
        const search = ownerPage.getByPlaceholder(A.staff.searchPlaceholder);
        await search.fill(member.email);
        await search.press('Enter');
        const row = ownerPage.getByRole('row').filter({ hasText: member.email });
        await expect(row).toHaveCount(1);
        await row.getByTestId(`sessions-${userId}`).click();
        const dialog = topDialog(ownerPage);
        await expect(dialog).toContainText(S.memberTitle.replace('{{email}}', member.email));
        await expect(dialog.getByTestId('sessions-table').locator('tbody tr[data-row-key]')).toHaveCount(1);
        await screenshot(ownerPage, `admin-sessions-member-${locale}`, testInfo);
        await dialog.getByTestId('member-sessions-end-all').click();
        await confirmIn(ownerPage, A.common.confirm);
        await expect(dialog.getByText(S.none)).toBeVisible();
      } finally {
        await owner.close();
      }
      await page.goto('/admin/staff');
      await expect(page).toHaveURL(/\/admin\/login/);
    });
  });
}
