import { expect, notFoundError, test } from '../support/fixtures';
import { heading, routes, waitForLive } from '../support/site';

for (const { path, heading: name } of routes) {
  test(`a deep link to ${path} renders its page inside the layout`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

// A file the document preloads is fetched once: the preload asks for it as the script that uses it will (with CORS for
// another origin's files), or Chromium downloads it a second time (issue #31 item 8). The cross-origin project is where
// it matters: every remote there is on another origin.
test('every script and style sheet of a page is downloaded once, its preload included', async ({ page }) => {
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType()))
      requested.set(request.url(), (requested.get(request.url()) ?? 0) + 1);
  });
  await page.goto('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  await waitForLive(page);
  const twice = [...requested].filter(([, count]) => count > 1).map(([url]) => url);
  expect(twice).toEqual([]);
  expect([...requested.keys()].some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
});

test.describe('pages that do not exist', () => {
  // The browser reports the 404 answer on the console.
  test.use({ expectedConsoleErrors: notFoundError });

  test('an unknown path answers 404 with the Spanish not-found page', async ({ page }) => {
    const response = await page.goto('/no-existe');
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'No encontramos esta página')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('an unknown story answers 404', async ({ page }) => {
    const response = await page.goto('/historias/no-existe');
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'No encontramos esta página')).toBeVisible();
  });
});
