import { expect, test as base, type ConsoleMessage, type Page } from '@playwright/test';

export { expect };

/** One pattern that matches whatever any of `patterns` matches. */
export function anyOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}

export interface ConsoleGuardOptions {
  /**
   * The console errors a test expects (a remote it made unreachable, a 404 page it asked for), as one pattern
   * (`anyOf(…)` joins several). Everything else fails the test. A single RegExp, not a list: `test.use` reads an array
   * as a fixture's [value, options] pair.
   */
  expectedConsoleErrors: RegExp;
}

/** The console error a document answered 404 prints: expected by the tests that ask for a page that does not exist. */
export const notFoundError = /Failed to load resource: the server responded with a status of 404/;

/**
 * The console errors the browser prints when a form is refused on purpose by a test: 419 (expired anti-forgery token),
 * 422 (invalid fields), 429 (too many attempts). The page shows the Spanish message; the browser still logs the status.
 */
export const refusedSubmission = /Failed to load resource: the server responded with a status of 4(19|22|29)/;

/**
 * The `test` of every journey: it fails when the page logs an error to the console or throws, and a hydration
 * mismatch is such an error (shell/src/bootstrap.tsx reports every one). Import `test` from here, never from
 * '@playwright/test' (eslint.config.js says so).
 */
export const test = base.extend<ConsoleGuardOptions & { consoleGuard: void }>({
  expectedConsoleErrors: [/(?!)/, { option: true }], // matches nothing
  consoleGuard: [
    async ({ context, expectedConsoleErrors }, use, testInfo) => {
      const problems: string[] = [];
      const expected = (text: string) => expectedConsoleErrors.test(text);
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
