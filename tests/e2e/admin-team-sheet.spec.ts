/**
 * A team order in the back office (issue 31 "The order and the printer", docs/back-office.md "Team
 * orders"): a guest buys a roster of five players (one of them two shirts) in two sizes and pays
 * through the simulator; staff open the order and see the roster as one block (team, shirts, its
 * rows inside, folding away), then its production sheet: the team's shirts per size and per
 * lettering, a row per shirt sorted by size then number with its patches, a box ticked, all in
 * the order's language (the other one than the staff member's). axe on both screens, light and
 * dark; screenshots light, dark and printed. en-US at 1440 px, zh-CN at 375 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Page as Paged } from '../../src/domain/api/envelope.ts';
import type { Patch, ProductDetail } from '../../src/domain/catalogue.model.ts';
import { SIZES } from '../../src/domain/catalogue.model.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, label, test, type AdminLocale } from './support/admin.ts';
import { axeViolations } from './support/axe.ts';
import { paidGuestOrder } from './support/guest-order.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEAM = 'Harbour Vets';
const PRODUCT_ID = 1;

/** A message with its `{{name}}`s filled, as the app's translator does. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key]));
}
/** The scheme switched under a drawn page: its colours settle over antd's transitions, which axe must not catch halfway. */
async function switchScheme(page: Page, scheme: 'light' | 'dark', media: 'screen' | 'print' = 'screen'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, media });
  await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}
const printWords = (locale: AdminLocale) => JSON.parse(readFileSync(`src/i18n/locales/${locale}/print.json`, 'utf8')) as { lettering: { name: { staff: string } } };

