/**
 * The cart drawer and the cart page against the running server, in both locales, at the phone
 * and desktop sizes (the two Playwright projects). Lines are added through the API for a fresh
 * visitor id; every figure the page shows is compared with the server's own answer.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page, type TestInfo } from './support/test.ts';
import type { CartPage } from '../../src/domain/cart.model.ts';
import { CURRENCY_CODES, formatMoney, type CurrencyCode } from '../../src/domain/money.model.ts';
import enCart from '../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import { E2E_OWNER } from './support/env.ts';
import { holdIsland } from './support/hydration.ts';
import zhCart from '../../src/i18n/locales/zh-CN/cart.json' with { type: 'json' };
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { watchErrors } from '../support/errors.ts';

const MESSAGES = { 'en-US': enCart, 'zh-CN': zhCart } as const;
type Locale = keyof typeof MESSAGES;

/** i18next-style `{{name}}` interpolation, enough for these strings. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Screenshots go where the brief asks (.data is ignored by git) and into the test's output. */
interface Visitor {
  id: string;
  /** Adds lines; resolves to their ids, one per line given. */
  add<const L extends readonly unknown[]>(lines: L): Promise<{ [K in keyof L]: number }>;
  cart(currency: CurrencyCode, locale: Locale): Promise<CartPage>;
}

async function newVisitor(context: BrowserContext, request: APIRequestContext, baseURL: string): Promise<Visitor> {
  const id = randomBytes(16).toString('hex');
  await context.addCookies([{ name: 'X-Visitor-Id', value: id, url: baseURL }]);
  const call = async <T,>(path: string, data: unknown, locale: Locale = 'en-US'): Promise<T> => {
    const response = await request.post(`/api/demo/ironCartItem/${path}`, { headers: { 'x-visitor-id': id, 'accept-language': locale }, data });
    const body = (await response.json()) as { code: string; msg: string; data: T };
    expect(body.code, body.msg).toBe('0000');
    return body.data;
  };
  return {
    id,
    add: async <const L extends readonly unknown[]>(lines: L) => {
      const { ids } = await call<{ ids: number[] }>('saveCartItemList', lines);
      expect(ids).toHaveLength(lines.length);
      return ids as { [K in keyof L]: number };
    },
    cart: (currency, locale) => call<CartPage>('queryCartItemList', { current: 1, size: 100, currency }, locale),
  };
}

/** A fixed 1 EUR coupon (in every currency) from `minSpendEur` of items, made by the e2e owner; answers its code. */
async function couponWithMinimum(request: APIRequestContext, minSpendEur: number): Promise<string> {
  const { token } = await apiData<{ token: string }>(request, '/demo/permissionAuth/doLogin', { username: E2E_OWNER.email, password: E2E_OWNER.password });
  const code = `MIN${randomBytes(4).toString('hex').toUpperCase()}`;
  const amounts = Object.fromEntries(CURRENCY_CODES.map((currency) => [currency, 100]));
  const coupon = { code, kind: 'fixed', percent: null, amounts, minSpendEur, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, includesPersonalised: true };
  await apiData(request, '/admin/coupons/create', coupon, { authorization: `Bearer ${token}` });
  return code;
}

/** Two lines of one item each: a personalised home shirt with patches and shorts, a plain training top. */
const PERSONALISED_LINE = { productId: 1, size: 'M', customType: 3, customName: 'smith', customNumber: '7', premiumNameOption: 'Gold', patch: '1,2', addons: '1', quantity: 1 };
const PLAIN_LINE = { productId: 5, size: 'S', customType: 1, quantity: 1 };

/** The figures shown in `scope` equal the server's summary and line totals, formatted for the locale. */
/** A new visitor's cart with a personalised and a plain line, as the server prices it in EUR, and each line's name. */
async function twoLineCart(context: BrowserContext, request: APIRequestContext, baseURL: string, locale: Locale) {
  const visitor = await newVisitor(context, request, baseURL);
  const [personalisedId, plainId] = await visitor.add([PERSONALISED_LINE, PLAIN_LINE]);
  const cart = await visitor.cart('EUR', locale);
  const names = new Map(cart.records.map((r) => [r.id, r.name]));
  return { visitor, personalisedId: personalisedId!, plainId: plainId!, cart, name: (id: number) => names.get(id)! };
}

