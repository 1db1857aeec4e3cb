import { expect, test as base, type ConsoleMessage, type Page } from '@playwright/test';

export { expect };

export interface ConsoleGuardOptions {
  /**
   * Console errors a test expects (a remote it made unreachable, a 404 page it asked for): each is a pattern the
   * message must match. Everything else fails the test.
   */
  expectedConsoleErrors: RegExp[];
}

/** The console error a document answered 404 prints: expected by the tests that ask for a page that does not exist. */
export const notFoundError = /Failed to load resource: the server responded with a status of 404/;

/**
 * The `test` of every journey: it fails when the page logs an error to the console or throws, and a hydration
 * mismatch is such an error (shell/src/bootstrap.tsx reports every one). Import `test` from here, never from
 * '@playwright/test' (eslint.config.js says so).
 */
export const test = base.extend<ConsoleGuardOptions & { consoleGuard: void }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ context, expectedConsoleErrors }, use, testInfo) => {
      const problems: string[] = [];
      const expected = (text: string) => expectedConsoleErrors.some((pattern) => pattern.test(text));
      const watch = (page: Page) => {
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() === 'error' && !expected(message.text())) problems.push(`console.error: ${message.text()}`);
        });
        page.on('pageerror', (error) => {
          if (!expected(error.message)) problems.push(`excepción: ${error.message}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      if (testInfo.status === testInfo.expectedStatus) expect(problems, problems.join('\n')).toEqual([]);
    },
    { auto: true },
  ],
});
