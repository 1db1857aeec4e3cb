import { expect, test as base, type APIRequestContext, type ConsoleMessage, type Page } from '@playwright/test';
import { postJson, tokenOf } from './requests';
import { staffSecondFactor } from './second-factor';

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

/** What Chromium prints when it cannot use a header the site sent: `Error with Permissions-Policy header: …`. */
const headerWarning = /^Error with [\w-]+ header/;

/**
 * The `test` of every journey: it fails when the page logs an error to the console or throws, and a hydration
 * mismatch is such an error (shell/src/bootstrap.tsx reports every one). A warning that the browser could not use one
 * of the site's headers fails it too. Import `test` from here, never from
 * '@playwright/test' (eslint.config.js says so).
 */
export const test = base.extend<ConsoleGuardOptions & { consoleGuard: void; signIn: () => Promise<void> }>({
  expectedConsoleErrors: [/(?!)/, { option: true }], // matches nothing
  consoleGuard: [
    async ({ context, expectedConsoleErrors }, use, testInfo) => {
      const problems: string[] = [];
      const expected = (text: string) => expectedConsoleErrors.test(text);
      const watch = (page: Page) => {
        page.on('console', (message: ConsoleMessage) => {
          if (message.type() === 'error' && !expected(message.text())) problems.push(`console.error: ${message.text()}`);
          // the browser could not read one of the site's own headers (a policy naming a feature it does not know)
          if (message.type() === 'warning' && headerWarning.test(message.text()))
            problems.push(`console.warn: ${message.text()}`);
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
  /**
   * Signs the page's browser context in as the staff account without the UI: through `page.request`, which shares the
   * page's cookies, so the next page the test opens is signed in. For tests that sign in only as set-up; the specs about
   * signing in go through the login page.
   */
  signIn: async ({ page }, use) => {
    await use(async () => {
      await staffRequest(page.request);
    });
  },
});

/** The campaign team's account of the main e2e server (STAFF_EMAILS in playwright.config.ts). */
export const staff = {
  name: 'Equipo',
  lastName: 'Campaña',
  email: 'equipo@gotaagota.mx',
  password: 'una clave del equipo 2026',
} as const;

export { postJson, tokenOf } from './requests';

/**
 * Signs the staff account in on `request` (a context of its own), registering it on a fresh data folder (which outlives
 * a run), and through its second factor (decision 055: the staff account holds roles; support/second-factor.ts). Signing
 * in comes first: a success resets its throttle counter, and registering an address that is taken would count against
 * the registration limit on every test.
 */
export async function staffRequest(request: APIRequestContext): Promise<APIRequestContext> {
  const token = await tokenOf(request);
  const credentials = { email: staff.email, password: staff.password };
  let answer = await postJson(request, '/login', credentials, token);
  if (answer.status() !== 200) {
    expect(answer.status(), await answer.text()).toBe(422);
    answer = await postJson(
      request,
      '/registro',
      {
        name: staff.name,
        last_name: staff.lastName,
        email: staff.email,
        password: staff.password,
        password_confirmation: staff.password,
      },
      token,
    );
    if (answer.status() !== 201) {
      // another worker registered it a moment ago
      expect(answer.status(), await answer.text()).toBe(422);
      answer = await postJson(request, '/login', credentials, token);
      expect(answer.status(), await answer.text()).toBe(200);
    }
  }
  await staffSecondFactor(request, answer, credentials);
  return request;
}
