/**
 * Screenshots for people to look at (not compared by any test): `.data/screens/<name>-<project>.png`,
 * one per viewport project, so a reviewer sees each page at 1440 px and at 375 px.
 */
import type { Page, TestInfo } from '@playwright/test';

export async function screenshot(page: Page, name: string, testInfo: TestInfo, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `.data/screens/${name}-${testInfo.project.name}.png`, fullPage: options.fullPage ?? false });
}
