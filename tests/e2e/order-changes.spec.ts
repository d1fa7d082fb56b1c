/**
 * Order changes before production (docs/back-office.md "Order changes"), at 1440 px in en-US and
 * 375 px in zh-CN: a guest fixes the typo in their printed name from the order page within the
 * merchant's window (the change mailed), and once the window is over (the owner sets it to 0
 * minutes) the page no longer offers it and the shop refuses it in the window's words; staff change
 * a shirt's size, its name's lettering to gold and add a patch in the back office (a squad player
 * tried first: the dialog checks each change's total with the server before it is confirmed), the
 * history shows it, the shopper pays the extra through the mailed link on the pay page in the PayPal
 * simulator (the receipt carries the extra's invoice; the link opened again says paid, a broken one
 * says so), and only then the order goes to production. The order page's fix form and the pay page
 * pass axe (WCAG 2.2 AA).
 */
import enChanges from '../../src/i18n/locales/en-US/admin-order-changes.json' with { type: 'json' };
import zhChanges from '../../src/i18n/locales/zh-CN/admin-order-changes.json' with { type: 'json' };
import enCheckout from '../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import zhCheckout from '../../src/i18n/locales/zh-CN/checkout.json' with { type: 'json' };
import enOrders from '../../src/i18n/locales/en-US/admin-orders.json' with { type: 'json' };
import zhOrders from '../../src/i18n/locales/zh-CN/admin-orders.json' with { type: 'json' };
import enPay from '../../src/i18n/locales/en-US/pay.json' with { type: 'json' };
import zhPay from '../../src/i18n/locales/zh-CN/pay.json' with { type: 'json' };
import type { Patch } from '../../src/domain/catalogue.model.ts';
import type { Page } from '../../src/domain/api/envelope.ts';
import { apiData } from '../support/api.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, chooseOption, confirmIn, expect, label, test, topDialog } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { waitForMail } from './support/mail.ts';
import { axeViolations } from './support/axe.ts';
import { screenshot } from '../support/screenshots.ts';

// The window is the shop's one setting: these journeys change it, so they run one after another.
test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS, mode: 'serial' });

const TEXT = {
  'en-US': { changes: enChanges, fix: enCheckout.fix, orders: enOrders, pay: enPay },
  'zh-CN': { changes: zhChanges, fix: zhCheckout.fix, orders: zhOrders, pay: zhPay },
} as const;
const CHANGED_MAIL = { 'en-US': /was changed/, 'zh-CN': /已修改/ } as const;
const LINK_SUBJECT = { 'en-US': /Payment needed for order/, 'zh-CN': /需要补付款/ } as const;
const RECEIVED_SUBJECT = { 'en-US': /Payment received for order/, 'zh-CN': /补付款已收到/ } as const;
const SIM = { 'en-US': 'Approve payment', 'zh-CN': '确认付款' } as const;
const WINDOW_OVER = { 'en-US': /time to change this order yourself has passed/, 'zh-CN': /自行修改此订单的时间已过/ } as const;

