/**
 * The back office's accessibility audit (issue 27): axe-core with the WCAG 2.2 AA rules on every
 * back-office screen, every dialog, drawer and menu open on it, in both locales and both colour
 * schemes. Each test lists every violation it met (rule, element, axe's summary) and fails if there
 * is one. en-US runs at 1440 px and zh-CN at 375 px (playwright.config.ts), so each layout is
 * audited too: the sider and tab context menus wide, the menu drawer narrow.
 *
 * One page load per screen; the screens are grouped in a few tests per locale, so the groups share
 * the workers out. The scheme setting is "follow the system", so each state is audited with every
 * rule in the scheme the system shows, then the system turns to the other scheme (the app follows
 * at once, the dialog still open) and it is audited again with the rules a colour decides: every
 * state is reached once for both schemes, which halved the audit's time. The next state starts in
 * the scheme the last one ended in, so each state costs one turn of the scheme, not two (the app
 * draws every style again at each turn: docs/testing.md "Measured times"). Page animation is off
 * (the theme setting), so a dialog is audited as it is drawn once open, not half faded in.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { AdminCoupon } from '../../src/domain/coupons.model.ts';
import type { AdminCustomerRow } from '../../src/domain/back-office/customers.model.ts';
import type { AdminTeamRow } from '../../src/domain/back-office/teams.model.ts';
import enMarketing from '../../src/i18n/locales/en-US/admin-marketing.json' with { type: 'json' };
import zhMarketing from '../../src/i18n/locales/zh-CN/admin-marketing.json' with { type: 'json' };
import enReviews from '../../src/i18n/locales/en-US/admin-reviews.json' with { type: 'json' };
import zhReviews from '../../src/i18n/locales/zh-CN/admin-reviews.json' with { type: 'json' };
import enNewOrder from '../../src/i18n/locales/en-US/admin-new-order.json' with { type: 'json' };
import zhNewOrder from '../../src/i18n/locales/zh-CN/admin-new-order.json' with { type: 'json' };
import enProducts from '../../src/i18n/locales/en-US/admin-products.json' with { type: 'json' };
import zhProducts from '../../src/i18n/locales/zh-CN/admin-products.json' with { type: 'json' };
import enChanges from '../../src/i18n/locales/en-US/admin-order-changes.json' with { type: 'json' };
import enExtras from '../../src/i18n/locales/en-US/admin-extras.json' with { type: 'json' };
import zhExtras from '../../src/i18n/locales/zh-CN/admin-extras.json' with { type: 'json' };
import zhChanges from '../../src/i18n/locales/zh-CN/admin-order-changes.json' with { type: 'json' };
import enTokens from '../../src/i18n/locales/en-US/admin-api-tokens.json' with { type: 'json' };
import zhTokens from '../../src/i18n/locales/zh-CN/admin-api-tokens.json' with { type: 'json' };
import enSessions from '../../src/i18n/locales/en-US/admin-sessions.json' with { type: 'json' };
import zhSessions from '../../src/i18n/locales/zh-CN/admin-sessions.json' with { type: 'json' };
import { api } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, label, openFromMenu, shell, test, topDialog, type AdminLocale } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { registerShopper, signInTokens } from './support/shoppers.ts';
import { waitForMail } from './support/mail.ts';

test.describe.configure({ timeout: 4 * JOURNEY_TIMEOUT_MS });

const AXE_SCRIPT = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules axe tags so. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The rules whose outcome a colour decides: all a scheme changes (theme-tokens.ts swaps colours,
 * never structure, names or roles).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** Follows the system's scheme, which each check switches (`Audit.check`). */
const FOLLOW_SYSTEM = { SOY_themeSettings: { themeScheme: 'auto', page: { animate: false } } };

const SESSIONS_TEXT = { 'en-US': enSessions, 'zh-CN': zhSessions } as const;

const MORE_TEXT = {
  'en-US': { reviews: enReviews, products: enProducts, marketing: enMarketing, changes: enChanges, extras: enExtras, tokens: enTokens },
  'zh-CN': { reviews: zhReviews, products: zhProducts, marketing: zhMarketing, changes: zhChanges, extras: zhExtras, tokens: zhTokens },
} as const;

interface Violation {
  rule: string;
  impact: string | null;
  help: string;
  targets: { target: string; summary: string }[];
}

