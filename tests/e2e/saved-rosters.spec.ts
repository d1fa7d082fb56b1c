/**
 * Saved team rosters in the account and a roster on the order page (issue 31, docs/storefront.md
 * "Team orders"): "My team rosters" lists a signed-in shopper's rosters (saved through the API),
 * survives a failed load with Retry, refuses a name the shopper already uses beside the field,
 * renames, copies for next season and deletes after a confirmation, each kept by the server; a
 * paid order of a roster shows its rows as one block on the order's page. axe on the page and its
 * dialog. Both locales (zh-CN on the phone).
 */
import { readFileSync } from 'node:fs';
import { expect, test, signedInShopper } from './support/shoppers.ts';
import { axeViolations } from './support/axe.ts';
import { paidRosterOrder } from './support/guest-order.ts';
import type { ProductDetail } from '../../src/domain/catalogue.schema.ts';
import type { RosterInput, SavedRoster, SavedRosterEntry } from '../../src/domain/roster.model.ts';
import { render } from '../../src/server/messages/index.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import type { APIRequestContext } from '@playwright/test';

type Locale = 'en-US' | 'zh-CN';
const words = (locale: Locale) => ({
  rosters: JSON.parse(readFileSync(`src/i18n/locales/${locale}/saved-rosters.json`, 'utf8')),
  account: JSON.parse(readFileSync(`src/i18n/locales/${locale}/account.json`, 'utf8')),
  cart: JSON.parse(readFileSync(`src/i18n/locales/${locale}/cart.json`, 'utf8')),
});
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** A printable shirt (titled in `locale`) and its size with the most stock (journeys in parallel buy from the same seeded stock). */
async function printableShirt(request: APIRequestContext, locale: Locale): Promise<{ product: ProductDetail; size: string }> {
  for (let id = 1; id <= 80; id++) {
    const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id }, { 'accept-language': locale });
    const size = [...product.sizes].sort((a, b) => b.stock - a.stock)[0];
    if (product.printable && size && size.stock >= 10) return { product, size: size.size };
  }
  throw new Error('no printable shirt in the demo catalogue');
}

