/**
 * Fills the checkout page's shipping address as a shopper types it (by the fields' autocomplete
 * names): a London address in `country`, with a phone number. Used by the e2e checkout journeys and
 * the browser test that pays on a sandbox-built page.
 */
import type { Page } from '@playwright/test';

export async function typeShippingAddress(page: Page, country: string, name: { given: string; family: string } = { given: 'Robin', family: 'Keeper' }): Promise<void> {
  await page.locator('select[autocomplete="shipping country"]').selectOption(country);
  await page.locator('[autocomplete="shipping given-name"]').fill(name.given);
  await page.locator('[autocomplete="shipping family-name"]').fill(name.family);
  await page.locator('[autocomplete="shipping address-line1"]').fill('12 Baker Street');
  await page.locator('[autocomplete="shipping address-level2"]').fill('London');
  await page.locator('[autocomplete="shipping postal-code"]').fill('NW1 6XE');
  const code = page.locator('[autocomplete="shipping tel-country-code"]');
  if ((await code.inputValue()) === '') await code.fill('+44');
  await page.locator('[autocomplete="shipping tel-national"]').fill('2079460000');
}