/**
 * Runs axe on the page as it is and keeps what it reports, once per rule and element: a header
 * fault seen on every screen is listed once, under the first place it was seen.
 */
class Audit {
  private readonly found = new Map<string, string>();
  private readonly page: Page;
  /** The scheme the system shows now (the tests start light); a page load keeps it. */
  private shown: 'light' | 'dark' = 'light';

  constructor(page: Page) {
    this.page = page;
  }

  /**
   * Audits the page as it is with every rule in the scheme shown, then with the colour rules in the
   * other one, and leaves that one shown.
   */
  async check(where: string): Promise<void> {
    await this.run(`${where}, ${this.shown}`, { type: 'tag', values: WCAG_22_AA });
    await this.scheme(this.shown === 'light' ? 'dark' : 'light');
    await this.run(`${where}, ${this.shown}`, { type: 'rule', values: COLOUR_RULES });
  }

  /** Turns the system's scheme and waits until the app has followed and its colours stopped moving. */
  private async scheme(scheme: 'light' | 'dark'): Promise<void> {
    this.shown = scheme;
    await this.page.emulateMedia({ colorScheme: scheme });
    await expect(this.page.locator('html')).toHaveAttribute('data-scheme', scheme);
    await this.page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  }

  private async run(where: string, runOnly: { type: 'tag' | 'rule'; values: string[] }): Promise<void> {
    // A page load drops the script; the app's own navigations keep it.
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.addScriptTag({ path: AXE_SCRIPT });
    const violations = await this.page.evaluate(async (only): Promise<Violation[]> => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: only, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((node) => ({ target: node.target.map(String).join(' > '), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim() })) }));
    }, runOnly);
    if (runOnly.type === 'rule') {
      this.keep(where, violations);
      return;
    }
    // axe takes a placeholder for a label; here it is not one (it goes when typing starts).
    const placeholderOnly = await this.page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder]:not([type="hidden"]), textarea[placeholder]')]
        .filter((field) => field.getClientRects().length > 0 && !field.closest('[aria-hidden="true"]'))
        .filter((field) => !field.getAttribute('aria-label')?.trim() && !field.getAttribute('aria-labelledby') && !field.labels?.length && !field.title)
        .map((field) => `${field.tagName.toLowerCase()}[placeholder="${field.placeholder}"]${field.id ? `#${field.id}` : ''}`),
    );
    violations.push(...placeholderOnly.map((target) => ({ rule: 'placeholder-only-label', impact: 'serious', help: 'A placeholder must not be the only label of a field', targets: [{ target, summary: 'Give the field a label (visible, or aria-label / aria-labelledby)' }] })));
    this.keep(where, violations);
  }

  private keep(where: string, violations: Violation[]): void {
    for (const violation of violations) {
      for (const { target, summary } of violation.targets) {
        const key = `${violation.rule}|${target}`;
        if (!this.found.has(key)) this.found.set(key, `[${where}] ${violation.rule} (${violation.impact}): ${violation.help}\n    at ${target}\n    ${summary}`);
      }
    }
  }

  /** Fails listing every violation met, if any. */
  expectNone(): void {
    const list = [...this.found.values()];
    expect(list, `${list.length} accessibility violation(s):\n${list.join('\n')}`).toEqual([]);
  }
}

const isNarrow = async (page: Page) => (await shell(page).getAttribute('data-narrow')) === 'true';

/** Opens a screen by its address and waits for what shows it is drawn. */
async function visit(page: Page, path: string, drawn: Locator): Promise<void> {
  await page.goto(`/admin${path}`);
  await expect(drawn).toBeVisible();
}

/**
 * Closes every open dialog, the topmost first: Escape, or its close button where the focus is
 * no longer in it (a popconfirm that closed took the focus with it).
 */
async function closeDialogs(page: Page): Promise<void> {
  const dialogs = page.getByRole('dialog');
  for (let round = 0; round < 4 && (await dialogs.count()) > 0; round += 1) {
    const before = await dialogs.count();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogs.count(), { timeout: 2_000 }).toBeLessThan(before).catch(() => topDialog(page).getByRole('button', { name: /^(Close|关闭)$/ }).first().click());
  }
  await expect(dialogs).toHaveCount(0);
}

