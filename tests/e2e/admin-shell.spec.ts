/**
 * The back office's shell (issue 16 "The shell") in the built site, signed in as the demo staff the
 * e2e server seeds (src/server/modules/staff/demo.ts): sign-in and deep links, the 403 screen for
 * customers, theme settings that survive a reload, the tab bar and its cache, the menu search by
 * keyboard, the watermark, and the narrow layout.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/modules/staff/demo.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';

// The app's first start parses a few hundred KB of antd; on a busy shared machine that took
// over 20 s, so waits get more room (no assertion is about time), and this file's journeys run
// one after another rather than beside each other.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ mode: 'default', timeout: 300_000 });

const account = (role: string) => DEMO_ACCOUNTS.find((demo) => demo.role === role)!;

/** Signs in through the API and leaves the token pair where the login page would. */
async function signInAs(page: Page, role: 'R_SUPER' | 'R_ADMIN' | 'R_CUSTOMER', locale: 'en-US' | 'zh-CN' = 'en-US') {
  const demo = account(role);
  const pair = await apiData<{ token: string; refreshToken: string }>(page.request, '/demo/permissionAuth/doLogin', { username: demo.email, password: demo.password });
  await page.addInitScript(
    ({ pair, locale }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('SOY_token', JSON.stringify(pair.token));
      localStorage.setItem('SOY_refreshToken', JSON.stringify(pair.refreshToken));
      localStorage.setItem('SOY_lang', JSON.stringify(locale));
    },
    { pair, locale },
  );
}

const shell = (page: Page) => page.locator('.admin-shell');
const tabIds = (page: Page) => page.getByTestId('tab-bar').locator('[role="tab"]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-tab')));
const activeTab = (page: Page) => page.getByTestId('tab-bar').locator('[role="tab"][aria-selected="true"]');

test('en-US: a signed-out visitor gets the login page, the quick pick signs a super admin in, and the deep link opens', async ({ page }, testInfo) => {
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Faudit$/);
  await expect(page.getByRole('heading', { name: 'Back office sign in' })).toBeVisible();
  await page.getByTestId('demo-accounts').getByRole('button', { name: 'Super admin' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(account('R_SUPER').email);
  await screenshot(page, 'admin-login', testInfo);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByText('Login succeeded')).toBeVisible();
  await expect(page.getByTestId('audit-filters')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff' })).toBeVisible();
});

test('a deep link to an order opens the back office directly from the server', async ({ page }) => {
  await signInAs(page, 'R_ADMIN');
  const response = await page.goto('/admin/orders/JS-7KQ4M-2XPHD');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('tab', { name: /Order JS-7KQ4M-2XPHD/ })).toBeVisible();
  // An admin holds no audit or staff code: neither is in the menu, and the audit screen is refused.
  await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByTestId('error-403')).toBeVisible();
});

test('a customer sees the 403 screen @viewports', async ({ page }) => {
  await signInAs(page, 'R_CUSTOMER');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/403$/);
  await expect(page.getByTestId('error-403')).toBeVisible();
  await expect(page.getByTestId('error-403').locator('svg')).toBeVisible();
});

test('en-US: dark scheme and horizontal-mix chosen in the drawer survive a reload', async ({ page }, testInfo) => {
  await signInAs(page, 'R_SUPER');
  await page.goto('/admin/dashboard');
  await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
  await page.getByTestId('open-theme-drawer').click();
  const drawer = page.getByTestId('theme-drawer');
  await expect(drawer).toBeVisible();
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(360);
  await drawer.getByTestId('drawer-scheme').getByText('Dark', { exact: true }).click();
  await drawer.getByTestId('layout-horizontal-mix').click();
  // Applied at once, without a reload.
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
  await expect(shell(page)).toHaveAttribute('data-layout', 'horizontal-mix');
  await screenshot(page, 'admin-theme-drawer-dark', testInfo);
  await page.reload();
  await expect(shell(page)).toHaveAttribute('data-layout', 'horizontal-mix');
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
  await expect(page.getByTestId('top-menu')).toBeVisible();
  // The header's switch goes on round: dark -> auto -> light.
  await page.getByTestId('scheme').click();
  await expect(page.getByTestId('scheme')).toHaveAttribute('data-scheme', 'auto');
  await page.getByTestId('scheme').click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');
});

