/**
 * What the built pages' own policy and the shop's server do with hostile input, in a real browser
 * (docs/accounts-and-security.md "What is tested", line 21): markup that got into a page cannot
 * run inline script, and an address the server cannot decode still shows the locale's not-found page.
 */
import { expect, test } from './support/test.ts';
import { watchErrors } from '../support/errors.ts';

test('en-US: the page policy refuses inline script that markup smuggled into a page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/en-US/');
  await expect(page.locator('main').first()).toBeVisible();
  const refused = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; directive: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve({ ran: 'smuggled' in window, directive: event.effectiveDirective }), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.smuggled = true;';
        document.body.append(script);
      }),
  );
  expect(refused).toEqual({ ran: false, directive: 'script-src-elem' });
  expect(errors.filter((error) => !/Content Security Policy/.test(error))).toEqual([]);
});

test('zh-CN: an address with bad percent-encoding shows the not-found page, not the server\'s JSON', async ({ page }) => {
  const answer = await page.goto('/zh-CN/product/%E0%A4%A');
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()['content-type']).toContain('text/html');
  await expect(page.locator('main').first()).toBeVisible();
});

test('en-US: a page whose forms make zod schemas reports no policy violation (zod probes for eval unless jitless)', async ({ page }) => {
  // Listening before any of the page's scripts run: the probe happens as the form's chunk loads.
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const errors = watchErrors(page);
  await page.goto('/en-US/login/?module=register');
  // The register module is drawn by the hydrated island (the built page is the password form).
  await expect(page.locator('#register-email')).toBeVisible();
  // An empty form submitted: the schemas parse it and the form shows their messages.
  await page.locator('form.account-form button[type="submit"]').click();
  await expect(page.locator('#register-email[aria-invalid="true"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  expect(errors).toEqual([]);
});
