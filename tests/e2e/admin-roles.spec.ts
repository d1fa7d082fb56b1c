/**
 * Custom roles by clicks (issue 33, "Staff accounts and access"): the owner makes a role on the
 * Roles screen from a few codes, gives it to a staff member on the Staff screen in place of their
 * built-in role, and the member, signed in again, opens only the screens of those codes: the
 * orders, but not the products (403). In en-US at 1440 px and in zh-CN at 375 px.
 */
import { randomBytes } from 'node:crypto';
import enRoles from '../../src/i18n/locales/en-US/admin-roles.json' with { type: 'json' };
import zhRoles from '../../src/i18n/locales/zh-CN/admin-roles.json' with { type: 'json' };
import type { StaffMember } from '../../src/domain/back-office/staff.model.ts';
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, signedInAs, test } from './support/admin.ts';
import { registerShopper, signInTokens } from './support/shoppers.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const ROLES_TEXT = { 'en-US': enRoles, 'zh-CN': zhRoles } as const;

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const R = ROLES_TEXT[locale];

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner makes a role of two codes, gives it to a member, and the member sees only those screens`, async ({ page, request, ownerApi }) => {
      const member = await registerShopper(request);
      await ownerApi<StaffMember>('/admin/staff/grant', { email: member.email, role: 'R_ADMIN' });
      const name = `Order desk ${randomBytes(3).toString('hex')}`;

      // The Roles screen: the built-in roles listed read-only, a new role with two codes.
      await page.goto('/admin/staff/roles');
      const table = page.getByTestId('roles-table');
      await expect(table.getByRole('row').filter({ hasText: A.staff.roleNames.R_SUPER })).toContainText(R.builtIn);
      await expect(table.getByRole('row').filter({ hasText: A.staff.roleNames.R_SUPER }).getByRole('button')).toHaveCount(0);
      await page.getByTestId('role-new').click();
      const dialog = page.getByRole('dialog', { name: R.createTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(R.name).fill(name);
      // Owner-only codes are not offered.
      await expect(dialog.getByRole('checkbox', { name: R.codeNames['staff:manage'] })).toHaveCount(0);
      await dialog.getByRole('checkbox', { name: R.codeNames['dashboard:view'] }).check();
      await dialog.getByRole('checkbox', { name: R.codeNames['order:view'] }).check();
      await confirmIn(page, A.common.confirm);
      await expect(dialog).toBeHidden();
      const roleRow = table.getByRole('row').filter({ hasText: name });
      await expect(roleRow).toContainText(R.codeNames['order:view']);
      await expect(roleRow).toContainText(R.custom);

      // The Staff screen: the member's roles dialog, the new role in place of Admin.
      await page.goto('/admin/staff');
      const search = page.getByPlaceholder(A.staff.searchPlaceholder);
      await search.fill(member.email);
      await search.press('Enter');
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: R.editRolesFor.replace('{{email}}', member.email) }).click();
      const rolesDialog = page.getByRole('dialog', { name: R.rolesTitle.replace('{{email}}', member.email) });
      await expect(rolesDialog.getByRole('checkbox', { name: A.staff.roleNames.R_ADMIN, exact: true })).toBeChecked();
      await rolesDialog.getByRole('checkbox', { name: A.staff.roleNames.R_ADMIN, exact: true }).uncheck();
      await rolesDialog.getByRole('checkbox', { name }).check();
      await confirmIn(page, A.common.confirm);
      await expect(rolesDialog).toBeHidden();
      await expect(row).toContainText(name);
      await expect(row).not.toContainText(A.staff.roleNames.R_ADMIN);

      // The member, signed in again: the orders open, the products do not.
      const tokens = await signInTokens(request, member);
      await signedInAs(page, tokens, '/admin/orders');
      await expect(page.getByTestId('orders-screen')).toBeVisible();
      await page.goto('/admin/products');
      await expect(page.getByTestId('error-403')).toBeVisible();
      await page.goto('/admin/staff/roles');
      await expect(page.getByTestId('error-403')).toBeVisible();
    });
  });
}
