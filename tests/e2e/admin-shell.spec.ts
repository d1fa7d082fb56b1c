/**
 * The back office's shell (issue 16 "The shell") in the built site: sign-in and deep links, the
 * 403 screen for customers, theme settings that survive a reload, the tab bar and its cache, the
 * menu search by keyboard, the watermark, and the narrow layout. Each journey runs in en-US at
 * 1440 px and in zh-CN at 375 px (playwright.config.ts), signed in before it starts
 * (support/admin.ts) unless it is about signing in.
 */
import { ADMIN_LOCALES, ADMIN_TEXT, activeTab, expect, JOURNEY_TIMEOUT_MS, label, openFromMenu, shell, test } from './support/admin.ts';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/demo.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const tabIds = (page: Page) => page.getByRole('tablist').getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-tab')));
type AdminText = (typeof ADMIN_TEXT)[keyof typeof ADMIN_TEXT]['admin'];

/**
 * Runs a tab action on `tab`: from its context menu (right click) at 1440 px, from the tab bar's
 * actions button, which acts on the tab shown, at 375 px (a phone has no right click).
 */
async function tabAction(page: Page, A: AdminText, tab: string, action: string) {
  if ((await shell(page).getAttribute('data-narrow')) === 'true') {
    await page.getByRole('tab', { name: tab }).click();
    await expect(activeTab(page)).toContainText(tab);
    await page.getByTestId('tab-bar').getByRole('button', { name: A.tabs.more }).click();
  } else {
    await page.getByRole('tab', { name: tab }).click({ button: 'right' });
  }
  await page.getByRole('menuitem', { name: action }).click();
  // The menu is gone before the next opens (its items would match too).
  await expect(page.getByRole('menuitem', { name: action })).toBeHidden();
}

/** The watermark's tile layer, over everything. */
const watermark = (page: Page) => page.locator('div[style*="background-image"][style*="z-index: 9999"]');

test.describe('signed out', () => {
  test.use({ staff: 'signed-out' });

  for (const locale of ADMIN_LOCALES) {
    const { admin: A } = ADMIN_TEXT[locale];
    test.describe(() => {
      test.use({ adminLocale: locale });

      test(`${locale}: a signed-out visitor gets the login page, the quick pick signs a super admin in, and the deep link opens`, async ({ page }, testInfo) => {
        await page.goto('/admin/audit');
        await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Faudit$/);
        await expect(page.getByRole('heading', { name: A.login.title })).toBeVisible();
        await page.getByTestId('demo-accounts').getByRole('button', { name: label(A.login.demo.super) }).click();
        await expect(page.getByLabel(A.login.email)).toHaveValue(DEMO_ACCOUNTS.find((demo) => demo.role === 'R_SUPER')!.email);
        await screenshot(page, `admin-login-${locale}`, testInfo);
        await page.getByRole('button', { name: label(A.login.submit) }).click();
        await expect(page).toHaveURL(/\/admin\/audit$/);
        await expect(page.getByText(A.login.success)).toBeVisible();
        await expect(page.getByTestId('audit-filters')).toBeVisible();
        await expect(activeTab(page)).toContainText(A.route.audit);
      });
    });
  }
});

test.describe('as an admin', () => {
  test.use({ staff: 'R_ADMIN' });

  test('a deep link to an order opens the back office directly from the server', async ({ page }) => {
    const response = await page.goto('/admin/orders/JS-7KQ4M-2XPHD');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('tab', { name: /Order JS-7KQ4M-2XPHD/ })).toBeVisible();
    // An admin holds no audit or staff code: neither is in the menu, and the audit screen is refused.
    await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
    await page.goto('/admin/audit');
    await expect(page.getByTestId('error-403')).toBeVisible();
  });
});

