/**
 * Manual (staff) orders (docs/back-office.md "Manual orders"), en-US at 1440 px and zh-CN at
 * 375 px: staff open "New order" from the Orders screen, type a guest's email, add a shirt printed
 * with a name and number, the address, price it (the server's total), tick a patch and price it
 * again (the items' amount grows by the patch's price) and send a PayPal link; the
 * guest opens the link from the mail the test SMTP receiver kept and pays in the PayPal
 * simulator; the order then shows paid. Shorter: a staff order waiting for its link is marked paid
 * offline on its detail, which then shows the method, reference and reason.
 */
import { randomUUID } from 'node:crypto';
import { LOCALE_NAMES } from '../../src/domain/locale.ts';
import enNew from '../../src/i18n/locales/en-US/admin-new-order.json' with { type: 'json' };
import zhNew from '../../src/i18n/locales/zh-CN/admin-new-order.json' with { type: 'json' };
import enOrders from '../../src/i18n/locales/en-US/admin-orders.json' with { type: 'json' };
import zhOrders from '../../src/i18n/locales/zh-CN/admin-orders.json' with { type: 'json' };
import type { Page } from '../../src/domain/api/envelope.ts';
import type { Patch, ProductDetail } from '../../src/domain/catalogue.model.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeViolations } from './support/axe.ts';
import { ADMIN_LOCALES, JOURNEY_TIMEOUT_MS, chooseOption, confirmIn, expect, label, test, topDialog } from './support/admin.ts';
import { waitForMail } from './support/mail.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEXT = { 'en-US': enNew, 'zh-CN': zhNew } as const;
const ORDERS = { 'en-US': enOrders, 'zh-CN': zhOrders } as const;
const LINK_SUBJECT = { 'en-US': /is ready to pay/, 'zh-CN': /待付款/ } as const;
const SIM = { 'en-US': 'Approve payment', 'zh-CN': '确认付款' } as const;

/** The product's sizes with the most stock first (journeys in parallel buy from the same seeded stock). */
async function sizesOf(request: Parameters<typeof apiData>[0], productId: number): Promise<string[]> {
  const product = await apiData<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: productId });
  return [...product.sizes].sort((a, b) => b.stock - a.stock).map((s) => s.size);
}

/** Picks an antd Select's option by its title, in the dropdown open now. */
async function pick(page: import('@playwright/test').Page, title: string | RegExp) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: title }).first();
  await option.click();
}


/** A printable product with a sold-out size and one in stock (the seeded catalogue has a few sold out). */
async function productWithSoldOut(request: Parameters<typeof apiData>[0]): Promise<ProductDetail> {
  for (let id = 2; id <= 80; id++) {
    const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id });
    if (product.printable && product.sizes.some((s) => s.stock === 0) && product.sizes.some((s) => s.stock >= 5)) return product;
  }
  throw new Error('no product with a sold-out size in the demo catalogue');
}

/** The address and contact a priced form needs, typed. */
async function typeAddress(screen: import('@playwright/test').Locator) {
  for (const [field, value] of [
    ['firstName', 'Ada'],
    ['lastName', 'Lovelace'],
    ['address', '12 St James Square'],
    ['city', 'London'],
    ['postalCode', 'SW1Y 4JH'],
    ['country', 'GB'],
    ['phone', '20 7946 0000'],
  ] as const)
    await screen.getByTestId(`new-order-${field}`).fill(value);
}

/**
 * The whole New order form for people to look at: the back office scrolls its content area, not
 * the page, so the viewport is made as tall as the form for the shot (its width, the layout, kept).
 */
async function screenShot(screen: import('@playwright/test').Locator, name: string, testInfo: import('@playwright/test').TestInfo) {
  const page = screen.page();
  const viewport = page.viewportSize()!;
  const height = (await screen.evaluate((element) => element.scrollHeight)) + 200;
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await screenshot(page, name, testInfo);
  await page.setViewportSize(viewport);
}

