/**
 * The team roster editor (issue 31, docs/storefront.md "Team orders"): "Order for a team" loads
 * the editor only when pressed; 12 rows pasted from a spreadsheet, one bad row shown beside its
 * cell and fixed, each cell named with its row, numbers on two rows marked until kept, focus after
 * a row is removed, the team's price with its tier, added to the cart as one group of lines and,
 * pressed again after a fix, replaced (not added twice), shown there as one block, reopened from
 * it, changed and replaced whole, closed with focus back on "Order for a team". axe
 * finds nothing on the editor, open and with errors showing. Both locales (zh-CN on the phone).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from './support/test.ts';
import { axeViolations } from './support/axe.ts';
import type { CartPage } from '../../src/domain/cart.model.ts';
import type { ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';

type Locale = 'en-US' | 'zh-CN';
const words = (locale: Locale) => ({
  roster: JSON.parse(readFileSync(`src/i18n/locales/${locale}/roster.json`, 'utf8')),
  configurator: JSON.parse(readFileSync(`src/i18n/locales/${locale}/configurator.json`, 'utf8')),
  cart: JSON.parse(readFileSync(`src/i18n/locales/${locale}/cart.json`, 'utf8')),
});

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
/** A cell's accessible name: its column and its row (the row read out only). */
const cellName = (t: ReturnType<typeof words>, column: 'name' | 'number' | 'size' | 'quantity', row: number) => fill(t.roster.cellName, { column: t.roster.column[column], row });

