/**
 * Collects what a journey's page must not produce: uncaught errors, anything the
 * Content-Security-Policy refused and, with `consoleErrors`, every console error. The journey
 * asserts the list empty where it matters (a step that expects a refused call may look first).
 */
import type { Page } from '@playwright/test';

export function watchErrors(page: Page, options: { consoleErrors?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if ((options.consoleErrors && message.type() === 'error') || /Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}
