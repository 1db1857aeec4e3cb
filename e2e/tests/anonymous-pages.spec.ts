import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { heading, routes, waitForLive } from '../support/site';

// Decision 040: an anonymous page is the same bytes for every visitor (an edge may keep it), its CSP names the page's own
// inline scripts by their hashes, and its anti-forgery token is written by the page's first script, not the server.

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Asks until the page is kept (its first render may leave a slow remote's slot to the browser, which is never shared). */
async function untilPublic(request: APIRequestContext, path: string): Promise<void> {
  await expect.poll(async () => (await request.get(path)).headers()['cache-control']).toMatch(/^public, /);
}

test('two visitors get the same bytes of a page, with no cookie from the server, and each page fills its own token', async ({
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  await untilPublic(request, '/historias');
  const documents: Buffer[] = [];
  const tokens: string[] = [];
  for (const visitor of [await browser.newContext(), await browser.newContext()]) {
    const page = await visitor.newPage();
    for (let visit = 0; visit < 2; visit++) {
      // the second visit carries the cookie the first one's script set: still the same bytes
      const response = (await page.goto('/historias'))!;
      expect(response.status()).toBe(200);
      expect(response.headers()['set-cookie']).toBeUndefined();
      expect(response.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
      documents.push(await response.body());
    }
    await expect(heading(page, 'Historias')).toBeVisible();
    const cookie = (await visitor.cookies()).find(({ name }) => name === 'xsrf');
    expect(cookie?.sameSite).toBe('Strict');
    expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).toBe(cookie?.value);
    tokens.push(cookie!.value);
    await visitor.close();
  }
  for (const document of documents) expect(document.equals(documents[0]!)).toBe(true);
  expect(tokens[0]).not.toBe(tokens[1]);
});

test("the page's scripts are preloaded and each is fetched once, with no CSP violation", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  await watchViolations(page);
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.set(request.url(), (fetched.get(request.url()) ?? 0) + 1);
  });
  for (const route of [routes[0], routes[6]]) {
    fetched.clear();
    await page.goto(route.path);
    await expect(heading(page, route.heading)).toBeVisible();
    await waitForLive(page);
    await page.waitForLoadState('networkidle');
    // the hints the start script added once the page painted: the shell's entry and start-up chunks, and the page's remote files
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) => link.href),
    );
    expect(preloaded.length, route.path).toBeGreaterThanOrEqual(4);
    expect(
      preloaded.some((href) => /\/app\/main\.\w+\.js$/.test(href)),
      route.path,
    ).toBe(true);
    for (const href of preloaded) expect(fetched.get(href), `${route.path} ${href}`).toBe(1);
    expect(
      [...fetched].filter(([, times]) => times > 1),
      route.path,
    ).toEqual([]);
    expect(await violations(page), route.path).toEqual([]);
  }
});

test("a dialog locks the page's scrolling with its own <style>, which the CSP lets through", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the dialog is the same at every width');
  await watchViolations(page);
  await page.goto('/');
  await waitForLive(page);
  await page.getByRole('button', { name: 'CONTÁCTANOS' }).click();
  await expect(page.getByRole('dialog', { name: 'Contáctanos' })).toBeVisible();
  // Radix's scroll lock: a <style> added at run time that hides the page's overflow
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  expect(await violations(page)).toEqual([]);
  // and the dialog asked for a token the server signed: the fill time is measured from now
  await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', /^\w+\.[\w-]+\.[\w-]+$/);
});

test.describe('a script the site did not write', () => {
  // what Chromium prints when it blocks it (older versions said "Refused to execute inline script because it violates…")
  test.use({
    expectedConsoleErrors:
      /(Executing|Refused to execute) inline script (because it )?violates the following Content Security Policy directive/,
  });

  test('is blocked by the CSP and reported, while the page itself still comes alive', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
    await watchViolations(page);
    // what an injection would add to the served HTML: an inline script of its own, in the body
    await page.route('**/historias', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<div id="root">', '<script>window.__intruso = true</script><div id="root">');
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, body: html, headers });
    });
    await page.goto('/historias');
    await expect(heading(page, 'Historias')).toBeVisible();
    await waitForLive(page);
    expect(await page.evaluate(() => (window as unknown as { __intruso?: boolean }).__intruso)).toBeUndefined();
    expect(await violations(page)).toEqual(['script-src-elem inline']);
  });
});
