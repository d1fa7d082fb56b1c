/**
 * The back office at the keyboard (issue 27): every journey below is driven by page.keyboard
 * alone (the data it needs is made through the owner's API): switching the language and logging
 * out from the header's menus, opening a customer (its row, and the link in it) and another list's
 * row, moving a navigation entry up, down, into and out of its neighbours, focus given back after
 * the refund dialog, the coupon drawer and the after-payment dialogs (order change, parcel, bulk
 * ship, a return's move and drawer), a return opened from its row, and the skip link. Each runs in en-US at 1440 px and in
 * zh-CN at 375 px (playwright.config.ts).
 */
import type { Locator, Page } from '@playwright/test';
import enNavigation from '../../src/i18n/locales/en-US/admin-navigation.json' with { type: 'json' };
import zhNavigation from '../../src/i18n/locales/zh-CN/admin-navigation.json' with { type: 'json' };
import enTwoStep from '../../src/i18n/locales/en-US/admin-two-step.json' with { type: 'json' };
import zhTwoStep from '../../src/i18n/locales/zh-CN/admin-two-step.json' with { type: 'json' };
import enSessions from '../../src/i18n/locales/en-US/admin-sessions.json' with { type: 'json' };
import zhSessions from '../../src/i18n/locales/zh-CN/admin-sessions.json' with { type: 'json' };
import type { AdminNavNode } from '../../src/domain/back-office/navigation.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { registerShopper } from './support/shoppers.ts';
import { api } from '../support/api.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, expect, JOURNEY_TIMEOUT_MS, label, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const NAVIGATION = { 'en-US': enNavigation, 'zh-CN': zhNavigation } as const;
const LANGUAGE_NAMES = { 'en-US': 'English', 'zh-CN': '简体中文' } as const;

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let step = 0; step < max; step += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached by ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

/**
 * Waits until the open menu holds the focus, as a person sees it before pressing on: the menu
 * button moves the focus into its menu once the popup shows (a frame or a few after it opens).
 */
async function focusInMenu(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-dropdown')))).toBe(true);
}

/** Presses `key` until the focused element's text is `text` (a menu's items under the arrows). */
async function arrowTo(page: Page, key: string, text: string, max = 8): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(key);
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  throw new Error(`${key} never reached "${text}"`);
}

