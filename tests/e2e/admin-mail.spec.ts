/**
 * The dashboard's mail outbox card (docs/back-office.md "Mail outbox"): a mail the server refused
 * is listed as not sent, with its recipient; "Send again" queues it, and it arrives.
 * The e2e server's SMTP receiver refuses the first mail to `refused-once.*` addresses (server.ts).
 */
import type { Page } from '@playwright/test';
import { mailApi } from '../../src/domain/api/admin/mail.ts';
import enMail from '../../src/i18n/locales/en-US/admin-mail.json' with { type: 'json' };
import zhMail from '../../src/i18n/locales/zh-CN/admin-mail.json' with { type: 'json' };
import { ADMIN_LOCALES, JOURNEY_TIMEOUT_MS, expect, label, test } from './support/admin.ts';
import { REFUSED_ONCE_PREFIX } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { newShopper, registerShopper } from './support/shoppers.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const MAIL_TEXT = { 'en-US': enMail, 'zh-CN': zhMail } as const;

/**
 * Reloads the dashboard and waits for the outbox's answer: on a loaded machine the card may be
 * drawn later than a short look would wait, and the look would then see the table still empty.
 */
async function reloadOutbox(page: Page): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(mailApi.status.path));
  await page.reload();
  await answered;
}

for (const locale of ADMIN_LOCALES) {
  const M = MAIL_TEXT[locale];
  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: a welcome mail the server refused is listed on the dashboard, and "send again" delivers it`, async ({ page, request }) => {
      const shopper = newShopper();
      shopper.email = `${REFUSED_ONCE_PREFIX}${shopper.email}`;
      await registerShopper(request, shopper);

      await page.goto('/admin/dashboard');
      const card = page.getByTestId('mail-outbox');
      await expect(card).toContainText(M.title);
      // Refused with a 550: failed at once, not retried.
      const row = card.locator('tbody tr', { hasText: shopper.email });
      await expect(async () => {
        await reloadOutbox(page);
        await expect(row).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
      await expect(card.getByTestId('mail-outbox-failed')).toBeVisible();
      await expect(row).toContainText('Mailbox unavailable');

      await row.getByRole('button', { name: label(M.retry) }).click();
      await expect(page.getByText(M.retried)).toBeVisible();
      const mail = await waitForMail({ to: shopper.email, subject: /Welcome|欢迎/ }, 30_000);
      expect(mail.text).toContain(shopper.firstName);
      await expect(async () => {
        await reloadOutbox(page);
        await expect(row).toHaveCount(0, { timeout: 2_000 });
      }).toPass({ timeout: 60_000 });
    });
  });
}
