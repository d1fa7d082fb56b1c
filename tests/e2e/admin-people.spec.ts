/**
 * The back office's people screens by clicks (issue 17): an admin hides a review and it leaves
 * the product page a shopper reloads (en-US, 1440 px); an admin edits a squad player, the
 * configurator's name rule refusing a bad name in the server's words, and disables then enables
 * a customer, whose next call meets the modal-logout code 7777 (zh-CN, 375 px).
 */
import enReviews from '../../src/i18n/locales/en-US/admin-reviews.json' with { type: 'json' };
import zhCustomers from '../../src/i18n/locales/zh-CN/admin-customers.json' with { type: 'json' };
import type { Page as CataloguePage } from '../../src/domain/api/envelope.ts';
import type { ProductCard } from '../../src/domain/catalogue.schema.ts';
import type { AdminCustomerRow } from '../../src/domain/back-office/customers.model.ts';
import type { AdminTeamDetail, AdminTeamRow } from '../../src/domain/back-office/teams.model.ts';
import { ADMIN_TEXT, JOURNEY_TIMEOUT_MS, expect, label, test } from './support/admin.ts';
import { api } from '../support/api.ts';
import { registerShopper, signInTokens } from './support/shoppers.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test.describe(() => {
  test.use({ adminLocale: 'en-US', staff: 'R_ADMIN' });

  test('en-US: an admin hides a review with a reason and it leaves the product page a shopper reloads', async ({ page, browser, baseURL, request }) => {
    const R = enReviews;
    const shopper = await registerShopper(request);
    const tokens = await signInTokens(request, shopper);
    const products = await api<CataloguePage<ProductCard>>(request, '/demo/ironProduct/queryList', { current: 1, size: 1 });
    const productId = products.data.records[0]!.id;
    const text = `Faded after one wash ${Date.now()}`;
    const posted = await api(request, '/demo/ironProductComment/save', { productId, rating: 2, content: text }, { authorization: `Bearer ${tokens.token}` });
    expect(posted.code, posted.msg).toBe('0000');

    // The shopper sees it on the product page.
    const shopperPage = await (await browser.newContext({ baseURL })).newPage();
    await shopperPage.goto(`/en-US/product/${productId}/#reviews`);
    await expect(shopperPage.locator('.review-list')).toContainText(text);

    // The admin hides it: a reason is asked for first.
    await page.goto('/admin/reviews');
    const productFilter = page.getByRole('spinbutton', { name: R.productId });
    await productFilter.fill(String(productId));
    await productFilter.press('Enter');
    const row = page.getByTestId('reviews-table').getByRole('row').filter({ hasText: text });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: label(R.hide) }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: R.hideTitle });
    const confirm = dialog.getByRole('button', { name: label(ADMIN_TEXT['en-US'].admin.common.confirm) });
    await confirm.click();
    await expect(dialog).toContainText(R.reasonRequired);
    await dialog.getByTestId('review-reason').fill('Not about the product');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(R.states.hidden);
    await expect(row).toContainText('Not about the product');

    // The shopper reloads: the review is gone.
    await shopperPage.reload();
    await expect(shopperPage.locator('.reviews')).toBeVisible();
    await expect(shopperPage.locator('.reviews')).not.toHaveAttribute('aria-busy');
    await expect(shopperPage.locator('.reviews')).not.toContainText(text);
    await shopperPage.context().close();
  });
});

test.describe(() => {
  test.use({ adminLocale: 'zh-CN', staff: 'R_ADMIN' });

  test('zh-CN: an admin edits a squad player (a bad name refused by the rule) and disables then enables a customer', async ({ page, request, ownerApi }) => {
    const C = zhCustomers;
    const A = ADMIN_TEXT['zh-CN'].admin;
    const teams = await ownerApi<{ records: AdminTeamRow[] }>('/admin/teams/list', { current: 1, size: 1 });
    const team = teams.records[0]!;
    const detail = await ownerApi<AdminTeamDetail>('/admin/teams/get', { teamId: team.id });
    const player = detail.squad[0]!;

    await page.goto('/admin/teams');
    await page.getByTestId('teams-search').fill(team.tag);
    await page.getByTestId('teams-search').press('Enter');
    await page.getByTestId(`team-open-${team.tag}`).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('squad-table')).toContainText(player.name);
    await drawer.getByTestId(`player-edit-${player.number}`).click();
    await expect(drawer.getByTestId('player-name')).toHaveValue(player.name);

    // A name the configurator would refuse: the server's rule, in Chinese, beside the field.
    await drawer.getByTestId('player-name').fill('MÜLLER');
    await drawer.getByTestId('player-save').click();
    await expect(drawer.getByTestId('player-form')).toContainText('名字必须是 1-15 个字母 A-Z');
    await expect(drawer.getByTestId('squad-table')).toContainText(player.name);

    // A good one is saved in capitals.
    const name = `Edited${'ABCDEFGH'[Date.now() % 8]}`;
    await drawer.getByTestId('player-name').fill(name);
    await drawer.getByTestId('player-save').click();
    await expect(drawer.getByTestId('squad-table')).toContainText(name.toUpperCase());
    await ownerApi('/admin/teams/savePlayer', { teamId: team.id, id: player.id, name: player.name, number: player.number });
    await page.keyboard.press('Escape');

    // Disable a customer: their next call is answered 7777; enable them again (the old session stays ended).
    const shopper = await registerShopper(request);
    const tokens = await signInTokens(request, shopper);
    const userInfo = async () => (await request.get('/api/demo/ironUser/getUserInfo', { headers: { authorization: `Bearer ${tokens.token}` } })).json() as Promise<{ code: string }>;
    const found = await ownerApi<{ records: AdminCustomerRow[] }>('/admin/customers/list', { query: shopper.email });
    await page.goto(`/admin/customers/${found.records[0]!.userId}`);
    const status = page.getByTestId('customer-status');
    await expect(status).toHaveText(C.statuses.active);
    // The confirmation names the customer (the teams tab, kept mounted, holds a closed drawer too).
    const ask = page.getByRole('dialog').filter({ hasText: shopper.email });
    await page.getByTestId('customer-disable').click();
    await ask.getByRole('button', { name: label(A.common.confirm) }).click();
    await expect(status).toHaveText(C.statuses.disabled);
    // The closing confirmation fades out slowly on a busy machine; the next one must not be confused with it.
    await expect(ask).toHaveCount(0);
    expect((await userInfo()).code).toBe('7777');
    await page.getByTestId('customer-enable').click();
    await ask.getByRole('button', { name: label(A.common.confirm) }).click();
    await expect(status).toHaveText(C.statuses.active);
    expect((await userInfo()).code).toBe('8888');
  });
});