for (const locale of ADMIN_LOCALES) {
  const A = ADMIN_TEXT[locale].admin;
  const O = ADMIN_TEXT[locale].orders;
  const N = NAVIGATION[locale];
  const other = locale === 'en-US' ? 'zh-CN' : 'en-US';

  test.describe(() => {
    test.use({ adminLocale: locale, staff: 'R_ADMIN' });

    test(`${locale}: the skip link comes first, shows when focused, and jumps to the screen`, async ({ page }, testInfo) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: A.keyboard.skipToContent });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await screenshot(page, `admin-keyboard-skip-link-${locale}`, testInfo);
      await page.keyboard.press('Enter');
      const main = page.getByRole('main');
      await expect(main).toBeFocused();
      // The next stop is the screen's own first control, not the header or the menu again.
      await page.keyboard.press('Tab');
      expect(await main.evaluate((element) => element.contains(document.activeElement) && element !== document.activeElement)).toBe(true);
    });

    test(`${locale}: the language menu opens from the keyboard, and Escape closes it back to its button`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      const button = page.getByTestId('language');
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu').filter({ hasText: LANGUAGE_NAMES[other] });
      await expect(menu).toBeVisible();
      await focusInMenu(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    });

    test(`${locale}: the language is chosen from its menu with the arrows and Enter, the focus back on its button`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      const button = page.getByTestId('language');
      await tabTo(page, button);
      await page.keyboard.press('Space');
      const menu = page.getByRole('menu').filter({ hasText: LANGUAGE_NAMES[other] });
      await expect(menu).toBeVisible();
      await focusInMenu(page);
      // The focus starts on the language in use, and one arrow reaches the other one.
      await expect(page.getByRole('menuitem', { name: LANGUAGE_NAMES[locale] })).toBeFocused();
      await arrowTo(page, 'ArrowDown', LANGUAGE_NAMES[other]);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: ADMIN_TEXT[other].admin.header.language, exact: true })).toBeFocused();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
    });

    test(`${locale}: the user menu opens with ArrowDown, its first item focused, the arrows walk its items, and Escape or Tab closes it`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      const button = page.getByTestId('user-menu');
      await tabTo(page, button);
      await page.keyboard.press('ArrowDown');
      const twoStep = page.getByRole('menuitem', { name: (locale === 'en-US' ? enTwoStep : zhTwoStep).menu });
      const sessions = page.getByRole('menuitem', { name: (locale === 'en-US' ? enSessions : zhSessions).menu });
      const logout = page.getByRole('menuitem', { name: A.header.logout });
      await expect(twoStep).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      // The arrows go from item to item; Home and End go to the first and the last.
      await page.keyboard.press('ArrowDown');
      await expect(sessions).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(logout).toBeFocused();
      await page.keyboard.press('Home');
      await expect(twoStep).toBeFocused();
      await page.keyboard.press('End');
      await expect(logout).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(logout).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      // Tab closes it too, and goes on past the button, no dialog opened on the way.
      await page.keyboard.press('Enter');
      await expect(twoStep).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(logout).toBeHidden();
      expect(await button.evaluate((element) => element !== document.activeElement && document.activeElement !== document.body)).toBe(true);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });

  test.describe(() => {
    // Logging out ends the session: this journey signs in a session of its own.
    test.use({ adminLocale: locale, staff: 'R_ADMIN', ownSession: true });

    test(`${locale}: the user menu opens from the keyboard and logs out`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await tabTo(page, page.getByTestId('user-menu'));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: A.header.logout })).toBeVisible();
      await focusInMenu(page);
      await arrowTo(page, 'ArrowDown', A.header.logout);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog').filter({ hasText: A.logout.logoutConfirm })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/login/);
    });
  });

  test.describe(() => {
    test.use({ adminLocale: locale, staff: 'R_ADMIN' });

    test(`${locale}: a customer opens from the keyboard, by its row and by the link in it, and so does a product row`, async ({ page, request }) => {
      const shopper = await registerShopper(request);
      await page.goto('/admin/customers');
      const search = page.getByTestId('customers-search');
      await tabTo(page, search);
      await page.keyboard.type(shopper.email);
      await page.keyboard.press('Enter');
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: shopper.email });
      await expect(row).toHaveCount(1);
      await expect(page.getByTestId('customers-table').getByRole('row')).toHaveCount(2);
      await tabTo(page, row);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
      const detailUrl = page.url();

      await page.goto('/admin/customers');
      await tabTo(page, search);
      await page.keyboard.type(shopper.email);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('customers-table').getByRole('row')).toHaveCount(2);
      await tabTo(page, row.getByRole('link', { name: shopper.email }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(detailUrl);

      // Every list's rows open the same way (the shared row helper): the products table's first.
      await page.goto('/admin/products');
      const productRow = page.getByTestId('products-table').locator('tbody tr[data-row-key]').first();
      await tabTo(page, productRow);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    });

    test(`${locale}: a navigation entry moves up, down, into and out of its neighbours from the keyboard, and each move is saved`, async ({ page, ownerApi, request, staffSessions }, testInfo) => {
      const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}`;
      const add = (parentId: number | null, tag: string) => ownerApi<AdminNavNode[]>('/admin/nav/add', { parentId, tag, titleEn: `Keys ${tag}`, titleZh: `键 ${tag}` });
      const find = (nodes: AdminNavNode[], tag: string): AdminNavNode | undefined => {
        for (const node of nodes) {
          if (node.tag === tag) return node;
          const below = find(node.children, tag);
          if (below) return below;
        }
        return undefined;
      };
      const tags = { root: `kb-${stamp}`, a: `kb-${stamp}-a`, b: `kb-${stamp}-b` };
      const root = find(await add(null, tags.root), tags.root)!;
      const a = find(await add(root.id, tags.a), tags.a)!;
      const b = find(await add(root.id, tags.b), tags.b)!;
      const saved = async () => {
        const { token } = await staffSessions.pair('owner');
        const answer = (await (await request.get('/api/admin/nav/tree', { headers: { authorization: `Bearer ${token}` } })).json()) as { data: AdminNavNode[] };
        const tree = answer.data;
        const under = (tag: string) => find(tree, tag)!.children.map((child) => child.tag);
        return { root: under(tags.root), a: under(tags.a) };
      };
      const titleOf = (tag: string) => (locale === 'en-US' ? `Keys ${tag}` : `键 ${tag}`);
      // What the live region reads out once a step is saved and the tree read again.
      const movedText = (position: number, count: number, parent: string) =>
        Object.entries({ title: titleOf(tags.b), position, count, parent: titleOf(parent) }).reduce((text, [name, value]) => text.replace(`{{${name}}}`, String(value)), N.moves.moved);
      try {
        await page.goto('/admin/navigation');
        const tree = page.getByRole('tree');
        await expect(page.getByTestId(`nav-node-${tags.b}`)).toBeVisible();
        await tabTo(page, tree);
        // The new sport is the last entry, its second child the last one shown.
        await page.keyboard.press('End');
        await expect(tree).toHaveAttribute('aria-activedescendant', new RegExp(`-${b.id}$`));
        await page.keyboard.press('Space');
        await expect(page.getByTestId('nav-panel')).toContainText(tags.b);
        const announced = page.getByTestId('nav-announce');

        await page.keyboard.press('Alt+ArrowUp');
        await expect(announced).toHaveText(movedText(1, 2, tags.root));
        expect(await saved()).toEqual({ root: [tags.b, tags.a], a: [] });
        await expect(tree).toBeFocused();
        await expect(tree).toHaveAttribute('aria-activedescendant', new RegExp(`-${b.id}$`));

        // The panel's button does the same as the shortcut.
        await tabTo(page, page.getByRole('button', { name: label(N.moves.down) }));
        await page.keyboard.press('Enter');
        await expect(announced).toHaveText(movedText(2, 2, tags.root));
        expect(await saved()).toEqual({ root: [tags.a, tags.b], a: [] });
        await expect(tree).toBeFocused();

        await page.keyboard.press('Alt+ArrowRight');
        await expect(announced).toHaveText(movedText(1, 1, tags.a));
        expect(await saved()).toEqual({ root: [tags.a], a: [tags.b] });
        await expect(tree).toHaveAttribute('aria-activedescendant', new RegExp(`-${b.id}$`));
        await screenshot(page, `admin-keyboard-nav-moved-${locale}`, testInfo);

        await page.keyboard.press('Alt+ArrowLeft');
        await expect(announced).toHaveText(movedText(2, 2, tags.root));
        expect(await saved()).toEqual({ root: [tags.a, tags.b], a: [] });
        await expect(tree).toBeFocused();
      } finally {
        for (const id of [b.id, a.id, root.id]) await ownerApi('/admin/nav/remove', { id }).catch(() => undefined);
      }
    });
  });

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: focus returns to the refund button after the refund dialog, cancelled or sent`, async ({ page, request }) => {
      const order = await paidGuestOrder(request, locale);
      await page.goto(`/admin/orders/${order.orderNo}`);
      const open = page.getByTestId('refund-open');
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('refund-mode') });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();

      // A partial refund, by amount, sent from the keyboard.
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await tabTo(page, dialog.getByTestId('refund-mode').getByRole('radio', { checked: true }));
      await page.keyboard.press('ArrowRight');
      const amount = dialog.getByTestId('refund-amount');
      await tabTo(page, amount);
      await page.keyboard.type('1');
      await tabTo(page, dialog.getByTestId('refund-reason'));
      await page.keyboard.type('Keyboard refund');
      await tabTo(page, dialog.getByRole('button', { name: label(O.refund.submit) }));
      await page.keyboard.press('Enter');
      // The question takes the focus once it has opened (its confirming button): Enter pressed
      // before that went to the refund dialog's own button behind it, and nothing was refunded.
      const question = page.getByRole('dialog').filter({ hasText: O.move.confirmTitle });
      await expect(question.getByRole('button', { name: label(O.refund.submit) })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('order-refunds')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();
    });

    test(`${locale}: after payment from the keyboard: the change, parcel and bulk-ship dialogs give the focus back, and a return opens from its row with its move`, async ({ page, request }) => {
      const order = await paidGuestOrder(request, locale);
      const printed = order.detail.lines.find((line) => line.personalised)!;
      const claim = await api<{ returnNo: string }>(request, '/orders/returns/create', { orderNo: order.orderNo, token: order.accessToken, kind: 'claim', description: 'Crooked number', lines: [{ orderItemId: printed.id, quantity: 1 }] });
      expect(claim.code, claim.msg).toBe('0000');
      // One dialog after another: opened by Enter on its button (`inside` shows it is open), closed by Escape, the focus back on the button.
      const roundTrip = async (button: Locator, inside: Locator) => {
        await tabTo(page, button);
        await page.keyboard.press('Enter');
        await expect(inside).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(inside).toBeHidden();
        await expect(button).toBeFocused();
      };
      await page.goto(`/admin/orders/${order.orderNo}`);
      await expect(page.getByTestId('order-changes')).toBeVisible();
      // The change dialog's fields are reached in turn, the type's first.
      const change = page.getByTestId('order-change-open');
      await tabTo(page, change);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('order-change-kind') });
      await expect(dialog).toBeVisible();
      await tabTo(page, dialog.getByTestId('order-change-type').getByRole('combobox'));
      await tabTo(page, dialog.getByTestId('order-change-patches').getByRole('checkbox').first());
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(change).toBeFocused();
      await roundTrip(page.getByTestId('ship-part'), page.getByTestId('parcel-tracking'));

      await page.goto('/admin/orders');
      await expect(page.getByTestId('orders-table')).toBeVisible();
      const bulkShip = page.getByTestId('orders-bulk-ship');
      await roundTrip(bulkShip, page.getByTestId('bulk-ship-pick'));
      // Its file is chosen by a button the keyboard reaches.
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByTestId('bulk-ship-pick'));
      await page.keyboard.press('Escape');

      await page.goto('/admin/returns');
      const search = page.getByTestId('returns-search');
      await tabTo(page, search);
      await page.keyboard.type(order.orderNo);
      await page.keyboard.press('Enter');
      const row = page.getByTestId('returns-table').getByRole('row').filter({ hasText: claim.data.returnNo });
      await expect(row).toHaveCount(1);
      await tabTo(page, row);
      await page.keyboard.press('Enter');
      const detail = page.getByTestId('return-detail');
      await expect(detail).toHaveAttribute('data-status', 'requested');
      const approve = detail.getByTestId('return-approve');
      await roundTrip(approve, page.getByTestId('return-move-note'));
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      await expect(row).toBeFocused();
    });

    test(`${locale}: focus returns to the button that opened the coupon drawer`, async ({ page }) => {
      await page.goto('/admin/coupons');
      const create = page.getByTestId('coupon-new');
      await tabTo(page, create);
      await page.keyboard.press('Enter');
      const form = page.getByTestId('coupon-form');
      await expect(form).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await expect(create).toBeFocused();
    });
  });
}

