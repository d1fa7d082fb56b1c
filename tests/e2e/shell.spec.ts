/**
 * The page shell in the built site: error toasts from the HTTP layer, the modal logout dialog,
 * the token refresh, the progress bar and the build update notification. API failures are
 * simulated by intercepting the home page's "Load more" call (the one call a page makes today).
 */
import { expect, test, type Page, type Route } from './support/test.ts';
import { screenshot } from '../support/screenshots.ts';

const QUERY_LIST = '**/api/demo/ironProduct/queryList';
const TEXT = {
  'en-US': { loadMore: /load more/i, retry: /try again/i, network: /could not reach the shop/i, update: 'A new version of the shop is available.', refresh: 'Refresh immediately', later: 'Later', dismiss: 'Dismiss notification', ok: 'OK' },
  'zh-CN': { loadMore: /加载更多/, retry: /重试/, network: /无法连接到商店/, update: '商店已发布新版本。', refresh: '立即刷新', later: '稍后', dismiss: '关闭通知', ok: '确定' },
} as const;

function envelope(route: Route, code: string, msg: string, data: unknown = null) {
  return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code, msg, data }) });
}

/**
 * Tests that play the server with made-up tokens answer the page's other signed-in calls too (the
 * header's cart count, the wishlist hearts' question): the real server would (rightly) treat a
 * made-up token as a forced logout and end the session first.
 */
async function answerCartCount(page: Page) {
  await page.route('**/api/demo/ironCartItem/queryCartSumByUserId', (route) => envelope(route, '0000', 'success', 0));
  await page.route('**/api/demo/ironCollect/queryCollected', (route) => envelope(route, '0000', 'success', { productIds: [] }));
}

/** Made-up tokens in storage before the first load only (a reload keeps what the page did to them). */
async function seedTokens(page: Page, token: string, refreshToken: string) {
  await page.addInitScript((pair) => {
    if (!localStorage.getItem('SOY_seeded')) {
      localStorage.setItem('SOY_seeded', '1');
      localStorage.setItem('SOY_token', JSON.stringify(pair.token));
      localStorage.setItem('SOY_refreshToken', JSON.stringify(pair.refreshToken));
    }
  }, { token, refreshToken });
}