/** Audits the dialog `open` opens, then closes it. */
async function auditDialog(page: Page, audit: Audit, where: string, open: () => Promise<unknown>): Promise<void> {
  await open();
  await expect(topDialog(page)).toBeVisible();
  await audit.check(where);
  await closeDialogs(page);
}

/** Audits the menu a button opens (antd's dropdown), known by one of its items, then closes it. */
async function auditMenu(page: Page, audit: Audit, where: string, button: Locator, item: string): Promise<void> {
  const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: item }) });
  await button.click();
  await expect(menu).toBeVisible();
  await audit.check(where);
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await expect(menu).toBeHidden();
}

for (const locale of ADMIN_LOCALES) {
  const { admin: A, orders: O } = ADMIN_TEXT[locale];
  const { reviews: R, products: PR, marketing: M, changes: C, extras: X, tokens: TK } = MORE_TEXT[locale as AdminLocale];

  test.describe(() => {
    test.use({ adminLocale: locale, adminStorage: FOLLOW_SYSTEM, colorScheme: 'light', bypassCSP: true });

    test(`${locale}: the shell, its header menus, theme drawer, menu search, tab actions and the 404 inside it pass axe`, async ({ page }, testInfo) => {
      const audit = new Audit(page);
      await visit(page, '/dashboard', page.getByTestId('dashboard'));
      await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');
      await audit.check('dashboard');
      await screenshot(page, `admin-a11y-dashboard-${locale}`, testInfo);

      await auditMenu(page, audit, 'language menu', page.getByTestId('language'), 'English');
      await auditMenu(page, audit, 'user menu', page.getByTestId('user-menu'), A.header.logout);
      await page.getByTestId('user-menu').click();
      await auditDialog(page, audit, 'logout confirmation', () => page.getByRole('menuitem', { name: A.header.logout }).click());
      await page.mouse.move(0, 0);
      await page.getByTestId('user-menu').click();
      await auditDialog(page, audit, 'my sessions', () => page.getByRole('menuitem', { name: SESSIONS_TEXT[locale].menu }).click());
      await page.mouse.move(0, 0);

      await page.getByTestId('open-theme-drawer').click();
      await expect(topDialog(page)).toBeVisible();
      await audit.check('theme drawer');
      await screenshot(page, `admin-a11y-theme-drawer-${locale}`, testInfo);
      await closeDialogs(page);

      await page.getByTestId('open-menu-search').click();
      await expect(page.getByTestId('menu-search-input')).toBeFocused();
      await audit.check('menu search, every entry');
      await page.keyboard.type('zzzz');
      await expect(page.getByTestId('menu-search').getByText(A.search.noData).locator('visible=true')).toBeVisible();
      await audit.check('menu search, no data');
      await closeDialogs(page);

      // A second tab, so the bar holds a closable tab; its actions menu.
      await visit(page, '/orders', page.getByTestId('orders-table'));
      await audit.check('tab bar with two tabs');
      await auditMenu(page, audit, 'tab actions menu', page.getByTestId('tab-actions'), A.tabs.closeAll);
      if (await isNarrow(page)) {
        await page.getByTestId('toggle-sider').click();
        await expect(page.getByTestId('menu-drawer').getByRole('menuitem', { name: A.route.orders })).toBeVisible();
        await audit.check('menu drawer');
        await screenshot(page, `admin-a11y-menu-drawer-${locale}`, testInfo);
        await closeDialogs(page);
      } else {
        await page.getByRole('tab', { name: A.route.orders }).click({ button: 'right' });
        await expect(page.getByRole('menuitem', { name: A.tabs.closeOthers })).toBeVisible();
        await audit.check('tab context menu');
        await page.keyboard.press('Escape');
      }

      await visit(page, '/no-such-screen', page.getByText(A.route['404'], { exact: false }).first());
      await audit.check('404 in the shell');
      audit.expectNone();
    });

    test(`${locale}: the orders, an order with its move and refund dialogs, and the production sheet pass axe`, async ({ page, request }, testInfo) => {
      const audit = new Audit(page);
      const order = await paidGuestOrder(request, locale);

      await visit(page, '/orders', page.getByTestId('orders-table'));
      const search = page.getByRole('textbox', { name: O.list.search });
      await search.fill(order.email);
      await search.press('Enter');
      const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: order.orderNo });
      await expect(row).toHaveCount(1);
      await audit.check('orders');
      await row.getByRole('checkbox').check();
      await expect(page.getByTestId('orders-bulk')).toBeVisible();
      await audit.check('orders, a row selected');
      await auditDialog(page, audit, 'bulk move to production confirmation', () => page.getByTestId('orders-bulk').getByRole('button', { name: label(O.list.toProduction) }).click());
      await auditDialog(page, audit, 'bulk mark delivered confirmation', () => page.getByTestId('orders-bulk').getByRole('button', { name: label(O.list.toDelivered) }).click());
      await screenshot(page, `admin-a11y-orders-${locale}`, testInfo);

      await visit(page, `/orders/${order.orderNo}`, page.getByTestId('order-detail'));
      await audit.check('order detail');
      await screenshot(page, `admin-a11y-order-detail-${locale}`, testInfo, { fullPage: true });
      const moves = page.getByTestId('order-actions').locator('[data-move]');
      for (const move of await moves.all()) {
        const to = await move.getAttribute('data-move');
        await auditDialog(page, audit, `move dialog (${to})`, () => move.click());
      }
      await page.getByTestId('refund-open').click();
      const refund = topDialog(page);
      await expect(refund).toBeVisible();
      await audit.check('refund dialog, by lines');
      await refund.getByText(O.refund.byAmount, { exact: true }).click();
      await refund.getByTestId('refund-amount').fill('1');
      await audit.check('refund dialog, by amount');
      await refund.getByRole('button', { name: label(O.refund.submit) }).click();
      await expect(refund.getByText(O.move.reasonRequired)).toBeVisible();
      await audit.check('refund dialog, its reason missing');
      await refund.getByRole('textbox').last().fill('Goodwill');
      await refund.getByRole('button', { name: label(O.refund.submit) }).click();
      await expect(page.getByRole('dialog')).toHaveCount(2);
      await audit.check('refund confirmation');
      await closeDialogs(page);

      await visit(page, `/production-sheet?orders=${order.orderNo}`, page.getByTestId('sheet-order'));
      await audit.check('production sheet');

      // New order (docs/back-office.md "Manual orders"), with the offline payment's fields drawn too.
      await visit(page, '/new-order', page.getByTestId('new-order'));
      await page.getByTestId('new-order-payment').getByText((locale === 'zh-CN' ? zhNewOrder : enNewOrder).paymentKind.offline).click();
      await expect(page.getByTestId('new-order-reference')).toBeVisible();
      await audit.check('new order');
      audit.expectNone();
    });

    test(`${locale}: after payment: an order's changes with the change, preview and waive dialogs, parcels with the ship part and correction dialogs, bulk ship's dry run, returns with the drawer and a move, and the after-sales settings pass axe`, async ({ page, request, ownerApi }, testInfo) => {
      const audit = new Audit(page);
      // An order whose dearer lettering asks the shopper for more, with a misprint claim; another with a parcel sent.
      const changed = await paidGuestOrder(request, locale);
      const printed = changed.detail.lines.find((line) => line.personalised)!;
      await ownerApi('/admin/orders/change', { orderNo: changed.orderNo, revision: 0, change: { kind: 'line', itemId: printed.id, print: { customType: 3, customName: 'SMITH', customNumber: '7', premiumNameOption: 'Gold' } } });
      const claim = await api<{ returnNo: string }>(request, '/orders/returns/create', { orderNo: changed.orderNo, token: changed.accessToken, kind: 'claim', description: 'The number is crooked', lines: [{ orderItemId: printed.id, quantity: 1 }] });
      expect(claim.code, claim.msg).toBe('0000');
      const shipped = await paidGuestOrder(request, locale);
      const plain = shipped.detail.lines.find((line) => !line.personalised)!;
      await ownerApi('/admin/orders/shipParcel', { orderNo: shipped.orderNo, carrier: 'DHL', trackingNumber: 'JD0146009901', lines: [{ orderItemId: plain.id, quantity: 1 }] });

      await visit(page, `/orders/${changed.orderNo}`, page.getByTestId('payment-request'));
      await expect(page.getByTestId('order-change-history')).toBeVisible();
      await audit.check('order detail, a change asking for more');
      await page.getByTestId('order-change-open').click();
      const dialog = topDialog(page);
      await expect(dialog.getByTestId('order-change-patches')).toBeVisible();
      await audit.check('order change dialog, a shirt');
      // Something to price: a patch more (an unchanged form is refused as "nothing changed").
      await dialog.getByTestId('order-change-patches').getByRole('checkbox').first().check();
      await dialog.getByRole('button', { name: label(C.review) }).click();
      await expect(dialog.getByTestId('order-change-preview')).toBeVisible();
      await audit.check('order change dialog, its new total');
      await screenshot(page, `admin-a11y-order-change-${locale}`, testInfo);
      await dialog.getByTestId('order-change-kind').getByText(C.kind.address, { exact: true }).click();
      await expect(dialog.getByTestId('order-change-city')).toBeVisible();
      await audit.check('order change dialog, the address');
      await closeDialogs(page);
      await auditDialog(page, audit, 'waive payment dialog', () => page.getByTestId('payment-request-waive').click());

      await visit(page, `/orders/${shipped.orderNo}`, page.getByTestId('order-shipment'));
      await audit.check('order detail, a parcel sent');
      await auditDialog(page, audit, 'ship part dialog', () => page.getByTestId('ship-part').click());
      await auditDialog(page, audit, 'correct tracking dialog', () => page.getByTestId('correct-open').click());

      await visit(page, '/orders', page.getByTestId('orders-table'));
      await page.getByTestId('orders-bulk-ship').click();
      const bulk = page.getByTestId('bulk-ship-dialog');
      await expect(bulk.getByTestId('bulk-ship-pick')).toBeVisible();
      await audit.check('bulk ship dialog');
      const csv = ['order_no,carrier,tracking_number', `${shipped.orderNo},UPS,1Z0146009902`, 'JS-22222-22222,UPS,1Z0146009903'].join('\n');
      await bulk.getByTestId('bulk-ship-file').setInputFiles({ name: 'parcels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(bulk.getByTestId('bulk-ship-table').locator('tr[data-ok="false"]')).toHaveCount(1);
      await audit.check('bulk ship dry run');
      await screenshot(page, `admin-a11y-bulk-ship-${locale}`, testInfo);
      await closeDialogs(page);

      await visit(page, '/returns', page.getByTestId('returns-table'));
      await page.getByTestId('returns-search').fill(changed.orderNo);
      await page.getByTestId('returns-search').press('Enter');
      await expect(page.getByTestId(`return-open-${claim.data.returnNo}`)).toBeVisible();
      await audit.check('returns');
      await page.getByTestId(`return-open-${claim.data.returnNo}`).click();
      await expect(page.getByTestId('return-detail')).toBeVisible();
      await audit.check('return drawer');
      await page.getByTestId('return-approve').click();
      await expect(page.getByTestId('return-move-note')).toBeVisible();
      await audit.check('return approve dialog');
      await closeDialogs(page);

      await visit(page, '/settings?tab=afterSales', page.getByTestId('settings-after-sales'));
      await audit.check('settings, after sales');
      audit.expectNone();
    });

    test(`${locale}: the products with their bulk dialogs, the product editor, teams with a squad, patches and add-ons and the navigation pass axe`, async ({ page, ownerApi }, testInfo) => {
      const audit = new Audit(page);
      await visit(page, '/products', page.getByTestId('products-table'));
      const first = page.getByTestId('products-table').getByRole('row').nth(1);
      await expect(first).toBeVisible();
      await audit.check('products');
      // The catalogue export's formats menu (CSV or XLSX), opened from its arrow button.
      await page.getByTestId('catalogue-export-formats').click();
      await expect(page.getByTestId('catalogue-export-xlsx')).toBeVisible();
      await audit.check('catalogue export menu');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('catalogue-export-xlsx')).toBeHidden();
      await first.getByRole('checkbox').check();
      await auditDialog(page, audit, 'bulk price dialog', () => page.getByTestId('products-bulk').getByRole('button', { name: label(PR.list.bulkPrice) }).click());
      await auditDialog(page, audit, 'bulk stock dialog', () => page.getByTestId('products-bulk').getByRole('button', { name: label(PR.list.bulkStock) }).click());

      await visit(page, '/products/1', page.getByTestId('product-editor'));
      await expect(page.getByTestId('product-title-en-US')).not.toHaveValue('');
      await audit.check('product editor');
      await screenshot(page, `admin-a11y-product-editor-${locale}`, testInfo);
      await visit(page, '/products/new', page.getByTestId('product-editor'));
      await audit.check('new product editor');

      const teams = await ownerApi<{ records: AdminTeamRow[] }>('/admin/teams/list', { current: 1, size: 1 });
      const team = teams.records[0]!;
      await visit(page, '/teams', page.getByTestId(`team-open-${team.tag}`));
      await audit.check('teams');
      await page.getByTestId(`team-open-${team.tag}`).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('squad-table').getByRole('row').nth(1)).toBeVisible();
      await audit.check('team drawer');
      await drawer.getByTestId('squad-table').getByRole('button', { name: label(A.common.remove) }).first().click();
      await expect(page.getByRole('button', { name: label(A.common.confirm) }).locator('visible=true')).toBeVisible();
      await audit.check('remove player confirmation');
      await page.keyboard.press('Escape');
      await closeDialogs(page);

      await visit(page, '/extras', page.getByTestId('patches-table').getByRole('row').nth(1));
      await audit.check('patches');
      await auditDialog(page, audit, 'patch dialog', () => page.getByTestId('patch-new').click());
      await page.getByRole('tab', { name: label(X.addons) }).click();
      await expect(page.getByTestId('addons-table').getByRole('row').nth(1)).toBeVisible();
      await audit.check('add-ons');
      await auditDialog(page, audit, 'add-on dialog', () => page.getByTestId('addon-new').click());

      await visit(page, '/navigation', page.getByTestId('nav-tree'));
      await audit.check('navigation');
      await page.getByTestId('nav-tree').getByRole('treeitem').first().click();
      await expect(page.getByTestId('nav-rename')).toBeVisible();
      await audit.check('navigation, an entry chosen');
      await auditDialog(page, audit, 'rename entry dialog', () => page.getByTestId('nav-rename').click());
      await auditDialog(page, audit, 'add entry dialog', () => page.getByTestId('nav-add-root').click());
      await page.getByTestId('nav-remove').click();
      await expect(page.getByRole('button', { name: label(A.common.confirm) }).locator('visible=true')).toBeVisible();
      await audit.check('remove entry confirmation');
      audit.expectNone();
    });

    test(`${locale}: customers, a customer with the erase dialog, reviews with the moderation dialog and the newsletter pass axe`, async ({ page, request, ownerApi }) => {
      const audit = new Audit(page);
      const shopper = await registerShopper(request);
      const tokens = await signInTokens(request, shopper);
      const text = `Accessible review ${randomBytes(4).toString('hex')}`;
      expect((await api(request, '/demo/ironProductComment/save', { productId: 1, rating: 4, content: text }, { authorization: `Bearer ${tokens.token}` })).code).toBe('0000');
      expect((await api(request, '/demo/ironSubscribe/saveOrUpdateBatch', { email: shopper.email })).code).toBe('0000');
      const found = await ownerApi<{ records: AdminCustomerRow[] }>('/admin/customers/list', { query: shopper.email });

      await visit(page, '/customers', page.getByTestId('customers-table').getByRole('row').nth(1));
      await audit.check('customers');
      await visit(page, `/customers/${found.records[0]!.userId}`, page.getByTestId('customer-detail'));
      await expect(page.getByTestId('customer-status')).toBeVisible();
      await audit.check('customer detail');
      await auditDialog(page, audit, 'disable customer confirmation', () => page.getByTestId('customer-disable').click());
      await auditDialog(page, audit, 'erase customer dialog', () => page.getByTestId('customer-erase').click());

      await visit(page, '/reviews', page.getByTestId('reviews-table'));
      const productFilter = page.getByRole('spinbutton', { name: R.productId });
      await productFilter.fill('1');
      await productFilter.press('Enter');
      const review = page.getByTestId('reviews-table').getByRole('row').filter({ hasText: text });
      await expect(review).toHaveCount(1);
      await audit.check('reviews');
      await auditDialog(page, audit, 'hide review dialog', () => review.getByRole('button', { name: label(R.hide) }).click());

      await visit(page, '/newsletter', page.getByTestId('newsletter-table').getByRole('row').nth(1));
      await audit.check('newsletter');
      await auditDialog(page, audit, 'unsubscribe confirmation', () => page.getByTestId('newsletter-table').getByRole('row').nth(1).getByRole('button').last().click());
      audit.expectNone();
    });

    test(`${locale}: coupons with the coupon drawer and usage, staff with the grant dialog, the roles screen, the audit log, API tokens with the new token dialog and its secret, the settings and the webhooks pass axe`, async ({ page, ownerApi }, testInfo) => {
      const audit = new Audit(page);
      const code = `A11Y${randomBytes(4).toString('hex').toUpperCase()}`;
      const coupon = await ownerApi<AdminCoupon>('/admin/coupons/create', {
        code,
        kind: 'percent',
        percent: 10,
        amounts: null,
        minSpendEur: 0,
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        perCustomerLimit: null,
        includesPersonalised: true,
      });

      await visit(page, '/coupons', page.getByTestId('coupon-table').getByRole('row').filter({ hasText: coupon.code }));
      await audit.check('coupons');
      await auditDialog(page, audit, 'new coupon drawer', () => page.getByTestId('coupon-new').click());
      const row = page.getByTestId('coupon-table').getByRole('row').filter({ hasText: coupon.code });
      await auditDialog(page, audit, 'edit coupon drawer', () => row.getByRole('button', { name: label(M.coupons.edit) }).click());
      await auditDialog(page, audit, 'coupon usage', () => row.getByRole('button', { name: label(M.coupons.usage) }).click());
      await auditDialog(page, audit, 'expire coupon confirmation', () => row.getByRole('button', { name: label(M.coupons.expireNow) }).click());

      await visit(page, '/staff', page.getByTestId('staff-table').getByRole('row').nth(1));
      await audit.check('staff');
      await screenshot(page, `admin-a11y-staff-${locale}`, testInfo);
      await auditDialog(page, audit, 'grant role dialog', () => page.getByTestId('staff-table').getByRole('row').nth(1).getByRole('button', { name: label(A.staff.grant) }).click());
      await auditDialog(page, audit, 'invite dialog', () => page.getByTestId('invite-open').click());
      await auditDialog(page, audit, "a member's sessions dialog", () => page.getByTestId('staff-table').getByRole('row').nth(1).getByRole('button', { name: SESSIONS_TEXT[locale].staffActionFor.replace('{{email}}', '') }).first().click());
      // Custom roles: the Roles screen, its role dialog, and the Staff screen's roles dialog.
      await visit(page, '/staff/roles', page.getByTestId('roles-table').getByRole('row').nth(1));
      await audit.check('roles');
      await screenshot(page, `admin-a11y-roles-${locale}`, testInfo);
      await auditDialog(page, audit, 'new role dialog', () => page.getByTestId('role-new').click());

      await visit(page, '/audit', page.getByTestId('audit-table').getByRole('row').nth(1));
      await audit.check('audit log');

      // API tokens (Integrations): the list, the new token dialog, and the secret shown once (closed only by its button).
      await ownerApi('/admin/apiTokens/create', { name: `A11y ${code}`, codes: ['order:view'], days: 30 });
      await visit(page, '/api-tokens', page.getByTestId('api-tokens-table').getByRole('row').filter({ hasText: `A11y ${code}` }));
      await audit.check('api tokens');
      await auditDialog(page, audit, 'new api token dialog', () => page.getByTestId('api-tokens-create').click());
      await page.getByTestId('api-tokens-create').click();
      await page.getByTestId('api-token-name').fill(`A11y UI ${code}`);
      await page.getByRole('checkbox', { name: 'order:view' }).check();
      await confirmIn(page, TK.createOk);
      await expect(page.getByTestId('api-token-secret')).toBeVisible();
      await audit.check('api token secret');
      await confirmIn(page, TK.secretDone);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await visit(page, '/settings', page.getByTestId('settings-shipping'));
      await audit.check('settings');
      await screenshot(page, `admin-a11y-settings-${locale}`, testInfo);
      // Settings -> Taxes (the form and the rate table) and Seller (issue 29).
      await visit(page, '/settings?tab=taxes', page.getByTestId('tax-rate-table'));
      await audit.check('settings, taxes');
      await page.getByTestId('settings-tax-rates').locator('[data-market="GB"]').getByTestId('tax-rate-edit').click();
      await expect(page.getByTestId('tax-edit-standard')).toBeVisible();
      await audit.check('rate edit dialog');
      await page.keyboard.press('Escape');
      await visit(page, '/settings?tab=seller', page.getByTestId('settings-seller'));
      await audit.check('settings, seller');
      // Integrations -> Webhooks: the list, the endpoint dialog and the delivery log drawer.
      const hook = await ownerApi<{ id: number }>('/admin/webhooks/save', { url: `http://127.0.0.1:9/a11y-${code}`, events: ['order.paid'], active: false });
      await visit(page, '/webhooks', page.getByTestId('webhook-table').getByRole('row').filter({ hasText: code }));
      await audit.check('webhooks');
      await screenshot(page, `admin-a11y-webhooks-${locale}`, testInfo);
      await auditDialog(page, audit, 'webhook endpoint dialog', () => page.getByTestId('webhook-new').click());
      await auditDialog(page, audit, 'webhook delivery log', () => page.getByTestId(`webhook-log-${hook.id}`).click());
      await ownerApi('/admin/webhooks/remove', { id: hook.id });
      audit.expectNone();
    });
  });

  test.describe(() => {
    test.use({ staff: 'signed-out', adminLocale: locale, adminStorage: FOLLOW_SYSTEM, colorScheme: 'light', bypassCSP: true });

    test(`${locale}: the login page, a staff invite's accept page and the 403, 404 and 500 screens pass axe`, async ({ page, ownerApi }, testInfo) => {
      const audit = new Audit(page);
      await visit(page, '/login', page.getByRole('heading', { name: A.login.title }));
      await audit.check('login');
      await screenshot(page, `admin-a11y-login-${locale}`, testInfo);
      const invitee = `a11y-invite-${randomBytes(4).toString('hex')}@example.com`;
      await ownerApi('/admin/invites/create', { email: invitee, role: 'R_ADMIN', locale });
      const link = new URL(/(https?:\/\/\S+\/admin\/invite\?token=[A-Za-z0-9_-]+)/.exec((await waitForMail({ to: invitee }, 20_000)).text)![1]!);
      await visit(page, `/invite${link.search}`, page.getByTestId('invite-form'));
      await audit.check('invite accept page');
      await visit(page, '/invite?token=no-such-invite-token-0000000000', page.getByTestId('invite-dead'));
      await audit.check('dead invite link');
      for (const code of ['403', '404', '500'] as const) {
        await visit(page, `/${code}`, page.getByTestId('login-or-register'));
        await audit.check(`${code} screen`);
      }
      audit.expectNone();
    });
  });

  test.describe(() => {
    test.use({ adminLocale: locale, adminStorage: { SOY_themeSettings: { page: { animate: false } } } });

    test(`${locale}: the tab bar is a tablist of tabs alone, its close targets are 24 px, and closing a tab gives focus to the tab then shown`, async ({ page }) => {
      await page.goto('/admin/dashboard');
      for (const name of [A.route.orders, A.route.audit, A.route.staff]) await openFromMenu(page, name);
      const tablist = page.getByRole('tablist');
      await expect(tablist.getByRole('tab')).toHaveCount(4);
      // Nothing but tabs in the tablist, and no control inside a tab.
      await expect(tablist.getByRole('button')).toHaveCount(0);
      await expect(page.getByTestId('tab-bar').getByRole('button', { name: A.tabs.more })).toBeVisible();
      const close = page.getByRole('tab', { name: A.route.staff }).getByTestId('tab-close');
      const box = (await close.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

      // Delete on the focused tab closes it; the tab now shown takes the focus.
      await page.getByRole('tab', { name: A.route.staff }).focus();
      await page.keyboard.press('Delete');
      await expect(tablist.getByRole('tab')).toHaveCount(3);
      await expect(page.getByRole('tab', { name: A.route.audit })).toBeFocused();
      await expect(page).toHaveURL(/\/admin\/audit$/);
      // Arrows move between tabs, Enter opens.
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('tab', { name: A.route.orders })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/orders$/);
      // The pointer's close target does the same.
      await page.getByRole('tab', { name: A.route.orders }).getByTestId('tab-close').click();
      await expect(page.getByRole('tab', { name: A.route.audit })).toBeFocused();
      // So does the actions menu's "Close".
      await page.getByTestId('tab-actions').click();
      await page.getByRole('menuitem', { name: A.tabs.close, exact: true }).click();
      await expect(tablist.getByRole('tab')).toHaveCount(1);
      await expect(page.getByRole('tab', { name: A.route.dashboard })).toBeFocused();
    });
  });
}