// The theme drawer's colours: antd's colour picker takes no focus of its own.
test.describe(() => {
  test.use({ adminLocale: 'en-US', staff: 'R_ADMIN' });

  test('en-US: a theme colour is typed in the theme drawer from the keyboard', async ({ page }, testInfo) => {
    const A = ADMIN_TEXT['en-US'].admin;
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await tabTo(page, page.getByTestId('open-theme-drawer'));
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('theme-drawer');
    const success = drawer.getByRole('button', { name: new RegExp(`^${A.theme.success}: #`) });
    await tabTo(page, success);
    await page.keyboard.press('Enter');
    // On from the button into the picker's panel, to its hex field.
    let typed = false;
    for (let step = 0; step < 10 && !typed; step += 1) {
      await page.keyboard.press('Tab');
      typed = await page.evaluate(() => document.activeElement instanceof HTMLInputElement && /^[0-9a-f]{6}$/i.test(document.activeElement.value));
    }
    expect(typed, 'the hex field is reached by Tab').toBe(true);
    await screenshot(page, 'admin-keyboard-colour-picker', testInfo);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('0A7F3F');
    await page.keyboard.press('Escape');
    await expect(drawer.getByRole('button', { name: `${A.theme.success}: #0A7F3F` })).toBeFocused();
    await expect(drawer).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('SOY_themeSettings') ?? '{}').otherColor?.success)).toBe('#0a7f3f');
  });
});

