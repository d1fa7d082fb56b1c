/**
 * Every journey's `test` and `expect` (docs/testing.md "Page errors"): Playwright's, with one
 * automatic fixture that fails the test when any page of its browser context throws an uncaught
 * error or React reports a hydration mismatch in the console (#418, #419, #422, #423, #425 in a
 * production build; "hydrat..." in a development one). The errors are collected through the
 * journey and checked once it has run, so the test's own failure, if any, is reported first.
 *
 * A journey that provokes a page error on purpose says so, with the reason:
 * `test.use({ pageErrors: { allowed: 'why' } })`. Contexts and pages a journey opens itself
 * (`browser.newContext()`, `browser.newPage()`) are watched too.
 *
 * Everything else of `@playwright/test` is re-exported, so a spec imports from here alone.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';
export { expect };

/** React's production codes for a server-rendered tree the client did not render the same. */
const HYDRATION_CONSOLE = /Minified React error #(418|419|422|423|425)\b|hydrat(ion|ed|ing)\b.*(mismatch|failed|error|didn't match)|did not match\. Server:/i;

export interface PageErrorsOption {
  /** Why this journey's page errors are expected; unset, any page error fails the test. */
  allowed?: string;
}

function watchPage(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_CONSOLE.test(message.text())) errors.push(`${page.url()}: console: ${message.text()}`);
  });
}

/** Collects the page errors of every page `context` opens, now and later. */
export function watchContextErrors(context: BrowserContext, errors: string[] = []): string[] {
  for (const page of context.pages()) watchPage(page, errors);
  context.on('page', (page) => watchPage(page, errors));
  return errors;
}

function watchedContext(context: BrowserContext, errors: string[]): BrowserContext {
  watchContextErrors(context, errors);
  return context;
}

export const test = base.extend<{ pageErrors: PageErrorsOption; failOnPageErrors: void }>({
  pageErrors: [{}, { option: true }],
  failOnPageErrors: [
    async ({ browser, context, pageErrors }, use, testInfo) => {
      const errors = watchContextErrors(context);
      // The journey's own contexts (a second shopper, a page without JavaScript) count as well.
      const { newContext, newPage } = browser;
      browser.newContext = async (...args) => watchedContext(await newContext.apply(browser, args), errors);
      browser.newPage = async (...args) => {
        const page = await newPage.apply(browser, args);
        watchPage(page, errors);
        return page;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      if (pageErrors.allowed) {
        if (errors.length) testInfo.annotations.push({ type: 'page errors allowed', description: `${pageErrors.allowed}: ${errors.length}` });
        return;
      }
      expect(errors, 'page errors (uncaught exceptions, React hydration errors) during the journey').toEqual([]);
    },
    { auto: true },
  ],
});
