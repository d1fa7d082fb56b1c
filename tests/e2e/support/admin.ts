/**
 * The back-office journeys' common ground (tests/e2e/admin-*.spec.ts).
 *
 * Signing in costs a password hash on the server, and the app's first screen is the slow part
 * of every journey, so staff sign in once per worker (through the API, as the login page would)
 * and each test's browser context starts already signed in: `test.use({ staff: 'R_ADMIN' })`
 * picks who, `adminLocale` the app's language, `adminStorage` any other stored settings (the
 * theme's, say). Only the journey about the login page itself signs in by hand.
 *
 * A worker's token pair is given to its tests one after another and never refreshed by them: the
 * pair is made again when older than ten minutes, well inside the access token's 15, so no test
 * ever rotates a refresh token that a later test of the worker still holds (a reused refresh
 * token would end the session, rightly).
 */
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import enAdmin from '../../../src/i18n/locales/en-US/admin.json' with { type: 'json' };
import zhAdmin from '../../../src/i18n/locales/zh-CN/admin.json' with { type: 'json' };
import enOrders from '../../../src/i18n/locales/en-US/admin-orders.json' with { type: 'json' };
import zhOrders from '../../../src/i18n/locales/zh-CN/admin-orders.json' with { type: 'json' };
import { ORDER_STATUS_NAMES } from '../../../src/domain/order-status-names.ts';
import enBrowse from '../../../src/i18n/locales/en-US/browse.json' with { type: 'json' };
import zhBrowse from '../../../src/i18n/locales/zh-CN/browse.json' with { type: 'json' };
import { DEMO_ACCOUNTS } from '../../../src/server/modules/staff/demo.ts';
import { apiData } from '../../support/api.ts';
import { E2E_OWNER } from './env.ts';
import { test as base, expect as baseExpect } from './shoppers.ts';

/**
 * A screen's first start parses antd, on a machine that may be busy with other workers: waits get
 * room. No assertion is about time, and a passing wait returns as soon as the page shows it.
 */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Room for a whole journey on a busy machine (each spec sets it with `test.describe.configure`). */
export const JOURNEY_TIMEOUT_MS = 120_000;

export type AdminLocale = 'en-US' | 'zh-CN';
export const ADMIN_LOCALES: readonly AdminLocale[] = ['en-US', 'zh-CN'];

/** Who a journey is: the owner the admin command made (R_SUPER), or one of the seeded demo accounts. */
export type StaffLogin = 'owner' | 'R_ADMIN' | 'R_CUSTOMER' | 'signed-out';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** Every admin string a journey reads, in each locale, so a journey names what the user sees. */
export const ADMIN_TEXT = {
  'en-US': { admin: enAdmin, orders: { ...enOrders, status: ORDER_STATUS_NAMES['en-US'] }, browse: enBrowse },
  'zh-CN': { admin: zhAdmin, orders: { ...zhOrders, status: ORDER_STATUS_NAMES['zh-CN'] }, browse: zhBrowse },
} as const;

const PAIR_MAX_AGE_MS = 10 * 60_000;

function credentials(login: Exclude<StaffLogin, 'signed-out'>): { username: string; password: string } {
  if (login === 'owner') return { username: E2E_OWNER.email, password: E2E_OWNER.password };
  const demo = DEMO_ACCOUNTS.find((account) => account.role === login)!;
  return { username: demo.email, password: demo.password };
}

interface AdminFixtures {
  /** Who the test's browser context is signed in as (default: the owner). */
  staff: StaffLogin;
  /** The back office's language (`SOY_lang`). */
  adminLocale: AdminLocale;
  /** More local storage for the context, by key (values stored as JSON, as the app does). */
  adminStorage: Record<string, unknown>;
  /**
   * A pair signed in for this test alone rather than the worker's shared one: for a journey that
   * logs out, which ends its pair for everyone holding it.
   */
  ownSession: boolean;
  /** The token pair the context starts with (null when signed out). */
  staffTokens: TokenPair | null;
  /** The shop's API, signed in as the owner: to make a journey's data without clicking. */
  ownerApi: <T>(path: string, data?: unknown) => Promise<T>;
}

interface AdminWorkerFixtures {
  /** This worker's signed-in pairs, one per login, made on first use. */
  staffSessions: { pair: (login: Exclude<StaffLogin, 'signed-out'>) => Promise<TokenPair> };
}