async function expectFiguresMatch(scope: Locator, server: CartPage, locale: Locale) {
  const money = (amount: number) => formatMoney(amount, server.currency, locale);
  const { summary } = server;
  await expect(scope.locator('[data-total="subtotal"]')).toHaveText(money(summary.subtotal));
  await expect(scope.locator('[data-total="discount"]')).toHaveText(summary.discount > 0 ? money(-summary.discount) : money(0));
  await expect(scope.locator('[data-total="discount"]')).toHaveAttribute('data-percent', String(summary.discountPercent));
  await expect(scope.locator('[data-total="total"]')).toHaveText(money(summary.total));
  for (const record of server.records) {
    const line = scope.locator(`[data-line-id="${record.id}"]`);
    await expect(line.locator('[data-quantity]')).toHaveText(String(record.quantity));
    await expect(line.locator('[data-line-total]')).toHaveText(money(record.lineTotal));
  }
  await expect(scope.locator('[data-line-id]')).toHaveCount(server.records.length);
}

/** A line's controls by their accessible names; the page's delete button shows "Remove", the drawer's an icon. */
function lineControls(scope: Locator, locale: Locale, id: number, name: string, where: 'drawer' | 'page') {
  const t = MESSAGES[locale].line;
  const line = scope.locator(`[data-line-id="${id}"]`);
  return {
    line,
    minus: line.getByRole('button', { name: fill(t.decrease, { name }), exact: true }),
    plus: line.getByRole('button', { name: fill(t.increase, { name }), exact: true }),
    remove: line.getByRole('button', { name: where === 'page' ? `${t.remove} ${name}` : fill(t.removeNamed, { name }), exact: true }),
    /** Presses + or -, then waits until the line shows `quantity` and `scope` has settled. */
    async step(button: 'plus' | 'minus', quantity: number) {
      await this[button].click();
      await expect(line.locator('[data-quantity]')).toHaveText(String(quantity));
      await settled(scope);
    },
  };
}

/** Waits until no line is busy (its change and the reload after it are done). */
async function settled(scope: Locator) {
  await expect(scope.locator('[data-line-id][aria-busy="true"]')).toHaveCount(0);
}

