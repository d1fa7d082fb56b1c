/**
 * The team roster editor's second half (docs/storefront.md "Team orders"): a patch chosen for the
 * whole team changes the price; the server's quote replaces the browser's estimate; the shirt of
 * the row being edited is previewed; a refusal of the server (a size whose stock fell since the
 * page was loaded) shows beside the cells; a signed-in shopper saves the roster, loads it back,
 * replaces it, and opens it from `?roster=<id>`. axe finds nothing with the preview and with the
 * server's errors showing. Both locales (zh-CN on the phone).
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, signedInShopper, test } from './support/shoppers.ts';
import { axeViolations } from './support/axe.ts';
import type { RosterQuote } from '../../src/domain/api/rosters.ts';
import type { Patch, ProductDetail } from '../../src/domain/catalogue.schema.ts';
import { formatMoney } from '../../src/domain/money.model.ts';
import { apiData } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';

type Locale = 'en-US' | 'zh-CN';
const words = (locale: Locale) => ({
  roster: JSON.parse(readFileSync(`src/i18n/locales/${locale}/roster.json`, 'utf8')),
  configurator: JSON.parse(readFileSync(`src/i18n/locales/${locale}/configurator.json`, 'utf8')),
});
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** A printable shirt with patches (named in `locale`), a back image and a size of 20-90 in stock (so one row of 99 asks for more than there is). */
async function findShirt(request: APIRequestContext, locale: Locale): Promise<{ product: ProductDetail; size: string; stock: number; patch: Patch }> {
  for (let id = 1; id <= 80; id++) {
    const product = await apiData<ProductDetail>(request, '/demo/ironProduct/queryProductDetail', { id });
    const size = product.sizes.find((s) => s.stock >= 20 && s.stock <= 90);
    if (!product.printable || !size || product.images.length < 2) continue;
    const patches = await apiData<{ records: Patch[] }>(request, '/demo/ironPatch/queryList', { productId: id, current: 1, size: 100 }, { 'accept-language': locale });
    if (patches.records[0]) return { product, size: size.size, stock: size.stock, patch: patches.records[0] };
  }
  throw new Error('no printable shirt with patches in the demo catalogue');
}

