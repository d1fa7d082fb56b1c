/**
 * axe-core against WCAG 2.2 A and AA on the page as it is, for journeys that reach a state worth
 * auditing (the storefront's pay page, the order page's forms; the back office's screens have their
 * own audit in admin-a11y.spec.ts, which checks both colour schemes). axe's source is evaluated
 * through the browser's debugging protocol, which the page's Content-Security-Policy does not
 * govern, so a journey audits the page with its real policy on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules axe tags so. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every violation axe finds, one line each (rule, element, axe's summary); empty when none. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A page load drops it; the page's own navigations keep it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A colour mid-transition is no colour the user is left looking at (a button fading from
  // disabled to enabled measured 3.98:1 on a loaded machine): finite animations end first.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.map(String).join(' > ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`));
  }, WCAG_22_AA);
}
