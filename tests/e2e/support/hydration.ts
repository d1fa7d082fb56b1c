/**
 * Holds a built script (an island's component, a page script's chunk) so a journey can act on
 * the server-rendered page before the script takes it over, as a shopper on a slow network does.
 */
import { expect, type Page } from '@playwright/test';

/** Starts holding the built script `name` (call before the page loads); answers the function that lets it through. */
export async function holdScript(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${name}[.-][^/]*\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Starts holding `component`'s script (call before the page loads); answers the function that lets it through and waits for the island to hydrate. */
export async function holdIsland(page: Page, component: string): Promise<() => Promise<void>> {
  const release = await holdScript(page, component);
  return async () => {
    // The island must still be the server's markup, or the journey proved nothing.
    await expect(page.locator(`astro-island[component-url*="${component}"]`)).toHaveAttribute('ssr', '');
    release();
    await page.locator(`astro-island[component-url*="${component}"]:not([ssr])`).waitFor({ state: 'attached' });
  };
}
