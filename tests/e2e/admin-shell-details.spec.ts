/**
 * The back-office shell's details (issue 28) that need a browser: the full-screen toggle, the
 * frame's sizes as drawn and what each scroll mode scrolls, a tab's reload delays on the page's
 * own clock, and the user menu (name, the "tip"/"logoutConfirm" question, the session reset, and
 * "login or register" signed out). Desktop only (en-US): none of them differs at 375 px, where
 * admin-shell.spec.ts already runs the narrow layout. The address book's empty message is a unit
 * test (tests/unit/islands/address/address-book.test.ts).
 */
import type { Locator, Page } from '@playwright/test';
import type { UserInfo } from '../../src/domain/account.model.ts';
import { api, type Envelope } from '../support/api.ts';
import { ADMIN_TEXT, activeTab, confirmIn, expect, JOURNEY_TIMEOUT_MS, label, shell, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const A = ADMIN_TEXT['en-US'].admin;

/** A box's size as drawn, in whole pixels. */
async function drawn(locator: Locator): Promise<{ width: number; height: number }> {
  const box = (await locator.boundingBox())!;
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

/** How far the page itself and the main region are scrolled. */
function scrolled(page: Page): Promise<{ page: number; main: number }> {
  return page.evaluate(() => ({ page: document.scrollingElement!.scrollTop, main: document.getElementById('admin-content')!.scrollTop }));
}

test('en-US: the frame is drawn at the specification sizes, and each scroll mode scrolls its own part', async ({ page }) => {
  // Short enough that the dashboard overflows whatever scrolls it.
  await page.setViewportSize({ width: 1440, height: 420 });
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  const header = shell(page).locator('header');
  const footer = shell(page).locator('footer');
  const sider = page.getByTestId('sider');
  const main = page.getByRole('main');
  expect((await drawn(header)).height).toBe(56);
  expect((await drawn(page.getByTestId('tab-bar'))).height).toBe(44);
  expect((await drawn(footer)).height).toBe(48);
  expect((await drawn(sider)).width).toBe(220);
  await page.getByRole('button', { name: A.header.toggleSider }).click();
  await expect.poll(async () => (await drawn(sider)).width).toBe(64);
  await page.getByRole('button', { name: A.header.toggleSider }).click();
  await expect.poll(async () => (await drawn(sider)).width).toBe(220);

  // Content (the default): the main region scrolls, and the menu on its own; header, tabs and footer stay in view.
  const lastEntry = page.getByTestId('side-menu').getByRole('menuitem').last();
  await expect(lastEntry).not.toBeInViewport();
  await sider.hover();
  await page.mouse.wheel(0, 2_000);
  await expect(lastEntry).toBeInViewport();
  await main.hover();
  await page.mouse.wheel(0, 2_000);
  await expect.poll(async () => (await scrolled(page)).main).toBeGreaterThan(0);
  expect((await scrolled(page)).page).toBe(0);
  expect((await header.boundingBox())!.y).toBe(0);
  expect(Math.round((await footer.boundingBox())!.y + 48)).toBe(420);

  // Wrapper, chosen in the theme drawer: the whole page scrolls, the header with it.
  await page.getByRole('button', { name: A.header.themeDrawer }).click();
  const drawer = page.getByTestId('theme-drawer');
  await drawer.getByRole('radiogroup', { name: A.theme.scrollMode }).getByText(A.theme.scrollModes.wrapper, { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.evaluate(() => document.getElementById('admin-content')!.scrollTo(0, 0));
  await main.hover();
  await page.mouse.wheel(0, 2_000);
  await expect.poll(async () => (await scrolled(page)).page).toBeGreaterThan(0);
  expect((await scrolled(page)).main).toBe(0);
  expect((await header.boundingBox())!.y).toBeLessThan(0);
});

for (const { animate, delay } of [
  { animate: true, delay: 300 },
  { animate: false, delay: 40 },
]) {
  test.describe(() => {
    test.use({ adminStorage: { SOY_themeSettings: { page: { animate } } } });

    test(`en-US: a reloaded tab comes back fresh after ${delay} ms with page animation ${animate ? 'on' : 'off'}`, async ({ page }) => {
      await page.clock.install();
      await page.goto('/admin/audit');
      const action = page.getByLabel(A.audit.action, { exact: true });
      await expect(activeTab(page)).toContainText(A.route.audit);
      await action.fill('order.mo');
      await page.getByRole('tab', { name: A.route.audit }).click({ button: 'right' });
      const reload = page.getByRole('menuitem', { name: A.tabs.reload });
      await expect(reload).toBeVisible();
      // The menu has finished opening: its motion steps on the page's clock, which stands still next.
      await expect(page.locator('.ant-dropdown').filter({ has: reload })).not.toHaveClass(/-(appear|enter)\b/);
      // The page's time stands still from here, and passes only as the test lets it.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await reload.click();
      await expect(page.locator('[data-pane="/audit"]').getByRole('status')).toBeVisible();
      await expect(action).toHaveCount(0);
      await page.clock.runFor(delay - 1);
      await expect(action).toHaveCount(0);
      await page.clock.runFor(1);
      await expect(action).toBeVisible();
      // Its screen started over: the typed filter is gone.
      await expect(action).toHaveValue('');
    });
  });
}

test.describe(() => {
  // Its own sign-in: logging out ends this pair, which no other test may hold.
  test.use({ staff: 'R_ADMIN', ownSession: true });

  test('en-US: full screen on and off; the user menu shows the name and logs out after "tip", resetting the session; signed out it offers "login or register"', async ({ page, request, staffTokens }) => {
    const info = await request.get('/api/demo/ironUser/getUserInfo', { headers: { authorization: `Bearer ${staffTokens!.token}` } });
    const user = ((await info.json()) as Envelope<UserInfo>).data;
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();

    // The full-screen button: the whole page, and its name says how to leave.
    const fullscreenElement = () => page.evaluate(() => document.fullscreenElement?.tagName ?? null);
    expect(await fullscreenElement()).toBeNull();
    await page.getByRole('button', { name: A.header.fullscreen, exact: true }).click();
    await expect.poll(fullscreenElement).toBe('HTML');
    await page.getByRole('button', { name: A.header.exitFullscreen, exact: true }).click();
    await expect.poll(fullscreenElement).toBeNull();
    await expect(page.getByRole('button', { name: A.header.fullscreen, exact: true })).toBeVisible();

    const menu = page.getByTestId('user-menu');
    await expect(menu).toHaveText(user.userName);
    const stored = () => page.evaluate(() => ['SOY_token', 'SOY_refreshToken', 'SOY_globalTabs'].map((key) => localStorage.getItem(key) !== null));

    // Asked first: "No" keeps the session.
    const question = page.getByRole('dialog', { name: A.logout.tip });
    await menu.click();
    await page.getByRole('menuitem', { name: A.header.logout }).click();
    await expect(question).toContainText(A.logout.logoutConfirm);
    await question.getByRole('button', { name: label(A.common.cancel) }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(await stored()).toEqual([true, true, true]);

    // "Yes": the login page, nothing of the session left here, and the server refuses its refresh token.
    await menu.click();
    await page.getByRole('menuitem', { name: A.header.logout }).click();
    await confirmIn(page, A.common.confirm);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: A.login.title })).toBeVisible();
    expect(await stored()).toEqual([false, false, false]);
    const refreshed = await api(request, '/auth/refreshToken', { refreshToken: staffTokens!.refreshToken });
    expect(refreshed.code).not.toBe('0000');

    // Signed out, the screens outside the shell offer "login or register", which goes to the login page.
    await page.goto('/admin/404');
    const login = page.getByRole('button', { name: A.header.loginOrRegister });
    await expect(login).toBeVisible();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await login.click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
