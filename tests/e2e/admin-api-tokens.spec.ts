/**
 * API tokens by clicks (issue 33 "Integrations"; docs/back-office.md "API tokens"): the owner opens
 * API tokens from the menu, makes a token for one code, sees its secret once (gone when the dialog
 * closes), an outside system uses it on the orders list (and is refused the products list), the
 * owner revokes it after confirming, and the next call is refused. en-US at 1440 px, zh-CN at
 * 375 px, with screenshots.
 */
import { randomBytes } from 'node:crypto';
import enTokens from '../../src/i18n/locales/en-US/admin-api-tokens.json' with { type: 'json' };
import zhTokens from '../../src/i18n/locales/zh-CN/admin-api-tokens.json' with { type: 'json' };
import { api } from '../support/api.ts';
import { screenshot } from '../support/screenshots.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, openFromMenu, test, topDialog } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TOKENS = { 'en-US': enTokens, 'zh-CN': zhTokens } as const;

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const T = TOKENS[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner makes an API token, sees its secret once, a system lists orders with it, and the owner revokes it`, async ({ page, request }, testInfo) => {
      const name = `Books ${randomBytes(3).toString('hex')}`;
      await page.goto('/admin/dashboard');
      await openFromMenu(page, A.route['api-tokens']);
      await expect(page.getByTestId('api-tokens-table')).toBeVisible();

      await page.getByTestId('api-tokens-create').click();
      const dialog = topDialog(page);
      await expect(dialog).toContainText(T.createTitle);
      await dialog.getByLabel(T.name).fill(name);
      await dialog.getByRole('checkbox', { name: 'order:view' }).check();
      await confirmIn(page, T.createOk);

      // The secret, this once, with its warning and a copy button.
      const secretBox = page.getByTestId('api-token-secret-box');
      await expect(secretBox).toContainText(T.secretWarning);
      const secret = (await page.getByTestId('api-token-secret').innerText()).trim();
      expect(secret).toMatch(/^jst_[A-Za-z0-9_-]{43}$/);
      await expect(secretBox.getByRole('button', { name: T.copy })).toBeVisible();
      await screenshot(page, `admin-api-tokens-secret-${locale}`, testInfo);
      await confirmIn(page, T.secretDone);
      await expect(secretBox).toBeHidden();
      expect(await page.content()).not.toContain(secret);

      const row = page.getByTestId('api-tokens-table').getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('order:view');
      await expect(row).toContainText(T.statuses.active);
      await expect(row).toContainText(T.never);

      // An outside system: the orders list with the token, not the products list.
      const auth = { authorization: `Bearer ${secret}` };
      const orders = await api<{ records: unknown[] }>(request, '/admin/orders/list', { current: 1, size: 5 }, auth);
      expect(orders.code, orders.msg).toBe('0000');
      expect(Array.isArray(orders.data.records)).toBe(true);
      expect((await api(request, '/admin/products/list', { current: 1, size: 5 }, auth)).code).toBe('1403');

      // The list shows the use once read again.
      await page.reload();
      await expect(row).not.toContainText(T.never);
      await screenshot(page, `admin-api-tokens-list-${locale}`, testInfo);

      // Revoke, confirmed: the token is refused from its next call on.
      await row.getByRole('button', { name: T.revokeNamed.replace('{{name}}', name) }).click();
      await expect(topDialog(page)).toContainText(T.revokeAsk.replace('{{name}}', name));
      await confirmIn(page, A.common.confirm);
      await expect(row).toContainText(T.statuses.revoked);
      const refused = await api(request, '/admin/orders/list', { current: 1, size: 5 }, auth);
      expect(refused.code).toBe('8888');
    });
  });
}
