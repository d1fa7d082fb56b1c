/**
 * A misprint claim (issue 30 "Returns and misprint claims"), at 1440 px in en-US and 375 px in
 * zh-CN: a guest who paid reports a misprint on the order page with a photo (a PNG named .jpg:
 * the shop reads its bytes), the owner approves it on the Returns screen, sees the photo and
 * resolves it by a free replacement, which the production sheet shows as the replacement of the
 * original order and claim; the guest's order page shows the claim resolved. The order page with
 * the claim form open (a line, a description and a photo chosen), and with the claim sent, passes
 * axe (WCAG 2.2 AA).
 */
import sharp from 'sharp';
import enReturns from '../../src/i18n/locales/en-US/returns.json' with { type: 'json' };
import zhReturns from '../../src/i18n/locales/zh-CN/returns.json' with { type: 'json' };
import { ADMIN_LOCALES, JOURNEY_TIMEOUT_MS, expect, openFromMenu, test, topDialog } from './support/admin.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { screenshot } from '../support/screenshots.ts';
import { axeViolations } from './support/axe.ts';
import enAdmin from '../../src/i18n/locales/en-US/admin.json' with { type: 'json' };
import zhAdmin from '../../src/i18n/locales/zh-CN/admin.json' with { type: 'json' };

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEXT = { 'en-US': { returns: enReturns, admin: enAdmin }, 'zh-CN': { returns: zhReturns, admin: zhAdmin } } as const;

for (const locale of ADMIN_LOCALES) {
  const { returns: R, admin: A } = TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a guest reports a misprint with a photo; the owner resolves it by a replacement that shows on the production sheet`, async ({ page, request }, testInfo) => {
      const guest = await paidGuestOrder(request, locale);
      const { orderNo } = guest;
      const printed = guest.detail.lines.find((line) => line.personalised)!;

      // The guest's order page, with the order's token.
      await page.goto(`/${locale}/order-success/${orderNo}/?token=${guest.accessToken}`);
      const section = page.getByTestId('order-returns');
      await expect(section).toBeVisible();
      await section.getByRole('button', { name: R.claimButton }).click();
      const form = page.getByTestId('return-form');
      await form.getByTestId(`return-quantity-${printed.id}`).selectOption('1');
      await form.getByTestId('return-description').fill('The name is printed SMTIH instead of SMITH');
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#cc2222' } }).png().toBuffer();
      await form.getByTestId('return-photos').setInputFiles({ name: 'misprint.jpg', mimeType: 'image/jpeg', buffer: png });
      expect(await axeViolations(page)).toEqual([]);
      await form.getByTestId('return-send').click();
      const claim = section.getByTestId('order-return');
      await expect(claim).toHaveAttribute('data-status', 'requested');
      await expect(claim.getByTestId('order-return-photo')).toHaveCount(1);
      const returnNo = ((await claim.locator('strong').first().textContent()) ?? '').trim();
      await screenshot(page, `order-claim-${locale}`, testInfo, { fullPage: true });
      expect(returnNo).toMatch(/^RT-/);
      expect(await axeViolations(page)).toEqual([]);

      // The owner's Returns screen: the request waits; its photo and lines show.
      await page.goto('/admin/');
      await openFromMenu(page, A.route.returns);
      await page.getByTestId('returns-search').fill(orderNo);
      await page.getByTestId('returns-search').press('Enter');
      await page.getByTestId(`return-open-${returnNo}`).click();
      const detail = page.getByTestId('return-detail');
      await expect(detail).toHaveAttribute('data-status', 'requested');
      await expect(detail.getByTestId('return-photo')).toHaveCount(1);
      await expect(detail).toContainText('SMITH 7');
      await screenshot(page, `admin-return-${locale}`, testInfo);
      await detail.getByTestId('return-approve').click();
      await topDialog(page).getByTestId('return-move-note').fill(locale === 'en-US' ? 'No need to send it back: we print a new one.' : '无需寄回，我们会重新印制。');
      await topDialog(page).getByTestId('return-move-ok').click();
      await expect(detail).toHaveAttribute('data-status', 'approved');
      await detail.getByTestId('return-resolve').click();
      await topDialog(page).getByTestId('return-by-replacement').click();
      await topDialog(page).getByTestId('return-move-ok').click();
      await expect(detail).toHaveAttribute('data-status', 'resolved');
      const replacementNo = ((await detail.getByTestId('return-replacement').textContent()) ?? '').trim();
      expect(replacementNo).toMatch(/^JS-/);

      // The replacement goes to production: the sheet names the original order and the claim.
      await page.goto(`/admin/production-sheet?orders=${replacementNo}`);
      const sheet = page.getByTestId('sheet-order');
      await expect(sheet).toHaveAttribute('data-order-no', replacementNo);
      await expect(sheet.getByTestId('sheet-replacement')).toContainText(orderNo);
      await expect(sheet.getByTestId('sheet-replacement')).toContainText(returnNo);
      await expect(sheet.getByTestId('sheet-shirts')).toContainText('SMITH');
      await screenshot(page, `sheet-replacement-${locale}`, testInfo);

      // The guest sees it resolved.
      await page.goto(`/${locale}/order-success/${orderNo}/?token=${guest.accessToken}`);
      await expect(page.getByTestId('order-return')).toHaveAttribute('data-status', 'resolved');
      await expect(page.getByTestId('order-return')).toContainText(replacementNo);
      // The Returns screen's list and the After sales settings tab, as staff see them.
      await page.goto('/admin/returns');
      await page.getByTestId('returns-tab-resolved').click();
      await expect(page.getByTestId('returns-table')).toContainText(returnNo);
      await screenshot(page, `admin-returns-${locale}`, testInfo);
      await page.goto('/admin/settings?tab=afterSales');
      await expect(page.getByTestId('settings-after-sales')).toBeVisible();
      await screenshot(page, `settings-after-sales-${locale}`, testInfo);
    });
  });
}
