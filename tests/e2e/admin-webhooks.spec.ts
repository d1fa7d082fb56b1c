/**
 * The Webhooks screen (docs/back-office.md "Webhooks"): an owner adds an endpoint pointing at a
 * receiver this test starts, copies its secret, sends a test event, sees it delivered in the
 * delivery log, and sends it again; the receiver gets both, signed.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import enWebhooks from '../../src/i18n/locales/en-US/admin-webhooks.json' with { type: 'json' };
import zhWebhooks from '../../src/i18n/locales/zh-CN/admin-webhooks.json' with { type: 'json' };
import { ADMIN_LOCALES, JOURNEY_TIMEOUT_MS, dialogSettled, expect, test } from './support/admin.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const TEXT = { 'en-US': enWebhooks, 'zh-CN': zhWebhooks } as const;

function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The endpoint takes every event, so journeys running beside this one (orders paid,
      // products saved) reach it too: the test counts only its own test event.
      if (request.headers['x-jersey-event'] === 'ping') received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('ok');
    });
  });
  return new Promise<{ url: string; received: typeof received; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

for (const locale of ADMIN_LOCALES) {
  const W = TEXT[locale];
  test.describe(() => {
    test.use({ adminLocale: locale });

    test(`${locale}: an endpoint added on the screen gets a test event, shown delivered in its log, and sent again`, async ({ page, ownerApi }) => {
      const receiver = await startReceiver();
      try {
        await page.goto('/admin/webhooks');
        await page.getByTestId('webhook-new').click();
        const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('webhook-url') });
        await dialog.getByTestId('webhook-url').fill(receiver.url);
        await dialog.getByRole('button', { name: /^(Save|保\s*存)$/ }).click();
        const secretBox = page.getByRole('dialog').filter({ has: page.getByTestId('webhook-secret-value') });
        await expect(secretBox).toBeVisible();
        const secret = (await secretBox.getByTestId('webhook-secret-value').innerText()).trim();
        expect(secret).toMatch(/^whsec_/);
        await secretBox.getByRole('button', { name: /^(OK|确\s*定)$/ }).click();

        const row = page.getByTestId('webhook-table').getByRole('row').filter({ hasText: receiver.url });
        await expect(row).toHaveCount(1);
        await row.locator('[data-testid^="webhook-test-"]').click();
        await dialogSettled(page);
        await page.getByRole('dialog').getByRole('button', { name: /^(Confirm|确\s*认)$/ }).click();
        await expect(page.getByText(W.testQueued)).toBeVisible();
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);

        await row.locator('[data-testid^="webhook-log-"]').click();
        const log = page.getByRole('dialog').filter({ has: page.getByTestId('webhook-log-refresh') });
        const delivery = log.locator('tbody tr').filter({ hasText: 'ping' });
        await expect(async () => {
          await log.getByTestId('webhook-log-refresh').click();
          await expect(delivery.getByText(W.statuses.sent)).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
        await expect(delivery).toContainText('200');

        await delivery.locator('[data-testid^="webhook-again-"]').click();
        await dialogSettled(page);
        await page.getByRole('dialog').getByRole('button', { name: /^(Confirm|确\s*认)$/ }).last().click();
        await expect(page.getByText(W.againQueued)).toBeVisible();
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
        // Both are the same delivery, each signed with the secret the screen showed.
        const [first, second] = receiver.received;
        expect(second!.headers['x-jersey-delivery']).toBe(first!.headers['x-jersey-delivery']);
        for (const hit of receiver.received) {
          const [t, v1] = String(hit.headers['x-jersey-signature']).split(',').map((part) => part.split('=')[1]);
          expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${hit.body}`).digest('hex'));
        }
        await expect(async () => {
          await log.getByTestId('webhook-log-refresh').click();
          await expect(delivery.getByText(W.statuses.sent)).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
      } finally {
        const endpoints = await ownerApi<{ id: number; url: string }[]>('/admin/webhooks/list', {});
        for (const endpoint of endpoints.filter((e) => e.url === receiver.url)) await ownerApi('/admin/webhooks/remove', { id: endpoint.id });
        await receiver.close();
      }
    });
  });
}