for (const locale of ADMIN_LOCALES) {
  const { changes: C, fix: F, orders: O, pay: P } = TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a guest fixes the typo in their printed name within the window, and cannot once it is over`, async ({ page, request, ownerApi }) => {
      const guest = await paidGuestOrder(request, locale, {
        lines: [{ productId: 1, size: (await sizesOf(request, 1))[0]!, customType: 3, customName: 'SMTIH', customNumber: '7', quantity: 1 }],
      });
      await page.goto(`/${locale}/order-success/${guest.orderNo}/?token=${encodeURIComponent(guest.accessToken)}`);
      const fix = page.getByTestId('order-fix');
      await expect(fix).toBeVisible();
      await expect(fix.getByRole('heading', { name: F.title })).toBeVisible();
      const name = fix.getByLabel(F.name);
      await expect(name).toHaveValue('SMTIH');
      // Not a letter: the form will not send it.
      await name.fill('SMITH1');
      await expect(fix.getByTestId('order-fix-save')).toBeDisabled();
      expect(await axeViolations(page)).toEqual([]);
      // The status line waits in the page, empty and taking no room, so the news that fills it is announced.
      const said = fix.getByRole('status');
      await expect(said).toBeAttached();
      await expect(said).toHaveText('');
      expect(await said.evaluate((p) => p.getBoundingClientRect().height)).toBe(0);
      await name.fill('smith');
      await fix.getByTestId('order-fix-save').click();
      await expect(said).toHaveText(F.saved);
      await expect(page.getByRole('status').filter({ hasText: F.saved })).toBeVisible();
      // The order as it now is: the line prints SMITH.
      await expect(page.locator('.checkout-lines')).toContainText('SMITH');
      const mail = await waitForMail({ to: guest.email, subject: CHANGED_MAIL[locale] });
      expect(mail.text).toContain('SMTIH');
      expect(mail.text).toContain('SMITH');

      // The window over: the page no longer offers the fix, and the shop refuses it in its words.
      const before = await ownerApi<{ settings: { afterSales: { returnWindowDays: number; shopperEditMinutes: number; paymentLinkHours: number } } }>('/admin/settings/get');
      await ownerApi('/admin/settings/save', { section: 'afterSales', value: { ...before.settings.afterSales, shopperEditMinutes: 0 } });
      try {
        await page.reload();
        await expect(page.locator('[data-order-no]')).toHaveText(guest.orderNo);
        await expect(page.getByTestId('order-fix')).toHaveCount(0);
        const options = await apiData<{ editable: boolean; revision: number }>(request, '/orders/change/options', { orderNo: guest.orderNo, token: guest.accessToken });
        expect(options.editable).toBe(false);
        const refused = await request.post('/api/orders/change', {
          data: { orderNo: guest.orderNo, token: guest.accessToken, revision: options.revision, change: { kind: 'line', itemId: guest.detail.lines[0]!.id, customName: 'SMYTH', customNumber: '7' } },
          headers: { 'accept-language': locale },
        });
        const answer = (await refused.json()) as { code: string; msg: string };
        expect(answer.code).toBe('1409');
        expect(answer.msg).toMatch(WINDOW_OVER[locale]);
      } finally {
        await ownerApi('/admin/settings/save', { section: 'afterSales', value: before.settings.afterSales });
      }
    });

    test(`${locale}: staff change a shirt's size, lettering and patches before production, the shopper pays the extra through the mailed link, then it goes to production`, async ({ page, request }, testInfo) => {
      const { admin: A } = ADMIN_TEXT[locale];
      const sizes = await sizesOf(request, 1);
      const patches = await apiData<Page<Patch>>(request, '/demo/ironPatch/queryList', { productId: 1 }, { 'accept-language': locale });
      const patch = patches.records[0]!;
      expect(patch, 'product 1 offers a patch').toBeTruthy();
      const player = (await apiData<{ squad: { id: number; name: string; number: string }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: 1 })).squad[0]!;
      // The longest journey of the file: a change tried twice in the back office, then the pay page.
      test.setTimeout(JOURNEY_TIMEOUT_MS * 2);
      const guest = await paidGuestOrder(request, locale, { lines: [{ productId: 1, size: sizes[0]!, customType: 3, customName: 'SMITH', customNumber: '7', quantity: 1 }] });
      const newSize = sizes[1]!;
      await page.goto(`/admin/orders/${guest.orderNo}`);
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      const panel = detail.getByTestId('order-changes');
      await expect(panel).toContainText(C.noChanges);
      await panel.getByRole('button', { name: label(C.change) }).click();
      const dialog = topDialog(page);
      await expect(dialog).toBeVisible();
      // `sized`: a size's option also says its stock ("L · 12 in stock"), so it is found by its start.
      const choose = (field: string, option: string, sized = false) =>
        chooseOption(page, dialog.getByRole('combobox', { name: new RegExp(`^(\\* )?${field}$`) }), sized ? new RegExp(`^${option} · `) : option);
      // A squad player first: the server prices it before anything is confirmed.
      await choose(C.printType, O.customType['2']);
      await choose(C.player, C.playerOption.replace('{{number}}', player.number).replace('{{name}}', player.name));
      await dialog.getByRole('button', { name: label(C.review) }).click();
      const preview = dialog.getByTestId('order-change-preview');
      await expect(preview).toBeVisible();
      // Back to the shopper's own print: the checked total no longer stands, and the name is theirs again.
      await choose(C.printType, O.customType['3']);
      await expect(preview).toBeHidden();
      await expect(dialog.getByLabel(C.name, { exact: true })).toHaveValue('SMITH');
      await choose(C.size, newSize, true);
      await choose(C.nameLettering, C.style.Gold);
      await dialog.getByTestId('order-change-patches').getByRole('checkbox', { name: patch.patchName }).check();
      await dialog.getByLabel(C.reason).fill('wrote in before printing');
      await dialog.getByRole('button', { name: label(C.review) }).click();
      await expect(preview).toBeVisible();
      const owed = Number(await preview.getAttribute('data-owed'));
      expect(owed).toBeGreaterThan(500);
      await expect(preview).toContainText(formatMoney(owed, 'EUR', locale));
      await screenshot(page, `admin-order-change-preview-${locale}`, testInfo);
      await dialog.getByRole('button', { name: label(C.confirm) }).click();
      await expect(dialog).toBeHidden();
      const history = panel.getByTestId('order-change-history');
      await expect(history).toContainText(`${sizes[0]} · SMITH 7 → ${newSize} · SMITH 7 · Gold`);
      await expect(history).toContainText(`${newSize} · SMITH 7 · Gold · ${C.patches} 1`);
      await expect(history).toContainText('wrote in before printing');
      await expect(detail.getByTestId('order-lines')).toContainText(newSize);
      await expect(detail.getByTestId('order-lines')).toContainText(patch.patchName);
      // The extra is asked for: the panel shows it open, and production waits for it.
      await expect(panel).toContainText(C.request.title);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-order-change-request-${locale}`, testInfo);
      await detail.locator('[data-move="processing"]').click();
      await confirmIn(page, A.common.confirm);
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      await page.keyboard.press('Escape');
      await waitForMail({ to: guest.email, subject: CHANGED_MAIL[locale] });

      // The shopper pays it through the mailed link, on the pay page, in the PayPal simulator.
      const mailed = await waitForMail({ to: guest.email, subject: LINK_SUBJECT[locale] }, 20_000);
      expect(mailed.subject).toContain(guest.orderNo);
      const link = new URL(/(https?:\/\/\S+\/pay\/\?t=[A-Za-z0-9_-]+)/.exec(mailed.text)![1]!);
      expect(link.pathname).toBe(`/${locale}/pay/`);
      const shopper = await page.context().newPage();
      await shopper.goto(link.pathname + link.search);
      const pay = shopper.locator('[data-pay]');
      await expect(pay.getByRole('heading', { level: 1 })).toHaveText(P.heading.replace('{{orderNo}}', guest.orderNo));
      await expect(pay.locator('[data-pay-amount]')).toHaveText(formatMoney(owed, 'EUR', locale));
      await expect(pay.locator('[data-pay-purpose]')).toHaveText(P.purpose['order-change']);
      await expect(pay.locator('[data-pay-expires]')).not.toBeEmpty();
      const buttons = shopper.locator('[data-paypal-sim="buttons"]');
      await expect(buttons).toBeVisible();
      expect(await axeViolations(shopper)).toEqual([]);
      await screenshot(shopper, `pay-request-open-${locale}`, testInfo, { fullPage: true });
      await buttons.getByRole('button', { name: 'PayPal', exact: true }).click();
      await shopper.getByRole('dialog').getByRole('button', { name: SIM[locale], exact: true }).click();
      await expect(pay).toHaveAttribute('data-state', 'paid');
      await expect(pay.locator('[data-pay-status]')).toHaveText(P.state.paid);
      expect(await axeViolations(shopper)).toEqual([]);
      await screenshot(shopper, `pay-request-paid-${locale}`, testInfo, { fullPage: true });
      const receipt = await waitForMail({ to: guest.email, subject: RECEIVED_SUBJECT[locale] }, 20_000);
      expect(receipt.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);
      // The link opened again says it is paid, with no buttons; a broken one says so.
      await shopper.reload();
      await expect(pay).toHaveAttribute('data-state', 'paid');
      await expect(shopper.locator('[data-paypal-sim="buttons"]')).toHaveCount(0);
      await shopper.goto(`/${locale}/pay/?t=${'A'.repeat(32)}`);
      await expect(shopper.locator('[data-pay]')).toHaveAttribute('data-state', 'notFound');
      await expect(shopper.locator('[data-pay-status]')).toHaveText(P.state.notFound);
      await shopper.close();

      // Paid: nothing is open any more, and the order goes to production.
      await page.reload();
      await expect(panel).toContainText(C.history);
      await expect(panel).not.toContainText(C.request.title);
      await detail.locator('[data-move="processing"]').click();
      await confirmIn(page, A.common.confirm);
      await expect(detail).toHaveAttribute('data-order-status', 'processing');
    });
  });
}

/** The product's sizes with the most stock first (journeys in parallel buy from the same seeded stock). */
async function sizesOf(request: Parameters<typeof apiData>[0], productId: number): Promise<string[]> {
  const product = await apiData<{ sizes: { size: string; stock: number }[] }>(request, '/demo/ironProduct/queryProductDetail', { id: productId });
  return [...product.sizes].sort((a, b) => b.stock - a.stock).map((s) => s.size);
}