test('en-US: tabs open with navigation, keep a half-typed filter, and close as the template says', async ({ page }) => {
  await signInAs(page, 'R_SUPER');
  await page.goto('/admin/dashboard');
  const menu = page.getByTestId('side-menu');
  for (const name of ['Orders', 'Audit log', 'Staff']) {
    await menu.getByRole('menuitem', { name }).click();
    await expect(activeTab(page)).toContainText(name);
  }
  await expect.poll(() => tabIds(page)).toEqual(['/dashboard', '/orders', '/audit', '/staff']);

  // A filter typed but not applied survives switching tabs (the screen stays mounted).
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByTestId('audit-action').fill('order.mo');
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByTestId('audit-action')).toBeHidden();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-action')).toBeVisible();
  await expect(page.getByTestId('audit-action')).toHaveValue('order.mo');

  // Closing the active tab (audit) shows the last remaining one (staff).
  await page.getByRole('button', { name: 'Close Audit log' }).click();
  await expect.poll(() => tabIds(page)).toEqual(['/dashboard', '/orders', '/staff']);
  await expect(activeTab(page)).toHaveAttribute('data-tab', '/staff');
  await expect(page).toHaveURL(/\/admin\/staff$/);

  // Clear left of staff, then right of the home tab: the fixed home tab stays.
  await page.getByRole('tab', { name: 'Staff' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close tabs to the left' }).click();
  await expect.poll(() => tabIds(page)).toEqual(['/dashboard', '/staff']);
  await page.getByRole('tab', { name: 'Dashboard' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close tabs to the right' }).click();
  await expect.poll(() => tabIds(page)).toEqual(['/dashboard']);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('button', { name: /^Close Dashboard/ })).toHaveCount(0);
});

test('en-US: the menu search works by keyboard alone', async ({ page }) => {
  await signInAs(page, 'R_SUPER');
  await page.goto('/admin/dashboard');
  await expect(shell(page)).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('menu-search-input');
  await expect(input).toBeFocused();
  await page.keyboard.type('zzz');
  await expect(page.getByTestId('menu-search').locator('.ant-empty-description')).toHaveText('No data');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('o');
  // "o" finds Dashboard (path), Orders and Audit log; arrows move, Enter opens.
  const options = page.getByRole('option');
  await expect(options).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(input).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('menu-search-input')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-search-input')).toBeHidden();
});

test('en-US: the watermark shows when switched on, with the brand and the user name', async ({ page }, testInfo) => {
  await signInAs(page, 'R_SUPER');
  await page.goto('/admin/dashboard');
  await expect(page.locator('.admin-watermark')).toHaveCount(0);
  await page.getByTestId('open-theme-drawer').click();
  await page.getByTestId('watermark-switch').getByRole('switch').click();
  const mark = page.locator('.admin-watermark > div[style*="background-image"]');
  await expect(mark).toHaveCount(1);
  expect((await mark.getAttribute('style')) ?? '').toContain('z-index: 9999');
  // Over the whole screen.
  expect(await mark.boundingBox()).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await screenshot(page, 'admin-watermark', testInfo);
  await page.reload();
  await expect(page.locator('.admin-watermark > div[style*="background-image"]')).toHaveCount(1);
});

test('zh-CN: at 375 px the layout is vertical with the menu in a drawer, and the chosen layout returns when wide', async ({ page }, testInfo) => {
  await signInAs(page, 'R_SUPER', 'zh-CN');
  await page.addInitScript(() => localStorage.setItem('SOY_themeSettings', JSON.stringify({ layout: { mode: 'horizontal' } })));
  await page.goto('/admin/dashboard');
  await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
  await expect(shell(page)).toHaveAttribute('data-narrow', 'true');
  await expect(page.getByTestId('sider')).toHaveCount(0);
  await page.getByTestId('toggle-sider').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer.getByRole('menuitem', { name: '审计日志' })).toBeVisible();
  await screenshot(page, 'admin-narrow-menu', testInfo);
  await drawer.getByRole('menuitem', { name: '员工' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(drawer.getByRole('menuitem', { name: '审计日志' })).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(shell(page)).toHaveAttribute('data-layout', 'horizontal');
  await expect(page.getByTestId('top-menu')).toBeVisible();
});
