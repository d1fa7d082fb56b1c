/**
 * Date fields of the back office (issue 27 "Date-time fields drop typed dates"): a date typed in
 * the format shown is kept when the field is left or Enter is pressed, text that is not a date is
 * refused on its field with a message saying the format, and Enter in a date field never submits
 * its form. The coupon's validity is typed, saved and seen again after a reload; the banner's
 * countdown is typed but never saved (the banner is the whole shop's: other journeys read it).
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import enFields from '../../src/i18n/locales/en-US/admin-fields.json' with { type: 'json' };
import zhFields from '../../src/i18n/locales/zh-CN/admin-fields.json' with { type: 'json' };
import enMarketing from '../../src/i18n/locales/en-US/admin-marketing.json' with { type: 'json' };
import zhMarketing from '../../src/i18n/locales/zh-CN/admin-marketing.json' with { type: 'json' };
import type { AdminCoupon } from '../../src/domain/coupons.model.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, JOURNEY_TIMEOUT_MS, expect, label, test, type AdminLocale } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEXT = { 'en-US': { fields: enFields, marketing: enMarketing }, 'zh-CN': { fields: zhFields, marketing: zhMarketing } } as const;

/** The inputs of a date field by its test id (a range has two: start, end). */
const dateInputs = (scope: Page | Locator, testId: string) => scope.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`);

const unreadable = (locale: AdminLocale, text: string, format: string) => TEXT[locale].fields.date.unreadable.replace('{{text}}', text).replace('{{format}}', format);

/**
 * Waits until the open calendar has finished its opening motion (antd's slide-up: it grows from
 * scaleY(0.8) at its top, after a few frames standing still at that size, which Playwright takes
 * for stable). A day clicked before then is the right one, but the pointer is left where that day
 * was drawn: once the calendar reaches its size it rests on the day a week earlier, which antd
 * previews in the field as hovered (the countdown journey read "03-03" for a pick of "03-10"
 * about one run in twenty on a loaded machine).
 */
async function calendarSettled(page: Page): Promise<void> {
  const open = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(open).toHaveCount(1);
  await expect
    .poll(() => open.evaluate((element) => !/-(enter|appear)(\s|$|-)/.test(element.className) && element.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running')))
    .toBe(true);
}

/** Counts the calls to an API path the page makes from now on. */
function countCalls(page: Page, path: string): { count: () => number } {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path)) calls++;
  });
  return { count: () => calls };
}

for (const locale of ADMIN_LOCALES) {
  const M = TEXT[locale].marketing;

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a coupon's validity typed by keyboard is kept, saved and there after a reload; text that is not a date is refused on the field`, async ({ page, ownerApi }, testInfo) => {
      const code = `DATES${randomBytes(4).toString('hex').toUpperCase()}`;
      const creates = countCalls(page, '/admin/coupons/create');
      await page.goto('/admin/coupons');
      await page.getByTestId('coupon-new').click();
      const drawer = page.getByRole('dialog');
      await drawer.getByTestId('coupon-code').fill(code);
      const [start, end] = [dateInputs(drawer, 'coupon-validity').nth(0), dateInputs(drawer, 'coupon-validity').nth(1)];

      // Typed, then Tab to the end; typed, then Enter; then the field left by a click: both kept.
      await start.click();
      await start.fill('2027-01-02 10:00');
      await start.press('Tab');
      await expect(end).toBeFocused();
      await end.fill('2027-02-03 18:30');
      await end.press('Enter');
      expect(creates.count(), 'Enter in a date field sends nothing').toBe(0);
      await end.click();
      await end.fill('2027-02-03 18:45');
      await drawer.getByTestId('coupon-code').click();
      await expect(start).toHaveValue('2027-01-02 10:00');
      await expect(end).toHaveValue('2027-02-03 18:45');
      await page.getByTestId('coupon-save').click();
      await expect(page.getByText(M.coupons.saved)).toBeVisible();
      expect(creates.count()).toBe(1);

      // Saved as typed, never "valid forever", and shown again after a reload.
      const { records } = await ownerApi<{ records: AdminCoupon[] }>('/admin/coupons/list', { query: code });
      const saved = records.find((coupon) => coupon.code === code)!;
      expect(saved.startsAt, 'the start typed was saved').not.toBeNull();
      expect(saved.endsAt, 'the end typed was saved').not.toBeNull();
      await page.reload();
      const row = page.getByTestId('coupon-table').getByRole('row').filter({ hasText: code });
      await row.getByRole('button', { name: label(M.coupons.edit) }).click();
      const again = page.getByRole('dialog');
      const [savedStart, savedEnd] = [dateInputs(again, 'coupon-validity').nth(0), dateInputs(again, 'coupon-validity').nth(1)];
      await expect(savedStart).toHaveValue('2027-01-02 10:00');
      await expect(savedEnd).toHaveValue('2027-02-03 18:45');
      await screenshot(page, `admin-date-coupon-${locale}`, testInfo);

      // Not a date: refused on the field, the form not sent, the text left to correct.
      const updates = countCalls(page, '/admin/coupons/update');
      await savedEnd.click();
      await savedEnd.fill('2027-13-45 99:99');
      await savedEnd.press('Tab');
      const refusal = again.getByText(unreadable(locale, '2027-13-45 99:99', 'YYYY-MM-DD HH:mm'));
      await expect(refusal).toBeVisible();
      await expect(savedEnd).toHaveValue('2027-13-45 99:99');
      await again.getByTestId('coupon-code').click();
      // Left, the field's calendar is gone: nothing covers the message.
      await refusal.click({ trial: true, timeout: 5_000 });
      await screenshot(page, `admin-date-refused-${locale}`, testInfo);
      await page.getByTestId('coupon-save').click();
      await expect(refusal).toBeVisible();
      expect(updates.count(), 'a refused date sends nothing').toBe(0);
      await savedEnd.click();
      await savedEnd.fill('2027-02-03 18:30');
      await savedEnd.press('Tab');
      await expect(refusal).toBeHidden();
    });

    test(`${locale}: Enter in the banner's countdown keeps the date typed and does not save the form; a wrong one is refused`, async ({ page }, testInfo) => {
      const saves = countCalls(page, '/admin/settings/save');
      await page.goto('/admin/settings');
      const banner = page.getByTestId('settings-banner');
      const countdown = dateInputs(banner, 'banner-countdown');
      await countdown.click();
      await countdown.fill('2027-03-04 05:06');
      await countdown.press('Enter');
      await expect(countdown).toHaveValue('2027-03-04 05:06');
      // The preview takes the date at once, in each language's own words.
      await expect(banner.getByTestId('banner-preview-en-US')).toContainText('2027');
      await banner.getByText(M.settings.preview).click();
      await expect(countdown).toHaveValue('2027-03-04 05:06');
      expect(saves.count(), 'Enter in the countdown saved the banner').toBe(0);

      // Picked in the calendar instead, the day stays when the field is left.
      await countdown.click();
      await calendarSettled(page);
      await page.getByTitle('2027-03-10').click();
      // The field shows the day picked before it is left (said apart from the leaving, below).
      await expect(countdown).toHaveValue('2027-03-10 05:06');
      await banner.getByText(M.settings.preview).click();
      await expect(countdown).toHaveValue('2027-03-10 05:06');
      expect(saves.count()).toBe(0);

      // Left and entered again at once, before the leaving has settled (a quick click back on a
      // busy phone): the calendar stays open and the day picked in it is kept.
      await countdown.click();
      await countdown.evaluate((input: HTMLInputElement) => {
        input.blur();
        input.focus();
      });
      await expect(page.getByTitle('2027-03-12')).toBeVisible();
      await calendarSettled(page);
      await page.getByTitle('2027-03-12').click();
      await banner.getByText(M.settings.preview).click();
      await expect(countdown).toHaveValue('2027-03-12 05:06');

      await countdown.click();
      await countdown.fill('next Friday');
      await countdown.press('Enter');
      const refusal = banner.getByText(unreadable(locale, 'next Friday', 'YYYY-MM-DD HH:mm'));
      await expect(refusal).toBeVisible();
      // Enter closed the calendar, so nothing covers the message; the focus stays in the field.
      await expect(countdown).toBeFocused();
      await refusal.click({ trial: true, timeout: 5_000 });
      await screenshot(page, `admin-date-banner-${locale}`, testInfo);
      await page.getByTestId('banner-save').click();
      await expect(refusal).toBeVisible();
      expect(saves.count(), 'a refused date saved the banner').toBe(0);
    });
  });
}