/** The home page with its product grid hydrated, scrolled to the "Load more" button. */
async function openHome(page: Page, locale: 'en-US' | 'zh-CN') {
  await page.goto(`/${locale}/`);
  const more = page.getByRole('button', { name: TEXT[locale].loadMore });
  await more.scrollIntoViewIfNeeded();
  await expect(more).toBeVisible();
  return more;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: a failing call shows one error toast, deduplicated, with the server's message`, async ({ page }, testInfo) => {
    let calls = 0;
    await page.route(QUERY_LIST, (route) => {
      calls++;
      return envelope(route, '1500', locale === 'en-US' ? 'The catalogue is resting' : '商品目录暂时不可用');
    });
    await page.clock.install();
    const more = await openHome(page, locale);
    await more.click();
    const alerts = page.locator('[data-toasts="assertive"] .app-toast');
    await expect(alerts).toHaveCount(1);
    // The page's time stands still from here: on a loaded machine the toast's own 6 s could run
    // out before the steps below, and its leaving is checked on purpose at the end.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await expect(alerts.first()).toContainText(locale === 'en-US' ? 'The catalogue is resting' : '商品目录暂时不可用');
    await screenshot(page, `shell-toast-${locale}`, testInfo);

    // The same failure again: no second toast while the first is in the dedupe list.
    await page.getByRole('button', { name: TEXT[locale].retry }).click();
    await expect.poll(() => calls).toBe(2);
    await expect(alerts).toHaveCount(1);

    // Closing it (a 44 px control with a name) removes it.
    const close = alerts.first().getByRole('button', { name: TEXT[locale].dismiss });
    const box = await close.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await close.click();
    await expect(alerts).toHaveCount(0);

    // Once out of the dedupe list (5 s after closing), the message is toasted again, and a toast
    // left alone leaves by itself after 6 s.
    await page.clock.runFor(5_000);
    await page.getByRole('button', { name: TEXT[locale].retry }).click();
    await expect.poll(() => calls).toBe(3);
    await expect(alerts).toHaveCount(1);
    await page.clock.runFor(5_900);
    await expect(alerts).toHaveCount(1);
    await page.clock.runFor(200);
    await expect(alerts).toHaveCount(0);
  });

  test(`${locale}: an unreachable server is told in the page's language`, async ({ page }) => {
    await page.route(QUERY_LIST, (route) => route.abort('connectionrefused'));
    const more = await openHome(page, locale);
    await more.click();
    await expect(page.locator('[data-toasts="assertive"] .app-toast')).toContainText(TEXT[locale].network);
  });

  test(`${locale}: the modal logout dialog cannot be dismissed by Esc or the backdrop; OK signs out`, async ({ page }, testInfo) => {
    await seedTokens(page, 'access-1', 'refresh-1');
    const message = locale === 'en-US' ? 'Your account was signed in on another device' : '您的账号已在其他设备登录';
    await answerCartCount(page);
    await page.route(QUERY_LIST, (route) => envelope(route, '7777', message));
    const more = await openHome(page, locale);
    await more.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(message);
    await expect(dialog.getByRole('button', { name: TEXT[locale].ok })).toBeFocused();
    await screenshot(page, `shell-logout-dialog-${locale}`, testInfo);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    // No toast for this code, and still signed in until confirmed.
    await expect(page.locator('[data-toasts] .app-toast')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('SOY_token'))).toBe('"access-1"');

    await dialog.getByRole('button', { name: TEXT[locale].ok }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => [localStorage.getItem('SOY_token'), localStorage.getItem('SOY_refreshToken')])).toEqual([null, null]);
    // Focus goes back to where it was.
    await expect(page.getByRole('button', { name: TEXT[locale].retry })).toBeFocused();
  });
}

test('an expired token is refreshed once and the call retried with the new one', async ({ page }) => {
  await seedTokens(page, 'old-access', 'old-refresh');
  const bearers: (string | null)[] = [];
  const refreshBodies: unknown[] = [];
  await answerCartCount(page);
  await page.route(QUERY_LIST, (route) => {
    const bearer = route.request().headers()['authorization'] ?? null;
    bearers.push(bearer);
    return bearer === 'Bearer new-access' ? route.continue() : envelope(route, '9999', 'Token expired');
  });
  await page.route('**/api/auth/refreshToken', (route) => {
    refreshBodies.push(route.request().postDataJSON());
    return envelope(route, '0000', 'ok', { token: 'new-access', refreshToken: 'new-refresh' });
  });
  const cards = page.locator('a[href*="/product/"]');
  const more = await openHome(page, 'en-US');
  const before = await cards.count();
  await more.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
  expect(bearers).toEqual(['Bearer old-access', 'Bearer new-access']);
  expect(refreshBodies).toEqual([{ refreshToken: 'old-refresh' }]);
  expect(await page.evaluate(() => localStorage.getItem('SOY_token'))).toBe('"new-access"');
  await expect(page.locator('[data-toasts] .app-toast')).toHaveCount(0);
});