test.describe('as a customer', () => {
  test.use({ staff: 'R_CUSTOMER' });

  test('a customer sees the 403 screen @viewports', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/403$/);
    await expect(page.getByTestId('error-403')).toBeVisible();
    await expect(page.getByTestId('error-403').locator('svg')).toBeVisible();
  });
});

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: dark scheme and horizontal-mix chosen in the drawer survive a reload`, async ({ page }, testInfo) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      const narrow = (page.viewportSize()?.width ?? 0) < 576;
      await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
      await page.getByRole('button', { name: A.header.themeDrawer }).click();
      const drawer = page.getByTestId('theme-drawer');
      await expect(drawer).toBeVisible();
      expect(Math.round((await drawer.boundingBox())!.width)).toBe(360);
      await drawer.getByTestId('drawer-scheme').getByText(A.theme.schemes.dark, { exact: true }).click();
      await drawer.getByRole('radio', { name: A.theme.layouts['horizontal-mix'] }).click();
      // Applied at once, without a reload; a phone keeps drawing the vertical layout.
      await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
      await expect(shell(page)).toHaveAttribute('data-layout', narrow ? 'vertical' : 'horizontal-mix');
      await screenshot(page, `admin-theme-drawer-dark-${locale}`, testInfo);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
      if (narrow) {
        await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      await expect(shell(page)).toHaveAttribute('data-layout', 'horizontal-mix');
      await expect(page.getByTestId('top-menu')).toBeVisible();
      // The header's switch goes on round: dark -> auto -> light.
      await page.getByTestId('scheme').click();
      await expect(page.getByTestId('scheme')).toHaveAttribute('data-scheme', 'auto');
      await page.getByTestId('scheme').click();
      await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');
    });

    test(`${locale}: tabs open with navigation, keep a half-typed filter, and close as the template says`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      for (const name of [A.route.orders, A.route.audit, A.route.staff]) await openFromMenu(page, name);
      await expect.poll(() => tabIds(page)).toEqual(['/dashboard', '/orders', '/audit', '/staff']);

      // A filter typed but not applied survives switching tabs (the screen stays mounted).
      const action = page.getByLabel(A.audit.action, { exact: true });
      await page.getByRole('tab', { name: A.route.audit }).click();
      await action.fill('order.mo');
      await page.getByRole('tab', { name: A.route.staff }).click();
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await expect(action).toBeHidden();
      await page.getByRole('tab', { name: A.route.audit }).click();
      await expect(action).toBeVisible();
      await expect(action).toHaveValue('order.mo');

      // Closing the active tab (audit) shows the last remaining one (staff).
      await page.getByRole('tab', { name: A.route.audit }).getByTestId('tab-close').click();
      await expect.poll(() => tabIds(page)).toEqual(['/dashboard', '/orders', '/staff']);
      await expect(activeTab(page)).toHaveAttribute('data-tab', '/staff');
      await expect(page).toHaveURL(/\/admin\/staff$/);

      // Clear left of staff, then right of the home tab: the fixed home tab stays.
      await tabAction(page, A, A.route.staff, A.tabs.closeLeft);
      await expect.poll(() => tabIds(page)).toEqual(['/dashboard', '/staff']);
      await tabAction(page, A, A.route.dashboard, A.tabs.closeRight);
      await expect.poll(() => tabIds(page)).toEqual(['/dashboard']);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('tab', { name: A.route.dashboard }).getByTestId('tab-close')).toHaveCount(0);
    });

    test(`${locale}: the menu search works by keyboard alone`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('button', { name: A.header.menuSearch })).toBeVisible();
      await page.keyboard.press('Control+k');
      const search = page.getByTestId('menu-search');
      const input = page.getByTestId('menu-search-input');
      await expect(input).toBeFocused();
      await page.keyboard.type('zzz');
      await expect(search.getByText(A.search.noData).locator('visible=true')).toBeVisible();
      await page.keyboard.press('Control+a');
      // "o" finds entries by their path too, so it matches in either language.
      await page.keyboard.type('o');
      const options = page.getByRole('option');
      await expect(options.first()).toBeVisible();
      const names = await options.allTextContents();
      const orders = names.findIndex((name) => name.includes(A.route.orders));
      expect(names.length).toBeGreaterThan(1);
      expect(orders).toBeGreaterThan(0);
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      // Arrows move the selection (and back), Enter opens it.
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowUp');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      for (let step = 0; step < orders; step += 1) await page.keyboard.press('ArrowDown');
      await expect(options.nth(orders)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await expect(input).toBeHidden();
      await page.keyboard.press('Control+k');
      await expect(input).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(input).toBeHidden();
      // Escape closes it wherever the focus is.
      await page.keyboard.press('Control+k');
      await expect(input).toBeVisible();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Escape');
      await expect(input).toBeHidden();
      // Opened again while it is still closing, over a screen that mounts a dialog of its own (the
      // orders' saved views): antd's Escape then went to that closed dialog, and the palette stayed.
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('button', { name: A.header.menuSearch })).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(input).toBeFocused();
      await page.keyboard.type('o');
      await expect(options.nth(orders)).toBeVisible();
      for (let step = 0; step < orders; step += 1) await page.keyboard.press('ArrowDown');
      await expect(options.nth(orders)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+k');
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await expect(page.getByTestId('order-views-save')).toBeAttached();
      await expect(input).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(input).toBeHidden();
    });

    test(`${locale}: the watermark shows when switched on, over the whole screen, and stays after a reload`, async ({ page }, testInfo) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      const mark = watermark(page);
      await expect(mark).toHaveCount(0);
      await page.getByRole('button', { name: A.header.themeDrawer }).click();
      await page.getByTestId('watermark-switch').getByRole('switch').click();
      await expect(mark).toHaveCount(1);
      const { width, height } = page.viewportSize()!;
      expect(await mark.boundingBox()).toEqual({ x: 0, y: 0, width, height });
      await page.keyboard.press('Escape');
      await screenshot(page, `admin-watermark-${locale}`, testInfo);
      await page.reload();
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expect(mark).toHaveCount(1);
    });
  });

  test.describe(() => {
    test.use({ adminLocale: locale, adminStorage: { SOY_themeSettings: { layout: { mode: 'horizontal' } } } });

    test(`${locale}: at 375 px the layout is vertical with the menu in a drawer, and the chosen layout returns when wide`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/admin/dashboard');
      await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
      await expect(shell(page)).toHaveAttribute('data-narrow', 'true');
      await expect(page.getByTestId('sider')).toHaveCount(0);
      await page.getByRole('button', { name: A.header.toggleSider }).click();
      const drawer = page.getByTestId('menu-drawer');
      await expect(drawer.getByRole('menuitem', { name: A.route.audit })).toBeVisible();
      await screenshot(page, `admin-narrow-menu-${locale}`, testInfo);
      // Escape closes it and gives the focus back to the menu button.
      const toggle = page.getByRole('button', { name: A.header.toggleSider });
      await page.keyboard.press('Escape');
      await expect(drawer.getByRole('menuitem', { name: A.route.audit })).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await drawer.getByRole('menuitem', { name: A.route.staff }).click();
      // A control taken while the drawer is still closing keeps the focus: the drawer does not
      // give it to the menu button once its motion ends (a select opened there would close).
      await expect(page.locator('.ant-drawer-left')).not.toHaveClass(/ant-drawer-open/);
      const themeButton = page.getByRole('button', { name: A.header.themeDrawer });
      await themeButton.focus();
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await expect(drawer.getByRole('menuitem', { name: A.route.audit })).toBeHidden();
      await page.waitForTimeout(1_000);
      await expect(themeButton).toBeFocused();
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(shell(page)).toHaveAttribute('data-layout', 'horizontal');
      await expect(page.getByTestId('top-menu')).toBeVisible();
    });
  });
}