for (const locale of ADMIN_LOCALES) {
  const { orders: O } = ADMIN_TEXT[locale];
  // The guest shops in the other language: the team's pages follow the order's, not the staff member's.
  const orderLocale: AdminLocale = locale === 'en-US' ? 'zh-CN' : 'en-US';
  const OS = ADMIN_TEXT[orderLocale].orders.sheet;

  test.describe(() => {
    // "auto" follows the browser's scheme, so the journey looks at both by emulating it.
    test.use({ adminLocale: locale, adminStorage: { SOY_themeSettings: { themeScheme: 'auto' } } });

    test(`${locale}: a team order shows as one block and prints its team sheet in the order's language`, async ({ page, request }, testInfo) => {
      const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id: PRODUCT_ID });
      // Two sizes with room for the roster, smaller first (as the sheet sorts them).
      const [small, big] = [...product.sizes]
        .sort((a, b) => b.stock - a.stock)
        .slice(0, 2)
        .map((s) => s.size)
        .sort((a, b) => SIZES.indexOf(a as (typeof SIZES)[number]) - SIZES.indexOf(b as (typeof SIZES)[number]));
      const patch = (await apiData<Paged<Patch>>(request, '/demo/ironPatch/queryList', { productId: PRODUCT_ID }, { 'accept-language': orderLocale })).records[0]!;
      const rows = [
        { name: 'OKAFOR', number: '9', size: big!, playerId: null, quantity: 1 },
        { name: 'BAKER', number: '4', size: small!, playerId: null, quantity: 1 },
        { name: 'ADAMS', number: '11', size: small!, playerId: null, quantity: 1 },
        { name: 'CHEN', number: '2', size: big!, playerId: null, quantity: 2 },
        { name: 'DIAZ', number: '7', size: small!, playerId: null, quantity: 1 },
      ];
      const guest = await paidGuestOrder(request, orderLocale, {
        roster: { productId: PRODUCT_ID, teamName: TEAM, patchIds: [patch.id], addonIds: [], premiumNameOption: 'Gold', premiumNumberOption: 'Standard', sameName: null, rows, duplicatesConfirmed: false },
      });
      const { orderNo } = guest;

      // The order: one block "Team: Harbour Vets", 6 shirts, its five lines inside.
      await page.goto(`/admin/orders/${orderNo}`);
      const detail = page.getByTestId('order-detail');
      await expect(detail).toHaveAttribute('data-order-status', 'paid');
      const lines = detail.getByTestId('order-lines');
      const block = lines.getByTestId('order-team');
      await expect(block).toHaveCount(1);
      await expect(block).toContainText(fill(O.detail.team, { name: TEAM }));
      await expect(block).toContainText(fill(O.detail.teamShirts_other, { count: 6 }));
      const inside = lines.locator('tr.ant-table-row-level-1');
      await expect(inside).toHaveCount(5);
      await expect(inside.filter({ hasText: 'OKAFOR 9' })).toHaveCount(1);
      // It folds away and opens again from its row's button.
      const toggle = block.getByRole('button');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await toggle.click();
      await expect(inside.first()).toBeHidden();
      await toggle.click();
      await expect(inside).toHaveCount(5);
      await expect(inside.first()).toBeVisible();
      expect(await axeViolations(page), 'axe on the order').toEqual([]);
      await screenshot(page, `admin-team-order-${locale}`, testInfo, { fullPage: true });
      await switchScheme(page, 'dark');
      await screenshot(page, `admin-team-order-${locale}-dark`, testInfo, { fullPage: true });
      expect(await axeViolations(page), 'axe on the order, dark').toEqual([]);
      await switchScheme(page, 'light');

      // Its production sheet, reached from the order as for any order.
      await detail.getByRole('button', { name: label(O.detail.productionSheet) }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/production-sheet\\?orders=${orderNo}$`));
      const team = page.getByTestId('sheet-team');
      await expect(team).toHaveCount(1);
      // The order's own page points to it, in the staff member's language.
      await expect(page.getByTestId('sheet-team-pointers')).toHaveText(fill(O.sheet.onTeamPage_other, { name: TEAM, count: 6 }));
      await expect(team).toHaveAttribute('lang', orderLocale);
      await expect(team.getByRole('heading', { name: fill(OS.teamTitle, { name: TEAM }) })).toBeVisible();
      // Shirts per size and per lettering option.
      const sizes = team.getByTestId('sheet-team-sizes');
      await expect(sizes.locator(`td[data-size="${small}"]`)).toHaveText('3');
      await expect(sizes.locator(`td[data-size="${big}"]`)).toHaveText('3');
      const nameLettering = fill(printWords(orderLocale).lettering.name.staff, { option: ADMIN_TEXT[orderLocale].orders.premium.Gold });
      await expect(team.getByTestId('sheet-team-lettering').getByRole('row', { name: nameLettering })).toContainText('6');
      // A row per shirt, by size then number: CHEN's line of two is two rows.
      const shirts = team.getByTestId('sheet-team-row');
      await expect(shirts).toHaveCount(6);
      const read = await shirts.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent!.trim())));
      expect(read).toEqual([
        [small, '4', 'BAKER'],
        [small, '7', 'DIAZ'],
        [small, '11', 'ADAMS'],
        [big, '2', 'CHEN'],
        [big, '2', 'CHEN'],
        [big, '9', 'OKAFOR'],
      ]);
      await expect(shirts.first()).toContainText(patch.patchName);
      // The printer ticks a shirt off.
      const tick = shirts.nth(2).getByRole('checkbox');
      await expect(tick).toHaveAccessibleName(fill(OS.printedRow, { size: small!, print: 'ADAMS 11' }));
      await tick.check();
      await expect(tick).toBeChecked();
      await expect(shirts.nth(1).getByRole('checkbox')).not.toBeChecked();
      expect(await axeViolations(page), 'axe on the production sheet').toEqual([]);
      await screenshot(page, `admin-team-sheet-${locale}`, testInfo, { fullPage: true });
      // The whole paper (the phone's page screenshot shows the part around the ticked box).
      if (testInfo.project.name === 'desktop') await page.locator('.sheet-paper').screenshot({ path: `.data/screens/admin-team-sheet-paper-${locale}-${testInfo.project.name}.png` });
      await switchScheme(page, 'dark');
      await screenshot(page, `admin-team-sheet-${locale}-dark`, testInfo, { fullPage: true });
      // The paper stays paper in the dark scheme, its boxes too.
      expect(await tick.evaluate((box) => getComputedStyle(box).colorScheme)).toBe('light');
      expect(await axeViolations(page), 'axe on the production sheet, dark').toEqual([]);
      // On paper: the shell and toolbar gone, the team on a page of its own.
      await switchScheme(page, 'light', 'print');
      await expect(page.getByTestId('sheet-print')).toBeHidden();
      await expect(team).toBeVisible();
      expect(await team.evaluate((section) => getComputedStyle(section).breakBefore)).toBe('page');
      await screenshot(page, `admin-team-sheet-${locale}-print`, testInfo, { fullPage: true });
      await page.pdf({ path: `.data/screens/admin-team-sheet-${locale}-${testInfo.project.name}.pdf`, format: 'A4' });
      await page.emulateMedia({ media: 'screen' });
    });
  });
}