export const test = base.extend<AdminFixtures, AdminWorkerFixtures>({
  staff: ['owner', { option: true }],
  adminLocale: ['en-US', { option: true }],
  adminStorage: [{}, { option: true }],
  ownSession: [false, { option: true }],

  staffSessions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const api = await playwrightRequest.newContext({ baseURL: workerInfo.project.use.baseURL });
      const made = new Map<string, { pair: Promise<TokenPair>; at: number }>();
      await use({
        pair: (login) => {
          const known = made.get(login);
          if (known && Date.now() - known.at < PAIR_MAX_AGE_MS) return known.pair;
          const pair = apiData<TokenPair>(api, '/demo/permissionAuth/doLogin', credentials(login));
          made.set(login, { pair, at: Date.now() });
          return pair;
        },
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],

  staffTokens: async ({ staff, staffSessions, ownSession, baseURL }, use) => {
    if (staff === 'signed-out') return use(null);
    if (!ownSession) return use(await staffSessions.pair(staff));
    const api = await playwrightRequest.newContext({ baseURL });
    const pair = await apiData<TokenPair>(api, '/demo/permissionAuth/doLogin', credentials(staff));
    await api.dispose();
    await use(pair);
  },

  storageState: async ({ staffTokens, adminLocale, adminStorage, baseURL }, use) => {
    const values: Record<string, unknown> = { SOY_lang: adminLocale, ...adminStorage };
    if (staffTokens) Object.assign(values, { SOY_token: staffTokens.token, SOY_refreshToken: staffTokens.refreshToken });
    const localStorage = Object.entries(values).map(([name, value]) => ({ name, value: JSON.stringify(value) }));
    await use({ cookies: [], origins: [{ origin: baseURL!, localStorage }] });
  },

  ownerApi: async ({ request, staffSessions }, use) => {
    const { token } = await staffSessions.pair('owner');
    await use(<T>(path: string, data: unknown = {}) => apiData<T>(request, path, data, { authorization: `Bearer ${token}` }));
  },
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A button's name as antd writes it: two Chinese characters get a space between them. */
export function label(text: string): RegExp {
  return new RegExp(`^${[...text].map(escapeRegExp).join('\\s?')}$`);
}

/** The topmost open dialog (antd stacks a confirmation over the form that asked for it). */
export function topDialog(page: Page) {
  return page.getByRole('dialog').last();
}

/**
 * Waits until the topmost dialog has ended its opening motion: drawn opaque, nothing moving it.
 * antd's dialog first sits transparent where it will end, for a few frames, then zooms in from the
 * click that opened it. A press in those frames lands on the button and its release, once the
 * zoom has begun, on the backdrop, so the browser sends the click to the backdrop and the dialog
 * stays open with nothing asked of the server (docs/testing.md "Flaky journeys"). Nobody can
 * press a button before it is drawn, so the journeys wait for what a person sees.
 */
export async function dialogSettled(page: Page): Promise<void> {
  const dialog = topDialog(page);
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        const chain: Element[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) chain.push(node);
        const moving = element.ownerDocument.getAnimations().some((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return target !== null && chain.includes(target) && animation.playState !== 'finished';
        });
        return !moving && chain.every((node) => getComputedStyle(node).opacity === '1');
      }),
    )
    .toBe(true);
}

/** Clicks the topmost dialog's button named `name`, once the dialog is drawn (`dialogSettled`). */
export async function confirmIn(page: Page, name: string): Promise<void> {
  await dialogSettled(page);
  await topDialog(page).getByRole('button', { name: label(name) }).click();
}

/**
 * Opens an antd Select and picks an option (a string is the option's whole text), opening it again
 * while its list does not show the option, and clicking again when the list shut under the click:
 * a click while the previous list was still closing, or before the options had loaded, leaves it
 * shut or empty, and at 375 px the list can shut as the page scrolls it into view (seen in the
 * zh-CN order-change and manual-order journeys). A person sees the list shut and opens it again.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  const text = typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}$`) : option;
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  await expect(async () => {
    if (!(await item.isVisible())) await select.click();
    await item.click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** The shell's frame (it carries the layout drawn: `data-layout`, `data-narrow`). */
export function shell(page: Page) {
  return page.locator('[data-layout][data-narrow]');
}

/** The tab shown, in the tab bar. */
export function activeTab(page: Page) {
  return page.getByRole('tablist').getByRole('tab', { selected: true });
}

/** The same browser, signed in as someone else: the tokens the app keeps, then a fresh load. */
export async function signedInAs(page: Page, pair: TokenPair, path: string): Promise<void> {
  await page.evaluate(({ token, refreshToken }) => {
    localStorage.setItem('SOY_token', JSON.stringify(token));
    localStorage.setItem('SOY_refreshToken', JSON.stringify(refreshToken));
  }, pair);
  await page.goto(path);
}

/** Opens a screen from the menu, as a user would: the sider at 1440 px, the menu drawer at 375 px. */
export async function openFromMenu(page: Page, name: string): Promise<void> {
  await expect(shell(page)).toBeVisible();
  if ((await shell(page).getAttribute('data-narrow')) === 'true') {
    await page.getByTestId('toggle-sider').click();
    await page.getByTestId('menu-drawer').getByRole('menuitem', { name }).click();
  } else {
    await page.getByTestId('side-menu').getByRole('menuitem', { name }).click();
  }
  await expect(activeTab(page)).toContainText(name);
}

/** Applies audit log filters, found by their labels (whatever the filter bar looks like). */
export async function filterAudit(page: Page, locale: AdminLocale, filters: { action?: string; entityId?: string }): Promise<void> {
  const A = ADMIN_TEXT[locale].admin;
  if (filters.action !== undefined) await page.getByLabel(A.audit.action, { exact: true }).fill(filters.action);
  if (filters.entityId !== undefined) await page.getByLabel(A.audit.entityId, { exact: true }).fill(filters.entityId);
  await page.getByTestId('audit-filters').getByRole('button', { name: label(A.common.search) }).click();
}

/**
 * Makes an unpublished product through the owner's API: one size (M, 3 in stock), not printable,
 * under no navigation tag, so no listing another journey checks gains it while it runs.
 */
export function createPlainProduct<T>(ownerApi: AdminFixtures['ownerApi'], title: { 'en-US': string; 'zh-CN': string }, price = 3_000): Promise<T> {
  return ownerApi<T>('/admin/products/create', {
    title,
    description: { 'en-US': '', 'zh-CN': '' },
    price,
    compareAtPrice: null,
    sport: 'football',
    teamId: null,
    tags: [],
    printable: false,
    customisationFee: 0,
    sizes: [{ size: 'M', stock: 3 }],
    sizeGuide: [],
    faq: { 'en-US': [], 'zh-CN': [] },
  });
}