async function openDrawer(page: Page, locale: Locale): Promise<Locator> {
  // What every opener (the header's cart icon, "Add to cart") sends; the drawer hydrates on it.
  await page.evaluate(() => window.dispatchEvent(new Event('cart-open')));
  const drawer = page.getByRole('dialog', { name: MESSAGES[locale].drawer.title });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The page's scrolling: 'hidden' while a modal (drawer or menu sheet) holds the shared scroll lock. */
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

/**
 * Picks a currency in the header's select the shopper can reach at this size: the top bar's on
 * wide screens, the menu sheet's on phones (the top bar's is hidden there).
 */
async function chooseCurrency(page: Page, testInfo: TestInfo, code: CurrencyCode) {
  if (testInfo.project.name !== 'phone') {
    await page.locator('.topbar select[data-currency-select]').selectOption(code);
    return;
  }
  const sheet = page.locator('dialog[data-menu]');
  await page.locator('[data-menu-open]').click();
  await expect(sheet).toBeVisible();
  await sheet.locator('select[data-currency-select]').selectOption(code);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const m = MESSAGES[locale];

  test(`${locale}: the drawer changes quantities across the discount tiers, deletes lines and ends empty`, async ({ page, context, request, baseURL }, testInfo) => {
    const errors = watchErrors(page, { consoleErrors: true });
    const start = await twoLineCart(context, request, baseURL!, locale);
    const { visitor, personalisedId, plainId, name } = start;
    let server = start.cart;

    await page.goto(`/${locale}/`);
    // Focus something on the page first: closing the drawer must bring focus back to it.
    const opener = page.locator('main a[href*="/product/"]').first();
    await opener.focus();
    const drawer = await openDrawer(page, locale);
    await expect.poll(() => bodyOverflow(page), 'the page behind does not scroll').toBe('hidden');
    await expect(drawer.getByRole('button', { name: m.drawer.close })).toBeFocused();

    // 2 items: no discount yet, and the hint names the next tier.
    expect(server.summary).toMatchObject({ itemCount: 2, discountPercent: 0, discount: 0 });
    await expectFiguresMatch(drawer, server, locale);
    await expect(drawer.getByText(fill(m.summary.nextTier_one, { count: 1, percent: 10 }))).toBeVisible();
    await expect(drawer.getByText(m.personalised)).toBeVisible();
    const personalisedLine = drawer.locator(`[data-line-id="${personalisedId}"]`);
    await expect(personalisedLine.locator('[data-detail="print"] dd')).toHaveText('SMITH 7');
    await expect(personalisedLine.locator('[data-detail="type"] dd')).toHaveText(m.customType['3']);
    await expect(personalisedLine.locator('[data-detail="patches"] dd')).toHaveText(server.records.find((r) => r.id === personalisedId)!.patches.map((p) => p.patchName).join(m.line.separator));
    await expect(personalisedLine.getByRole('link', { name: name(personalisedId) })).toHaveAttribute('href', `/${locale}/product/1/`);

    const a = lineControls(drawer, locale, personalisedId, name(personalisedId), 'drawer');
    const b = lineControls(drawer, locale, plainId, name(plainId), 'drawer');
    // Minus is disabled at 1 (docs/money-and-personalisation.md "Cart lines").
    await expect(a.minus).toBeDisabled();
    await expect(b.minus).toBeDisabled();
    // A click sent to the button itself: a pointer click waits for the drawer to stop moving, and
    // with `force` failed once as "outside of the viewport" while the drawer was still sliding in.
    await a.minus.dispatchEvent('click');
    await expect(a.line.locator('[data-quantity]')).toHaveText('1');

    const checkout = drawer.getByRole('link', { name: m.drawer.checkout });
    const checkoutUrl = new URL((await checkout.getAttribute('href'))!, baseURL);
    expect(checkoutUrl.pathname).toBe(`/${locale}/checkouts/cart/`);
    expect(checkoutUrl.searchParams.get('from')).toBe('cart');
    expect(JSON.parse(checkoutUrl.searchParams.get('items')!)).toEqual(server.records.map((r) => r.id));
    await expect(drawer.getByRole('link', { name: m.drawer.viewCart })).toHaveAttribute('href', `/${locale}/cart/`);
    await screenshot(page, `drawer-listing-${locale}`, testInfo);

    // 3 items: 10 %.
    await a.step('plus', 2);
    server = await visitor.cart('EUR', locale);
    expect(server.summary).toMatchObject({ itemCount: 3, discountPercent: 10 });
    await expectFiguresMatch(drawer, server, locale);
    await expect(drawer.getByText(fill(m.summary.discountPercent, { percent: 10 }))).toBeVisible();
    await expect(drawer.getByText(fill(m.summary.nextTier_other, { count: 2, percent: 20 }))).toBeVisible();

    // 5 items: 20 %, and no further tier to promise.
    await a.step('plus', 3);
    await b.step('plus', 2);
    server = await visitor.cart('EUR', locale);
    expect(server.summary).toMatchObject({ itemCount: 5, discountPercent: 20 });
    await expectFiguresMatch(drawer, server, locale);
    await expect(drawer.locator('.cart-tier-hint')).toHaveCount(0);
    await expect(b.minus).toBeEnabled();

    // Back down to 4 items (10 %), then delete the plain line: 3 items, still 10 %.
    await b.step('minus', 1);
    await expect(b.minus).toBeDisabled();
    await b.remove.click();
    await expect(b.line).toHaveCount(0);
    await settled(drawer);
    server = await visitor.cart('EUR', locale);
    expect(server.summary).toMatchObject({ itemCount: 3, discountPercent: 10 });
    await expectFiguresMatch(drawer, server, locale);
    await expect(drawer.getByText(fill(m.status.removed, { name: name(plainId) }))).toBeAttached();

    // Delete the last line: the empty state with its View Cart button.
    await a.remove.click();
    await expect(drawer.getByText(m.drawer.empty, { exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: m.drawer.viewCart })).toHaveAttribute('href', `/${locale}/cart/`);
    expect((await visitor.cart('EUR', locale)).records).toEqual([]);
    await screenshot(page, `drawer-empty-${locale}`, testInfo);

    // Esc closes it, unlocks scrolling and returns focus to where it was.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect.poll(() => bodyOverflow(page), 'the page scrolls again').not.toBe('hidden');
    await expect(opener).toBeFocused();
    expect(errors).toEqual([]);
  });

  test(`${locale}: the drawer shows a skeleton while loading, keeps focus inside, and closes by its button and backdrop`, async ({ page, context, request, baseURL }, testInfo) => {
    const visitor = await newVisitor(context, request, baseURL!);
    await visitor.add([PLAIN_LINE]);
    await page.goto(`/${locale}/`);

    // The first load shows the skeleton: hold the answer back to see it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/demo/ironCartItem/queryCartItemList', async (route) => {
      await held;
      await route.continue();
    });
    let drawer = await openDrawer(page, locale);
    await expect(drawer.getByRole('status').filter({ hasText: m.drawer.loading })).toBeAttached();
    release();
    await expect(drawer.locator('[data-line-id]')).toHaveCount(1);
    await page.unroute('**/api/demo/ironCartItem/queryCartItemList');

    // Tab goes round inside the drawer, both ways.
    const inside = () => page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }

    await drawer.getByRole('button', { name: m.drawer.close }).click();
    await expect(drawer).toBeHidden();

    if (testInfo.project.name === 'desktop') {
      // The backdrop is the page to the left of the sheet (on phones the sheet is full width).
      drawer = await openDrawer(page, locale);
      await expect(drawer.locator('[data-line-id]')).toHaveCount(1);
      await page.mouse.click(40, 450);
      await expect(drawer).toBeHidden();
    }
  });

  test(`${locale}: amounts follow the chosen currency (GBP), equal to the server's GBP answer`, async ({ page, context, request, baseURL }, testInfo) => {
    const visitor = await newVisitor(context, request, baseURL!);
    await visitor.add([PERSONALISED_LINE, { ...PLAIN_LINE, quantity: 2 }]);
    // The stored choice, as the header's currency select writes it.
    await context.addInitScript(() => localStorage.setItem('SOY_currency', JSON.stringify('GBP')));
    await page.goto(`/${locale}/`);
    const drawer = await openDrawer(page, locale);
    const gbp = await visitor.cart('GBP', locale);
    expect(gbp.currency).toBe('GBP');
    await expectFiguresMatch(drawer, gbp, locale);
    await expect(drawer.locator('[data-total="total"]')).toContainText('£');
    await page.keyboard.press('Escape');

    // A change of currency while the cart page is open reloads it in the new currency.
    await page.goto(`/${locale}/cart/`);
    const cart = page.locator('.cart-page');
    await expectFiguresMatch(cart, gbp, locale);
    await chooseCurrency(page, testInfo, 'USD');
    await expectFiguresMatch(cart, await visitor.cart('USD', locale), locale);
  });

  test(`${locale}: the cart page lists, changes and deletes lines, keeps a coupon code and links to checkout`, async ({ page, context, request, baseURL }, testInfo) => {
    const errors = watchErrors(page, { consoleErrors: true });
    const start = await twoLineCart(context, request, baseURL!, locale);
    const { visitor, personalisedId, plainId, name } = start;
    let server = start.cart;

    await page.goto(`/${locale}/cart/`);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(m.page.title)} \\|`));
    await expect(page.getByRole('heading', { level: 1, name: m.page.heading })).toBeVisible();
    const cart = page.locator('.cart-page');
    await expectFiguresMatch(cart, server, locale);
    await expect(cart.getByText(m.summary.shippingAtCheckout)).toBeVisible();
    await expect(cart.getByText(m.personalised)).toBeVisible();
    await expect(cart.getByRole('link', { name: m.page.continueShopping })).toHaveAttribute('href', `/${locale}/`);

    const checkout = cart.getByRole('link', { name: m.drawer.checkout });
    const checkoutUrl = new URL((await checkout.getAttribute('href'))!, baseURL);
    expect(checkoutUrl.pathname).toBe(`/${locale}/checkouts/cart/`);
    expect(checkoutUrl.searchParams.get('from')).toBe('cart');
    expect(JSON.parse(checkoutUrl.searchParams.get('items')!)).toEqual(server.records.map((r) => r.id));
    expect(server.records.map((r) => r.id).sort()).toEqual([personalisedId, plainId].sort());

    // Coupon: required; an unknown code is refused with the reason and not kept; a good one shows
    // the server's discount and is kept for the checkout.
    const coupon = cart.getByLabel(m.coupon.label);
    const apply = cart.getByRole('button', { name: m.coupon.apply, exact: true });
    await apply.click();
    await expect(cart.getByText(m.coupon.required)).toBeVisible();
    await expect(coupon).toHaveAttribute('aria-invalid', 'true');
    await coupon.fill('  SUMMER10 ');
    await apply.click();
    await expect(cart.getByText(m.coupon.reasons.unknown)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('SOY_couponCode'))).toBeNull();
    // The refusal is an HTTP 409, which the browser logs by itself: expected, not an error of the page.
    const refused = errors.findIndex((e) => /status of 409/.test(e));
    if (refused >= 0) errors.splice(refused, 1);
    await coupon.fill(' WELCOME10 ');
    await apply.click();
    const check = await request.post('/api/demo/ironCoupon/apply', { headers: { 'x-visitor-id': visitor.id }, data: { code: 'WELCOME10', currency: 'EUR' } });
    const { data: welcome } = (await check.json()) as { data: { discount: number } };
    expect(welcome.discount).toBeGreaterThan(0);
    await expect(cart.getByText(fill(m.coupon.applied, { code: 'WELCOME10', amount: formatMoney(welcome.discount, 'EUR', locale) }))).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('SOY_couponCode'))).toBe('"WELCOME10"');
    await expectFiguresMatch(cart, server, locale);
    await screenshot(page, `page-listing-${locale}`, testInfo, { fullPage: true });

    // 2 -> 3 items: the page shows the server's 10 %.
    const a = lineControls(cart, locale, personalisedId, name(personalisedId), 'page');
    await expect(a.minus).toBeDisabled();
    await a.step('plus', 2);
    server = await visitor.cart('EUR', locale);
    expect(server.summary.discountPercent).toBe(10);
    await expectFiguresMatch(cart, server, locale);

    // A change made elsewhere (the drawer, the configurator) reloads the page's list.
    await visitor.add([{ ...PLAIN_LINE, quantity: 2 }]);
    await page.evaluate(() => window.dispatchEvent(new Event('cart-updated')));
    server = await visitor.cart('EUR', locale);
    expect(server.summary).toMatchObject({ itemCount: 5, discountPercent: 20 });
    await expectFiguresMatch(cart, server, locale);

    // Delete both lines: the empty state.
    for (const id of [plainId, personalisedId]) {
      await lineControls(cart, locale, id, name(id), 'page').remove.click();
      await expect(cart.locator(`[data-line-id="${id}"]`)).toHaveCount(0);
    }
    await expect(cart.getByRole('heading', { name: m.drawer.empty })).toBeVisible();
    await expect(cart.getByRole('heading', { name: m.drawer.empty })).toBeFocused();
    await screenshot(page, `page-empty-${locale}`, testInfo, { fullPage: true });
    expect(errors).toEqual([]);
  });

  test(`${locale}: a kept coupon that stops qualifying when a line goes is dropped with the reason`, async ({ page, context, request, baseURL }, testInfo) => {
    const visitor = await newVisitor(context, request, baseURL!);
    const [personalisedId, plainId] = await visitor.add([PERSONALISED_LINE, PLAIN_LINE]);
    const server = await visitor.cart('EUR', locale);
    const plain = server.records.find((r) => r.id === plainId)!;
    // A coupon of its own whose minimum both lines reach and the plain one alone does not.
    const code = await couponWithMinimum(request, plain.lineTotal + 1);
    expect(server.summary.total).toBeGreaterThan(plain.lineTotal + 1);

    await page.goto(`/${locale}/cart/`);
    const cart = page.locator('.cart-page');
    await expectFiguresMatch(cart, server, locale);
    await cart.getByLabel(m.coupon.label).fill(code);
    await cart.getByRole('button', { name: m.coupon.apply, exact: true }).click();
    await expect(cart.locator(`[data-coupon-kept="${code}"]`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('SOY_couponCode'))).toBe(JSON.stringify(code));

    const name = server.records.find((r) => r.id === personalisedId)!.name;
    await lineControls(cart, locale, personalisedId, name, 'page').remove.click();
    await expect(cart.locator(`[data-line-id="${personalisedId}"]`)).toHaveCount(0);
    // The code is no longer kept for the checkout, and the shopper is told why.
    await expect(cart.getByText(fill(m.coupon.dropped, { code, reason: m.coupon.reasons['min-spend'] }))).toBeVisible();
    await expect(cart.locator('[data-coupon-kept]')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('SOY_couponCode'))).toBeNull();
    await screenshot(page, `page-coupon-dropped-${locale}`, testInfo, { fullPage: true });

    // A code applied afterwards clears the notice.
    await cart.getByLabel(m.coupon.label).fill('WELCOME10');
    await cart.getByRole('button', { name: m.coupon.apply, exact: true }).click();
    await expect(cart.locator('[data-coupon-kept="WELCOME10"]')).toBeVisible();
    await expect(cart.locator('[data-coupon-dropped]')).toHaveCount(0);
  });
}

test('a refused change shows the server message and reloads the cart (docs/api.md "Codes")', async ({ page, context, request, baseURL }) => {
  const visitor = await newVisitor(context, request, baseURL!);
  const [id] = await visitor.add([PLAIN_LINE]);
  await page.goto('/en-US/cart/');
  const cart = page.locator('.cart-page');
  await expect(cart.locator(`[data-line-id="${id}"]`)).toBeVisible();
  // The line disappears behind the page's back (another tab); the page still shows it.
  const gone = await request.post('/api/demo/ironCartItem/deleteByIds', { headers: { 'x-visitor-id': visitor.id }, data: [id] });
  expect((await gone.json()).code).toBe('0000');
  await lineControls(cart, 'en-US', id, (await page.locator(`[data-line-id="${id}"] h3`).innerText()).trim(), 'page').plus.click();
  await expect(cart.getByRole('alert')).toContainText(enCart.error.updateFailed);
  await expect(cart.getByRole('alert')).toContainText(/not found/i);
  // ...and the reload shows the truth: the cart is empty.
  await expect(cart.getByRole('heading', { name: enCart.drawer.empty })).toBeVisible();
});

test('zh-CN: an empty cart is drawn before the island hydrates too, and the island takes its place', async ({ page, context, request, baseURL }) => {
  const errors = watchErrors(page, { consoleErrors: true });
  await newVisitor(context, request, baseURL!);
  const hydrate = await holdIsland(page, 'CartPage');
  await page.goto('/zh-CN/cart/', { waitUntil: 'domcontentloaded' });
  const drawn = page.locator('[data-cart-preview] .cart-empty');
  await expect(drawn.getByRole('heading', { name: zhCart.drawer.empty })).toBeVisible();
  await expect(drawn.getByRole('link', { name: zhCart.page.continueShopping })).toHaveAttribute('href', '/zh-CN/');
  const drawnAt = await drawn.boundingBox();
  await hydrate();
  const island = page.locator('astro-island .cart-empty');
  await expect(island.getByRole('heading', { name: zhCart.drawer.empty })).toBeVisible();
  await expect(page.locator('[data-cart-preview]')).toHaveCount(0);
  expect(await island.boundingBox()).toEqual(drawnAt);
  expect(errors).toEqual([]);
});

test('the cart island waits for the first lines\' pictures before loading React, and for two seconds at most', async ({ page, context, request, baseURL }) => {
  const visitor = await newVisitor(context, request, baseURL!);
  await visitor.add([PLAIN_LINE]);
  // The line's picture never comes: React must still load, once the wait is over.
  let answerPictures!: () => void;
  const picturesHeld = new Promise<void>((resolve) => (answerPictures = resolve));
  await page.route('**/api/media/**', async (route) => {
    await picturesHeld;
    await route.continue().catch(() => {});
  });
  const islandAskedAt: number[] = [];
  page.on('request', (asked) => {
    if (/\/_astro\/CartPage[.-][^/]*\.js$/.test(asked.url())) islandAskedAt.push(Date.now());
  });
  await page.goto('/en-US/cart/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-cart-preview] .cart-line')).toHaveCount(1);
  const drawnAt = Date.now();
  await page.waitForTimeout(1_000);
  expect(islandAskedAt).toEqual([]);
  await expect(page.locator('[data-cart-preview]')).toHaveCount(0, { timeout: 5_000 });
  expect(islandAskedAt[0]! - drawnAt).toBeGreaterThanOrEqual(1_000);
  await expect(page.locator('astro-island .cart-line')).toHaveCount(1);
  answerPictures();
});

test('the cart page draws the lines before its island hydrates, and the island takes their place without a mismatch or a shift', async ({ page, context, request, baseURL }) => {
  const errors = watchErrors(page, { consoleErrors: true });
  const visitor = await newVisitor(context, request, baseURL!);
  const [id] = await visitor.add([PLAIN_LINE]);
  const served = (await visitor.cart('EUR', 'en-US')).records[0]!;
  // Layout shifts inside the page's main part (the promo banner's countdown is another matter).
  await page.addInitScript(() => {
    const w = window as unknown as { mainShift: number };
    w.mainShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
        if (entry.sources.some((source) => source.node && document.querySelector('main')?.contains(source.node))) w.mainShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const hydrate = await holdIsland(page, 'CartPage');
  await page.goto('/en-US/cart/', { waitUntil: 'domcontentloaded' });

  // React is held back: the page's own script has drawn the line from the cart's answer.
  const preview = page.locator('[data-cart-preview] .cart-line');
  await expect(preview).toHaveCount(1);
  await expect(preview.locator('.cart-line-name')).toHaveText(served.name);
  await expect(preview.locator('.qty-value')).toHaveText(String(served.quantity));
  await expect(preview.locator('.cart-line-total')).toContainText(formatMoney(served.lineTotal, 'EUR', 'en-US'));
  await expect(preview.locator('[data-detail="size"] dd')).toHaveText(PLAIN_LINE.size);
  await expect(page.locator(`[data-line-id="${id}"]`)).toHaveCount(0);
  const drawnAt = await preview.locator('.cart-line-name').boundingBox();

  await hydrate();
  const line = page.locator(`astro-island [data-line-id="${id}"]`);
  await expect(line).toBeVisible();
  await expect(page.locator('[data-cart-preview]')).toHaveCount(0);
  expect(await line.locator('.cart-line-name').boundingBox()).toEqual(drawnAt);
  expect(await page.evaluate(() => (window as unknown as { mainShift: number }).mainShift)).toBe(0);
  expect(errors).toEqual([]);
});