/** Follows the system's colour scheme, which a test then turns (as admin-a11y.spec.ts does). */
const FOLLOW_SYSTEM = { SOY_themeSettings: { themeScheme: 'auto', page: { animate: false } } };

async function turnScheme(page: import('@playwright/test').Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
}

for (const locale of ADMIN_LOCALES) {
  const N = TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale, adminStorage: FOLLOW_SYSTEM, colorScheme: 'light' });

    test(`${locale}: a line offers its product's own sizes with their stock, says beside the line what the stock cannot serve, and passes axe @viewports`, async ({ page, request }, testInfo) => {
      const product = await productWithSoldOut(request);
      const soldOut = product.sizes.find((s) => s.stock === 0)!.size;
      const inStock = product.sizes.find((s) => s.stock >= 5)!.size;
      await page.goto('/admin/new-order');
      const screen = page.getByTestId('new-order');
      await expect(screen).toBeVisible();
      const line = screen.getByTestId('new-order-line-0');
      const sizeSelect = line.getByTestId('new-order-size-0');
      // No product, no sizes to choose from.
      await expect(sizeSelect.getByRole('combobox')).toBeDisabled();
      expect(await axeViolations(page), 'the empty form').toEqual([]);

      await line.getByLabel(`${N.product} 1`).click();
      await line.getByLabel(`${N.product} 1`).fill(String(product.id));
      await pick(page, new RegExp(`^#${product.id} `));
      // The product's own sizes, in its order, each with its stock; the sold-out one listed but not choosable.
      await sizeSelect.click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect(options).toHaveText(product.sizes.map((s) => new RegExp(`^${s.size} · `)));
      const soldOutOption = options.filter({ hasText: new RegExp(`^${soldOut} · `) });
      await expect(soldOutOption).toHaveText(N.sizeOutOfStock.replace('{{size}}', soldOut));
      await expect(soldOutOption).toHaveAttribute('aria-disabled', 'true');
      await soldOutOption.click({ force: true });
      await expect(sizeSelect).not.toContainText(`${soldOut} · `);
      expect(await axeViolations(page), 'the sizes listed').toEqual([]);
      await chooseOption(page, sizeSelect, new RegExp(`^${inStock} · `));
      await expect(sizeSelect).toContainText(`${inStock} · `);

      // A second line left empty and nothing else typed: the required fields' errors show, beside
      // the first line's print editor open on a name and number.
      await chooseOption(page, line.getByTestId('new-order-print-0'), ORDERS[locale].customType['3']);
      await line.getByTestId('new-order-name-0').fill('kane');
      await line.getByTestId('new-order-number-0').fill('9');
      await screen.getByTestId('new-order-add-line').click();
      await screen.getByTestId('new-order-price').click();
      await expect(screen.getByTestId('new-order-line-1').locator('.ant-form-item-explain-error').first()).toBeVisible();
      await expect(screen.getByTestId('new-order-line-1').getByTestId('new-order-size-1').getByRole('combobox')).toBeDisabled();
      expect(await axeViolations(page), 'required fields missing').toEqual([]);
      await screenShot(screen, `admin-new-order-errors-${locale}-light`, testInfo);
      await turnScheme(page, 'dark');
      expect(await axeViolations(page), 'required fields missing, dark').toEqual([]);
      await screenShot(screen, `admin-new-order-errors-${locale}-dark`, testInfo);
      await turnScheme(page, 'light');

      // More than is left: the quote says so beside the line, and the order cannot be placed.
      await screen.getByRole('button', { name: N.removeLine.replace('{{n}}', '2') }).click();
      await line.getByTestId('new-order-quantity-0').fill('99');
      await screen.getByTestId('new-order-email').fill(`sizes.${randomUUID().slice(0, 8)}@example.com`);
      await typeAddress(screen);
      await screen.getByTestId('new-order-price').click();
      const problem = line.getByTestId('new-order-stock-0');
      await expect(problem).toContainText(inStock);
      await expect(screen.getByTestId('new-order-place')).toBeDisabled();
      expect(await axeViolations(page), 'a line the stock cannot serve').toEqual([]);
      await screenShot(screen, `admin-new-order-stock-${locale}-light`, testInfo);
      await turnScheme(page, 'dark');
      expect(await axeViolations(page), 'a line the stock cannot serve, dark').toEqual([]);
      await screenShot(screen, `admin-new-order-stock-${locale}-dark`, testInfo);
      await turnScheme(page, 'light');

      // Sold out between pricing and placing: the refusal (1410, naming the product and size) goes beside its line too.
      await line.getByTestId('new-order-quantity-0').fill('1');
      await screen.getByTestId('new-order-price').click();
      await expect(problem).toHaveCount(0);
      await expect(screen.getByTestId('new-order-place')).toBeEnabled();
      const refusal = `${product.title}: size ${inStock} is sold out`;
      await page.route('**/api/admin/orders/create', (route) => route.fulfill({ status: 409, json: { code: '1410', msg: refusal, data: { productId: product.id, size: inStock, available: 0 } } }));
      await screen.getByTestId('new-order-place').click();
      await confirmIn(page, N.place);
      await expect(problem).toHaveText(refusal);
      await expect(screen).toBeVisible();
      await expect(screen.getByTestId('new-order-place')).toBeDisabled();
    });
  });

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a manual order paid by link`, async ({ page, request }, testInfo) => {
      const email = `manual.${locale}.${randomUUID().slice(0, 8)}@example.com`;
      const size = (await sizesOf(request, 1))[0]!;
      const patch = (await apiData<Page<Patch>>(request, '/demo/ironPatch/queryList', { productId: 1 }, { 'accept-language': locale })).records[0]!;
      expect(patch, 'product 1 offers a patch').toBeTruthy();
      await page.goto('/admin/orders');
      await page.getByTestId('orders-new').click();
      const screen = page.getByTestId('new-order');
      await expect(screen).toBeVisible();

      await screen.getByTestId('new-order-email').fill(email);
      const line = screen.getByTestId('new-order-line-0');
      await line.getByLabel(`${N.product} 1`).click();
      await line.getByLabel(`${N.product} 1`).fill('1');
      await pick(page, /^#1 /);
      await chooseOption(page, line.getByTestId('new-order-size-0'), new RegExp(`^${size} · `));
      await chooseOption(page, line.getByTestId('new-order-print-0'), ORDERS[locale].customType['3']);
      await line.getByTestId('new-order-name-0').fill('kane');
      await line.getByTestId('new-order-number-0').fill('9');
      for (const [field, value] of [
        ['firstName', 'Ada'],
        ['lastName', 'Lovelace'],
        ['address', '12 St James Square'],
        ['city', 'London'],
        ['postalCode', 'SW1Y 4JH'],
        ['country', 'GB'],
        ['phone', '20 7946 0000'],
      ] as const)
        await screen.getByTestId(`new-order-${field}`).fill(value);
      await screen.getByTestId('new-order-locale').click();
      await pick(page, new RegExp(`^${LOCALE_NAMES[locale]}$`));

      // Priced by the server before it can be placed.
      await expect(screen.getByTestId('new-order-place')).toBeDisabled();
      await screen.getByTestId('new-order-price').click();
      const total = screen.getByTestId('new-order-total');
      await expect(total).toBeVisible();
      await expect(screen.getByTestId('new-order-place')).toBeEnabled();
      // A patch ticked on the line: priced again, the items (and so the total) hold its price.
      const summary = screen.getByTestId('new-order-summary');
      const itemsBefore = Number(await summary.getAttribute('data-items'));
      await line.getByTestId('new-order-patches-0').getByRole('checkbox', { name: patch.patchName }).check();
      await expect(screen.getByTestId('new-order-place')).toBeDisabled();
      await screen.getByTestId('new-order-price').click();
      await expect(summary).toHaveAttribute('data-items', String(itemsBefore + patch.patchPrice));
      await expect(screen.getByTestId('new-order-place')).toBeEnabled();
      await screenshot(page, `admin-new-order-${locale}`, testInfo, { fullPage: true });
      // The Orders tab stays mounted behind this one, so placing reads its list again. That read is
      // held until the detail shows: the detail must not wait for it. It did: placing waited for
      // the list's answer, or its time-out (10 s) and the retry, and on a busy machine the detail
      // once took over 30 s. Held, a waited-for read fails by time-out before the detail shows.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let listTimedOut = false;
      page.on('requestfailed', (request) => {
        if (request.url().includes('/api/admin/orders/list')) listTimedOut = true;
      });
      await page.route('**/api/admin/orders/list', async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await screen.getByTestId('new-order-place').click();
      await confirmIn(page, N.place);

      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'pending_payment');
      expect(listTimedOut, 'the order detail waited for the Orders list to be read again').toBe(false);
      release();
      await expect(detail.getByTestId('order-source')).toHaveText(N.source.staff);
      await expect(detail.getByTestId('order-lines')).toContainText('KANE');
      await expect(detail.getByTestId('order-lines')).toContainText(patch.patchName);
      const orderNo = (await detail.locator('.admin-order-no').textContent())!.trim();

      // The guest pays through the mailed link, in the PayPal simulator.
      const mailed = await waitForMail({ to: email, subject: LINK_SUBJECT[locale] }, 20_000);
      expect(mailed.subject).toContain(orderNo);
      const link = new URL(/(https?:\/\/\S+\/pay\/\?t=[A-Za-z0-9_-]+)/.exec(mailed.text)![1]!);
      expect(link.pathname).toBe(`/${locale}/pay/`);
      const shopper = await page.context().newPage();
      await shopper.goto(link.pathname + link.search);
      const pay = shopper.locator('[data-pay]');
      await expect(pay).toHaveAttribute('data-state', 'open');
      await shopper.locator('[data-paypal-sim="buttons"]').getByRole('button', { name: 'PayPal', exact: true }).click();
      await shopper.getByRole('dialog').getByRole('button', { name: SIM[locale], exact: true }).click();
      await expect(pay).toHaveAttribute('data-state', 'paid');
      await shopper.close();

      await page.reload();
      await expect(page.getByTestId('order-detail')).toHaveAttribute('data-order-status', 'paid');
      // The confirmation follows, as for a checkout order.
      await waitForMail({ to: email, subject: new RegExp(orderNo) });
    });

    test(`${locale}: a staff order waiting for its link is marked paid offline`, async ({ page, ownerApi, request }, testInfo) => {
      const size = (await sizesOf(request, 1))[0]!;
      const made = await ownerApi<{ orderNo: string }>('/admin/orders/create', {
        idempotencyKey: `e2e-${randomUUID()}`,
        customer: { type: 'guest', email: `offline.${randomUUID().slice(0, 8)}@example.com` },
        address: { firstName: 'Ada', lastName: 'Lovelace', address: '12 St James Square', city: 'London', country: 'GB', postalCode: 'SW1Y 4JH', phoneCode: '+44', phone: '20 7946 0000' },
        locale,
        lines: [{ item: { productId: 1, size, customType: 1, quantity: 1 } }],
        payment: { kind: 'link' },
      });
      await page.goto(`/admin/orders/${made.orderNo}`);
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'pending_payment');
      await detail.getByTestId('pay-offline-open').click();
      const dialog = topDialog(page);
      await dialog.getByTestId('pay-offline-reference').fill('BANK-77');
      await dialog.getByTestId('pay-offline-reason').fill('Club paid by transfer');
      await dialog.getByRole('button', { name: label(N.offline.ok) }).click();
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      const offline = detail.getByTestId('order-offline-payment');
      await expect(offline).toContainText(N.offlineMethods['bank-transfer']);
      await expect(offline).toContainText('BANK-77');
      await expect(offline).toContainText('Club paid by transfer');
      // Its money goes back outside the shop: no refund is offered.
      await expect(detail.getByTestId('refund-open')).toHaveCount(0);
      await expect(detail.locator('[data-move="refunded"]')).toHaveCount(0);
      await screenshot(page, `admin-offline-payment-${locale}`, testInfo, { fullPage: true });
    });
  });
}