test('a forced logout signs out silently', async ({ page }) => {
  await seedTokens(page, 'access', 'refresh');
  await answerCartCount(page);
  await page.route(QUERY_LIST, (route) => envelope(route, '8888', 'Forced out'));
  const more = await openHome(page, 'en-US');
  await more.click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('SOY_token'))).toBeNull();
  await expect(page.locator('[data-toasts] .app-toast')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the progress bar runs while the next page loads', async ({ page }) => {
  await page.goto('/en-US/');
  const bar = page.locator('[data-progress]');
  await expect(bar).toHaveAttribute('data-phase', 'idle');
  // Hold the product page back so the bar can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/en-US/product/**', async (route) => {
    await held;
    await route.continue();
  });
  // Locators and evaluate wait for the pending navigation, so the page reports the bar's
  // phases through the console, which arrives at once.
  const phases: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('progress:')) phases.push(message.text().slice('progress:'.length));
  });
  await page.evaluate(() => {
    const element = document.querySelector<HTMLElement>('[data-progress]')!;
    new MutationObserver(() => {
      console.log(`progress:${element.dataset['phase']}:${element.getBoundingClientRect().height}`);
    }).observe(element, { attributes: true, attributeFilter: ['data-phase'] });
  });
  await page.locator('a[href*="/product/"]').first().click({ noWaitAfter: true });
  await expect.poll(() => phases).toContain('running:3');
  release();
  await expect(page).toHaveURL(/\/product\/\d+/);
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-phase', 'idle');
});

test('a slow API call shows the progress bar until it settles', async ({ page }, testInfo) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(QUERY_LIST, async (route) => {
    await held;
    await route.continue();
  });
  const more = await openHome(page, 'en-US');
  await more.click();
  const bar = page.locator('[data-progress]');
  await expect(bar).toHaveAttribute('data-phase', 'running');
  await expect(bar).toBeVisible();
  await screenshot(page, 'shell-progress', testInfo);
  release();
  await expect(bar).toHaveAttribute('data-phase', 'idle');
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: a newer build served offers a refresh every 3 minutes until taken`, async ({ page }, testInfo) => {
    await page.clock.install();
    const checks: string[] = [];
    let servedBuildTime: string | null = null;
    await page.route(
      (url) => url.pathname === `/${locale}/` && url.searchParams.has('t'),
      async (route) => {
        checks.push(route.request().url());
        if (servedBuildTime === null) return route.continue();
        return route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><html><head><meta name="build-time" content="${servedBuildTime}"></head></html>` });
      },
    );
    await page.goto(`/${locale}/`);
    const own = await page.locator('meta[name="build-time"]').getAttribute('content');
    expect(own).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const notice = page.locator('[data-toasts="polite"] .app-toast');

    // The same build served: nothing to say.
    await page.clock.runFor(180_000);
    await expect.poll(() => checks.length).toBe(1);
    // The served copy of this page is asked (docs/site-builds.md "Open pages").
    expect(checks[0]).toMatch(new RegExp(`/${locale}/\\?t=\\d+$`));
    await expect(notice).toHaveCount(0);

    servedBuildTime = '2099-01-01T00:00:00.000Z';
    await page.clock.runFor(180_000);
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(TEXT[locale].update);
    await screenshot(page, `shell-update-${locale}`, testInfo);

    // Later: gone, and offered again at the next check.
    await notice.getByRole('button', { name: TEXT[locale].later }).click();
    await expect(notice).toHaveCount(0);
    await page.clock.runFor(180_000);
    await expect(notice).toHaveCount(1);

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: TEXT[locale].refresh }).click();
    await reloaded;
    await expect(page.locator('[data-toasts="polite"] .app-toast')).toHaveCount(0);
  });
}

test('every page carries its build time; the pages every build renders share one', async ({ request }) => {
  const times = new Map<string, string>();
  for (const path of ['/', '/en-US/', '/zh-CN/', '/en-US/product/1/']) {
    const html = await (await request.get(path)).text();
    const match = /<meta name="build-time" content="([^"]+)"/.exec(html);
    expect(match, path).not.toBeNull();
    expect(Date.parse(match![1]!), path).not.toBeNaN();
    times.set(path, match![1]!);
  }
  // A rebuild after a catalogue change renders every listing again, a product page only when it shows the change.
  expect(new Set([times.get('/'), times.get('/en-US/'), times.get('/zh-CN/')]).size).toBe(1);
});