/** The next quote the page asks for, with what it sent. */
function nextQuote(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.url().endsWith('/api/roster/quote') && response.request().method() === 'POST');
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a team's patch, the server's quote, the row's preview, its refusal, and a roster saved and loaded back (${locale})`, async ({ page }, testInfo) => {
    const t = words(locale);
    const { product, size, stock, patch } = await findShirt(page.request, locale);
    await signedInShopper(page, locale);
    // The page believes there is plenty of this size (as if the stock fell after it was loaded):
    // only the server, asked for its quote, knows better.
    await page.route('**/api/demo/ironProduct/queryProductDetail', async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { data: ProductDetail };
      envelope.data.sizes = envelope.data.sizes.map((s) => (s.size === size ? { ...s, stock: 999 } : s));
      await route.fulfill({ response, json: envelope });
    });
    await page.goto(`/${locale}/product/${product.id}/`);
    await page.locator('astro-island[component-url*="Configurator"]:not([ssr])').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: t.configurator.team.open }).click();
    const editor = page.locator('.roster');
    await expect(editor.getByRole('heading', { name: t.roster.title })).toBeVisible();
    // Signed in: "Save roster" instead of the sign-in invitation.
    await expect(editor.getByRole('link', { name: t.roster.saved.signIn })).toHaveCount(0);

    const team = `Vets ${Date.now().toString(36)}`;
    await editor.getByLabel(t.roster.teamName, { exact: true }).fill(team);
    let quoted = nextQuote(page);
    await editor.getByLabel(t.roster.paste).fill([`ALPHA,1,${size},1`, `BRAVO,2,${size},1`, `CHARLIE,3,${size},1`].join('\n'));
    await editor.getByRole('button', { name: t.roster.pasteAdd }).click();
    await expect(editor.locator('.roster-row')).toHaveCount(3);

    // The server's quote replaces the estimate: its total is the one shown.
    const plain = (await (await quoted).json()).data as RosterQuote;
    const total = editor.locator('.roster-total strong');
    await expect(editor.locator('.roster-quote')).toHaveText(t.roster.quote.confirmed);
    await expect(total).toHaveText(formatMoney(plain.totals.total, plain.totals.currency, locale));

    // A patch for the whole team: sent with the quote, in every row's price and the total.
    quoted = nextQuote(page);
    await editor.getByRole('group', { name: t.configurator.extras.patches }).locator('.extra-option', { hasText: patch.patchName }).getByRole('checkbox').check();
    const patchedResponse = await quoted;
    expect(patchedResponse.request().postDataJSON().roster.patchIds).toEqual([patch.id]);
    const patched = (await patchedResponse.json()).data as RosterQuote;
    expect(patched.rows[0]!.unitPrice).toBeGreaterThan(plain.rows[0]!.unitPrice);
    expect(patched.totals.total).toBeGreaterThan(plain.totals.total);
    await expect(total).toHaveText(formatMoney(patched.totals.total, patched.totals.currency, locale));
    await expect(editor.locator('.roster-quote')).toHaveText(t.roster.quote.confirmed);
    await expect(editor.locator('.roster-row').first().locator('.roster-price')).toHaveText(formatMoney(patched.rows[0]!.lineTotal, patched.totals.currency, locale));

    // The preview draws the shirt of the row being edited.
    const preview = editor.locator('.roster-preview');
    await expect(preview.locator('.print-name')).toHaveText('ALPHA');
    await editor.locator('.roster-row').nth(1).getByLabel(t.roster.column.number).focus();
    await expect(preview.getByText(fill(t.roster.preview, { row: 2 }))).toBeVisible();
    await expect(preview.locator('.print-name')).toHaveText('BRAVO');
    await expect(preview.locator('.print-number')).toHaveText('2');
    expect(await axeViolations(page), 'axe, the preview shown').toEqual([]);
    await editor.screenshot({ path: `.data/screens/team-roster-preview-${locale}-${testInfo.project.name}.png` });

    // More of the size than the shop has: the browser cannot tell, the server's refusal shows beside the cells.
    quoted = nextQuote(page);
    const firstQuantity = editor.locator('.roster-row').first().getByLabel(t.roster.column.quantity);
    await firstQuantity.fill(String(stock + 1));
    const refused = await quoted;
    expect(refused.status()).toBe(409);
    const said = ((await refused.json()) as { code: string; msg: string }).msg;
    expect(((await refused.json()) as { code: string }).code).toBe('1410');
    await expect(editor.locator('.roster-row').first().locator('.roster-size .roster-error')).toHaveText(said);
    await expect(editor.locator('.roster-row').first().getByLabel(t.roster.column.size)).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.locator('.roster-sizes .roster-error')).toHaveText(said);
    await expect(editor.locator('.roster-quote')).toHaveText(t.roster.quote.refused);
    expect(await axeViolations(page), "axe, the server's refusal showing").toEqual([]);
    await editor.screenshot({ path: `.data/screens/team-roster-refused-${locale}-${testInfo.project.name}.png` });
    quoted = nextQuote(page);
    await firstQuantity.fill('1');
    await quoted;
    await expect(editor.locator('.roster-error')).toHaveCount(0);
    await expect(editor.locator('.roster-quote')).toHaveText(t.roster.quote.confirmed);

    // Saved under the team name, then loaded back over a changed roster.
    await editor.getByRole('button', { name: t.roster.saved.save }).click();
    await expect(editor.locator('.roster-status').last()).toHaveText(fill(t.roster.saved.saved, { name: team }));
    await editor.getByRole('button', { name: fill(t.roster.removeRow, { row: 3 }) }).click();
    await editor.getByRole('group', { name: t.configurator.extras.patches }).getByRole('checkbox').first().uncheck();
    await expect(editor.locator('.roster-row')).toHaveCount(2);
    const savedSelect = editor.getByLabel(t.roster.saved.load);
    await savedSelect.selectOption({ label: fill(t.roster.saved.option_other, { name: team, count: 3 }) });
    await editor.getByRole('button', { name: t.roster.saved.loadButton, exact: true }).click();
    await expect(editor.locator('.roster-row')).toHaveCount(3);
    await expect(editor.locator('.roster-row').nth(2).getByLabel(t.roster.column.name)).toHaveValue('CHARLIE');
    await expect(editor.getByRole('group', { name: t.configurator.extras.patches }).locator('.extra-option', { hasText: patch.patchName }).getByRole('checkbox')).toBeChecked();
    await expect(editor.locator('.roster-status').last()).toHaveText(fill(t.roster.saved.loaded_other, { name: team, count: 3 }));

    // Saving again under the same name offers to replace the saved one.
    await editor.locator('.roster-row').first().getByLabel(t.roster.column.name).fill('ALFA');
    await editor.getByRole('button', { name: t.roster.saved.save }).click();
    await expect(editor.locator('.roster-status').last()).toHaveText(fill(t.roster.saved.exists, { name: team }));
    await editor.getByRole('button', { name: fill(t.roster.saved.replace, { name: team }) }).click();
    await expect(editor.locator('.roster-status').last()).toHaveText(fill(t.roster.saved.saved, { name: team }));
    await screenshot(page, `team-roster-saved-${locale}`, testInfo, { fullPage: true });

    // The account's link: the product page with `?roster=<id>` opens the editor with it.
    const savedId = await savedSelect.locator('option', { hasText: team }).getAttribute('value');
    await page.goto(`/${locale}/product/${product.id}/?roster=${savedId}`);
    const opened = page.locator('.roster');
    await expect(opened.locator('.roster-row')).toHaveCount(3);
    await expect(opened.getByLabel(t.roster.teamName, { exact: true })).toHaveValue(team);
    await expect(opened.locator('.roster-row').first().getByLabel(t.roster.column.name)).toHaveValue('ALFA');
    await expect(opened.locator('.roster-status').last()).toHaveText(fill(t.roster.saved.loaded_other, { name: team, count: 3 }));
  });
}