/** The focused element's outline, and its contrast with the first opaque background behind it. */
function focusRing(page: Page): Promise<{ style: string; width: number; contrast: number }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    let behind: number[] = [255, 255, 255];
    for (let at: HTMLElement | null = element.parentElement; at; at = at.parentElement) {
      const colour = rgb(getComputedStyle(at).backgroundColor);
      if (colour.length === 3 || (colour.length === 4 && colour[3] === 1)) {
        behind = colour.slice(0, 3);
        break;
      }
    }
    const style = getComputedStyle(element);
    const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(behind)].sort((a, b) => b - a);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (light! + 0.05) / (dark! + 0.05) };
  });
}

// Focus rings, both schemes: what a keyboard user sees on the menu, a button, a row, the skip link.
for (const scheme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ adminLocale: 'en-US', staff: 'R_ADMIN', adminStorage: { SOY_themeSettings: { themeScheme: scheme } } });

    test(`the side menu's focus ring is clear in the ${scheme} scheme`, async ({ page }, testInfo) => {
      await page.goto('/admin/customers');
      await expect(page.getByTestId('customers-table')).toBeVisible();
      const menu = page.getByTestId('side-menu');
      // The menu is one Tab stop; the arrows walk its entries.
      await tabTo(page, menu);
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      const ring = await focusRing(page);
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      // WCAG 1.4.11: a focus indicator needs 3:1 against what is around it.
      expect(ring.contrast).toBeGreaterThanOrEqual(3);
      await screenshot(page, `admin-keyboard-menu-focus-${scheme}`, testInfo);
      await tabTo(page, page.getByTestId('customers-table').locator('tbody tr[data-row-key]').first());
      expect((await focusRing(page)).contrast).toBeGreaterThanOrEqual(3);
      await screenshot(page, `admin-keyboard-row-focus-${scheme}`, testInfo);
      // A plain antd button, and a table's selection checkbox (its ring is on the box drawn).
      await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }), { back: true });
      expect((await focusRing(page)).contrast).toBeGreaterThanOrEqual(3);
      await screenshot(page, `admin-keyboard-button-focus-${scheme}`, testInfo);
      await page.goto('/admin/products');
      await tabTo(page, page.getByTestId('products-table').getByRole('checkbox').nth(1));
      await screenshot(page, `admin-keyboard-checkbox-focus-${scheme}`, testInfo);
    });
  });
}