/** A printable shirt with a size of at least 20 in stock. */
async function findShirt(request: APIRequestContext): Promise<{ product: ProductDetail; size: string }> {
  for (let id = 1; id <= 80; id++) {
    const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id });
    const size = product.sizes.find((s) => s.stock >= 20);
    if (product.printable && size) return { product, size: size.size };
  }
  throw new Error('no printable shirt in the demo catalogue');
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a team of 12 pasted, one row fixed, added to the cart as one group (${locale})`, async ({ page }, testInfo) => {
    const t = words(locale);
    const { product, size } = await findShirt(page.request);
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    await page.goto(`/${locale}/product/${product.id}/`);
    await page.locator('astro-island[component-url*="Configurator"]:not([ssr])').waitFor({ state: 'attached' });
    // The editor's code is not part of the page until it is asked for.
    expect(chunks.some((url) => /RosterEditor\.[^/]*\.js$/.test(url))).toBe(false);
    await page.getByRole('button', { name: t.configurator.team.open }).click();
    const editor = page.locator('.roster');
    await expect(editor.getByRole('heading', { name: t.roster.title })).toBeVisible();
    expect(chunks.some((url) => /RosterEditor\.[^/]*\.js$/.test(url))).toBe(true);
    // Signed out: saving is offered through signing in.
    await expect(editor.getByRole('link', { name: t.roster.saved.signIn })).toBeVisible();
    await expect(editor.getByRole('button', { name: t.roster.saved.save })).toHaveCount(0);

    await editor.getByLabel(t.roster.teamName, { exact: true }).fill('Harbour Vets');
    // Twelve rows as a spreadsheet copies them: a heading row in the page's language, tabs; one name in Chinese.
    const heading = [t.roster.column.name, t.roster.column.number, t.roster.column.size, t.roster.column.quantity].join('\t');
    const rows = Array.from({ length: 12 }, (_, i) => [i === 4 ? '张伟' : `PLAYER${'ABCDEFGHIJKL'[i]}`, String(i + 1), size, '1'].join('\t'));
    await editor.getByLabel(t.roster.paste).fill([heading, ...rows].join('\n'));
    await editor.getByRole('button', { name: t.roster.pasteAdd }).click();
    await expect(editor.locator('.roster-row')).toHaveCount(12);
    const bad = editor.locator('.roster-row').nth(4).getByLabel(t.roster.column.name);
    // Each cell's name says its row, for a screen reader tabbing through twelve "Name" boxes.
    await expect(editor.getByRole('textbox', { name: cellName(t, 'name', 5), exact: true })).toHaveValue('张伟');
    await expect(bad).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.locator('.roster-row').nth(4).locator('.roster-error')).toHaveText(t.roster.problem.nameInvalid);
    expect(await axeViolations(page), 'axe, with an error showing').toEqual([]);
    await editor.screenshot({ path: `.data/screens/team-roster-editor-${locale}-${testInfo.project.name}.png` });

    await bad.fill('zhang');
    await expect(bad).toHaveValue('ZHANG');
    await expect(editor.locator('.roster-error')).toHaveCount(0);
    await expect(editor.locator('.roster-total')).toContainText(t.roster.tier.replace('{{percent}}', '20'));
    expect(await axeViolations(page), 'axe, the editor filled in').toEqual([]);

    // A number on two rows: both cells marked and pointed at the message naming it, until kept.
    const second = editor.getByRole('textbox', { name: cellName(t, 'number', 2), exact: true });
    await second.fill('1');
    const duplicates = editor.locator('.roster-number.is-duplicate');
    await expect(duplicates).toHaveCount(2);
    const message = editor.locator('.roster-errors li', { hasText: fill(t.roster.problem.duplicateNumbers_one, { numbers: '1' }) });
    const messageId = await message.getAttribute('id');
    expect(messageId).toBeTruthy();
    await expect(second).toHaveAttribute('aria-describedby', messageId!);
    await expect(editor.getByRole('textbox', { name: cellName(t, 'number', 1), exact: true })).toHaveAccessibleDescription(fill(t.roster.problem.duplicateNumbers_one, { numbers: '1' }));
    await editor.getByRole('checkbox', { name: t.roster.confirmDuplicates }).check();
    await expect(duplicates).toHaveCount(0);
    await expect(second).not.toHaveAttribute('aria-describedby');
    await second.fill('2');

    // Removing a row moves focus to the next row's first cell, or to "Add a row" after the last.
    const addRow = editor.getByRole('button', { name: t.roster.addRow });
    await addRow.click();
    await addRow.click();
    await expect(editor.locator('.roster-row')).toHaveCount(14);
    await editor.getByRole('button', { name: fill(t.roster.removeRow, { row: 13 }) }).click();
    await expect(editor.getByRole('textbox', { name: cellName(t, 'name', 13), exact: true })).toBeFocused();
    await editor.getByRole('button', { name: fill(t.roster.removeRow, { row: 13 }) }).click();
    await expect(addRow).toBeFocused();
    await expect(editor.locator('.roster-row')).toHaveCount(12);

    await editor.getByRole('button', { name: t.roster.addToCart }).click();
    await expect(editor.getByRole('status').last()).toHaveText(t.roster.added);
    const visitor = (await page.context().cookies()).find((c) => c.name === 'X-Visitor-Id')!.value;
    const cartNow = () => apiData<CartPage>(page.request, '/demo/ironCartItem/queryCartItemList', { currency: 'EUR' }, { 'X-Visitor-Id': visitor });
    const first = await cartNow();
    expect(first.records).toHaveLength(12);

    // A row fixed in the still-open editor and pressed again: the same group replaced, not a second team.
    const other = product.sizes.find((s) => s.size !== size && s.stock >= 1)!.size;
    await editor.getByRole('combobox', { name: cellName(t, 'size', 12), exact: true }).selectOption(other);
    await editor.getByRole('button', { name: t.roster.updateCart }).click();
    await expect(editor.getByRole('status').last()).toHaveText(t.roster.updated);
    const cart = await cartNow();
    expect(cart.records).toHaveLength(12);
    expect(new Set(cart.records.map((r) => r.group?.id))).toEqual(new Set([first.records[0]!.group!.id]));
    expect(cart.records.find((r) => r.group?.row === 11)!.size).toBe(other);
    expect(new Set(cart.records.map((r) => r.group?.name))).toEqual(new Set(['Harbour Vets']));
    expect(cart.records.map((r) => r.customName)).toContain('ZHANG');
    expect(cart.summary.discountPercent).toBe(20);
    await screenshot(page, `team-roster-added-${locale}`, testInfo, { fullPage: true });

    // The cart shows the roster as one block under the team's name, which closes and opens.
    await page.goto(`/${locale}/cart/`);
    const group = page.locator('.cart-group');
    await expect(group.locator('.cart-group-name')).toHaveText(t.cart.group.name.replace('{{name}}', 'Harbour Vets'));
    await expect(group.locator('.cart-line')).toHaveCount(12);
    await screenshot(page, `team-roster-cart-${locale}`, testInfo, { fullPage: true });
    await group.locator('summary').click();
    await expect(group.locator('.cart-line').first()).toBeHidden();

    // Reopened from the cart, changed (one size) and added again: the same group, replaced whole.
    await group.locator('summary').click();
    await group.getByRole('link', { name: t.cart.group.change.replace('{{name}}', 'Harbour Vets') }).click();
    const reopened = page.locator('.roster');
    await expect(reopened.locator('.roster-row')).toHaveCount(12);
    await expect(reopened.getByLabel(t.roster.teamName, { exact: true })).toHaveValue('Harbour Vets');
    await reopened.locator('.roster-row').first().getByLabel(t.roster.column.size).selectOption(other);
    await reopened.getByRole('button', { name: t.roster.updateCart }).click();
    await expect(reopened.getByRole('status').last()).toHaveText(t.roster.updated);
    const changed = await cartNow();
    expect(changed.records).toHaveLength(12);
    expect(new Set(changed.records.map((r) => r.group?.id))).toEqual(new Set([cart.records[0]!.group!.id]));
    expect(changed.records.find((r) => r.group?.row === 0)!.size).toBe(other);

    // Closed: focus goes back to the button that opens it.
    await reopened.getByRole('button', { name: t.roster.close, exact: true }).click();
    await expect(reopened).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.configurator.team.open })).toBeFocused();
  });
}
