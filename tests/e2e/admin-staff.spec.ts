/**
 * Staff management by clicks (issue 16 "Staff, roles, permissions"): the owner grants a role in
 * the staff screen and takes it back, and the audit log shows both with the roles before and
 * after. Each journey makes its own staff member (a fresh account made an admin through the API)
 * and runs in en-US at 1440 px and in zh-CN at 375 px.
 */
import { ADMIN_LOCALES, ADMIN_TEXT, JOURNEY_TIMEOUT_MS, confirmIn, expect, filterAudit, label, openFromMenu, test, topDialog } from './support/admin.ts';
import { E2E_OWNER } from './support/env.ts';
import { registerShopper } from './support/shoppers.ts';
import type { StaffMember } from '../../src/domain/back-office/staff.model.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

for (const locale of ADMIN_LOCALES) {
  const { admin: A } = ADMIN_TEXT[locale];
  const superName = A.staff.roleNames.R_SUPER;

  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: the owner grants a staff member super admin in the staff screen, takes it back, and the audit log shows both`, async ({ page, request, ownerApi }) => {
      const member = await registerShopper(request);
      const { userId } = await ownerApi<StaffMember>('/admin/staff/grant', { email: member.email, role: 'R_ADMIN' });

      await page.goto('/admin/staff');
      const search = page.getByPlaceholder(A.staff.searchPlaceholder);
      await search.fill(member.email);
      await search.press('Enter');
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(A.staff.roleNames.R_ADMIN);
      await expect(row).not.toContainText(superName);

      // Grant: the dialog offers the role the member lacks, and asks before giving it.
      await row.getByRole('button', { name: label(A.staff.grant) }).click();
      const dialog = topDialog(page);
      await expect(dialog).toContainText(A.staff.grantConfirm.replace('{{email}}', member.email).replace('{{role}}', superName));
      await confirmIn(page, A.common.confirm);
      await expect(dialog).toBeHidden();
      const revoke = row.getByLabel(A.staff.revoke.replace('{{role}}', superName));
      await expect(revoke).toBeVisible();

      // Revoke: the tag's close, confirmed.
      await revoke.getByRole('button').click();
      await expect(topDialog(page)).toContainText(A.staff.revokeConfirm.replace('{{email}}', member.email).replace('{{role}}', superName));
      await confirmIn(page, A.common.confirm);
      await expect(revoke).toHaveCount(0);
      await expect(row).toContainText(A.staff.roleNames.R_ADMIN);

      // The audit log: the grant by API, the grant and the revoke by clicks, newest first, by the owner.
      await openFromMenu(page, A.route.audit);
      await filterAudit(page, locale, { entityId: String(userId) });
      const rows = page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'staff.' });
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('staff.revoke');
      await expect(rows.nth(1)).toContainText('staff.grant');
      for (const audited of await rows.all()) await expect(audited).toContainText(E2E_OWNER.email);
      await rows.nth(0).getByRole('button').first().click();
      // Roles are listed one per row: R_SUPER was there before and is gone after.
      const superRole = page.getByTestId('audit-diff').getByRole('row').filter({ hasText: 'R_SUPER' });
      await expect(superRole).toHaveCount(1);
      await expect(superRole.getByRole('cell').nth(0)).toContainText('R_SUPER');
      await expect(superRole.getByRole('cell').nth(1)).toHaveText(A.common.none);
    });
  });
}