function roster(productId: number, size: string, teamName: string): RosterInput {
  return {
    productId,
    teamName,
    patchIds: [],
    addonIds: [],
    premiumNameOption: 'Standard',
    premiumNumberOption: 'Standard',
    sameName: null,
    rows: [
      { name: 'SMITH', number: '4', size, playerId: null, quantity: 1 },
      { name: 'JONES', number: '5', size, playerId: null, quantity: 2 },
    ],
    duplicatesConfirmed: false,
  };
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`My team rosters: a roster renamed, copied and deleted (${locale})`, async ({ page }, testInfo) => {
    const t = words(locale);
    const shopper = await signedInShopper(page, locale);
    const auth = { authorization: `Bearer ${shopper.tokens.token}` };
    const { product, size } = await printableShirt(page.request, locale);
    const eagles = await apiData<SavedRoster>(page.request, '/roster/saved/save', { roster: roster(product.id, size, 'Eagles 2026') }, auth);
    await apiData<SavedRoster>(page.request, '/roster/saved/save', { roster: roster(product.id, size, 'Hawks') }, auth);

    // The hub links the page, whose first load fails: the page says so and Retry loads the list.
    await page.route('**/api/roster/saved/list', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: '1500', msg: 'down', data: null }) }), { times: 1 });
    await page.goto(`/${locale}/account/`);
    await page.getByRole('link', { name: new RegExp(t.account.hub.rosters) }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/rosters/$`));
    await expect(page.locator('.load-failure')).toContainText(t.rosters.loadFailed);
    await page.getByRole('button', { name: t.rosters.retry }).click();
    const cards = page.locator('.rosters-card');
    await expect(cards).toHaveCount(2);
    // Most recently changed first; each with its product, rows, shirts and when it changed.
    await expect(cards.locator('h2')).toHaveText(['Hawks', 'Eagles 2026']);
    const eaglesCard = cards.filter({ has: page.getByRole('heading', { name: 'Eagles 2026' }) });
    await expect(eaglesCard.locator('.rosters-card-product')).toHaveText(product.title);
    await expect(eaglesCard.locator('.rosters-card-facts')).toContainText(`${fill(t.rosters.rows_other, { count: 2 })} · ${fill(t.rosters.shirts_other, { count: 3 })}`);
    await expect(eaglesCard.getByRole('link', { name: fill(t.rosters.openNamed, { name: 'Eagles 2026' }) })).toHaveAttribute('href', `/${locale}/product/${product.id}/?roster=${eagles.id}`);
    expect(await axeViolations(page), 'axe, the list').toEqual([]);
    await screenshot(page, `saved-rosters-${locale}`, testInfo, { fullPage: true });

    // Rename Hawks to a name the shopper already uses (any case): refused beside the field, nothing changed.
    await page.getByRole('button', { name: fill(t.rosters.renameNamed, { name: 'Hawks' }) }).click();
    const dialog = page.getByRole('dialog', { name: t.rosters.renameTitle });
    const field = dialog.getByLabel(t.rosters.nameLabel);
    await expect(field).toHaveValue('Hawks');
    await field.fill('eagles 2026');
    await dialog.getByRole('button', { name: t.rosters.save }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(render({ id: 'roster.nameTaken', params: { name: 'eagles 2026' } }, locale));
    expect(await axeViolations(page), 'axe, the dialog with its error').toEqual([]);
    await screenshot(page, `saved-rosters-rename-taken-${locale}`, testInfo);
    await field.fill('Falcons');
    await dialog.getByRole('button', { name: t.rosters.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-rosters-news]')).toHaveText(fill(t.rosters.renamed, { name: 'Falcons' }));
    await expect(cards.locator('h2')).toHaveText(['Falcons', 'Eagles 2026']);

    // Copy for next season: the name proposed is next year's.
    await page.getByRole('button', { name: fill(t.rosters.copyNamed, { name: 'Eagles 2026' }) }).click();
    const copy = page.getByRole('dialog', { name: t.rosters.copyTitle });
    await expect(copy.getByLabel(t.rosters.nameLabel)).toHaveValue('Eagles 2027');
    await copy.getByRole('button', { name: t.rosters.makeCopy }).click();
    await expect(copy).toBeHidden();
    await expect(cards.locator('h2')).toHaveText(['Eagles 2027', 'Falcons', 'Eagles 2026']);

    // Delete asks first; "Keep it" keeps it.
    await page.getByRole('button', { name: fill(t.rosters.deleteNamed, { name: 'Falcons' }) }).click();
    const confirm = page.getByRole('alertdialog', { name: t.rosters.deleteTitle });
    await expect(confirm).toContainText(fill(t.rosters.deleteConfirm, { name: 'Falcons', rows: 2 }));
    await confirm.getByRole('button', { name: t.rosters.deleteNo }).click();
    await expect(cards).toHaveCount(3);
    await page.getByRole('button', { name: fill(t.rosters.deleteNamed, { name: 'Falcons' }) }).click();
    await screenshot(page, `saved-rosters-delete-${locale}`, testInfo);
    await confirm.getByRole('button', { name: t.rosters.deleteYes }).click();
    await expect(page.locator('[data-rosters-news]')).toHaveText(fill(t.rosters.deleted, { name: 'Falcons' }));
    await expect(cards.locator('h2')).toHaveText(['Eagles 2027', 'Eagles 2026']);

    // The server kept every change.
    const saved = await apiData<SavedRosterEntry[]>(page.request, '/roster/saved/list', {}, auth);
    expect(saved.map((r) => [r.name, r.rows, r.shirts])).toEqual([
      ['Eagles 2027', 2, 3],
      ['Eagles 2026', 2, 3],
    ]);
    await page.reload();
    await expect(cards.locator('h2')).toHaveText(['Eagles 2027', 'Eagles 2026']);

    // With none left, the empty state points to the shop.
    for (const { id } of saved) await apiData(page.request, '/roster/saved/remove', { id }, auth);
    await page.reload();
    await expect(page.locator('[data-rosters-empty]')).toContainText(t.rosters.empty);
    await expect(page.locator('[data-rosters-empty]').getByRole('link', { name: t.rosters.browse })).toHaveAttribute('href', `/${locale}/`);
    await expect(cards).toHaveCount(0);
    expect(await axeViolations(page), 'axe, the empty state').toEqual([]);
    await screenshot(page, `saved-rosters-empty-${locale}`, testInfo);
  });

  test(`an order of a team roster shows the team as one block on its page (${locale})`, async ({ page }, testInfo) => {
    const t = words(locale);
    const shopper = await signedInShopper(page, locale);
    const { product, size } = await printableShirt(page.request, locale);
    const order = await paidRosterOrder(page.request, locale, shopper.tokens.token, shopper.email, roster(product.id, size, 'Harbour Gulls'));
    const rows = order.detail.lines.filter((line) => line.group?.name === 'Harbour Gulls');
    expect(rows).toHaveLength(2);

    await page.goto(`/${locale}/order-detail/${order.orderNo}/`);
    const block = page.locator('.cart-group');
    await expect(block).toHaveCount(1);
    await expect(block.locator('.cart-group-name')).toHaveText(fill(t.cart.group.name, { name: 'Harbour Gulls' }));
    await expect(block.locator('.cart-group-count')).toHaveText(fill(t.cart.group.shirts_other, { count: 3 }));
    const total = rows.reduce((sum, line) => sum + line.lineTotal, 0);
    await expect(block.locator('.cart-group-total')).toHaveText(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(total / 100));
    // Its rows inside, in the roster's order, with their names and quantities.
    const lines = block.locator('.checkout-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('SMITH');
    await expect(lines.nth(1)).toContainText('JONES');
    await expect(lines.nth(1).locator('.checkout-line-qty')).toHaveText('2');
    // The block closes and opens like the cart's.
    await block.locator('summary').click();
    await expect(lines.first()).toBeHidden();
    await block.locator('summary').click();
    await expect(lines.first()).toBeVisible();
    expect(await axeViolations(page), 'axe, the order page with a team').toEqual([]);
    await screenshot(page, `order-detail-team-${locale}`, testInfo, { fullPage: true });
  });
}
