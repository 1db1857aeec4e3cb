import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { authPages, heading, routes, waitForLive } from '../support/site';

// Issue #41 item 3, decision 063: the panel's content editors live in a remote of their own, `mf_content`, which no
// visitor page loads. Checked on the real builds: what a visitor's browser fetches, not what a config says.

/**
 * The remote entries a page fetched while it loaded, by address, with their text. A later page of the same visit
 * revalidates an entry (304, no body): its text was read when it first came.
 */
async function remoteEntries(page: Page, path: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  const seen: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (!new URL(response.url()).pathname.endsWith('/remoteEntry.js')) return;
    if (response.status() === 200) seen.push(response.text().then((text) => void entries.set(response.url(), text)));
    else entries.set(response.url(), '');
  };
  page.on('response', onResponse);
  await page.goto(path);
  await waitForLive(page);
  await Promise.all(seen);
  page.off('response', onResponse);
  return entries;
}

/** The content pages of product §10.1: what visitors read (the account pages belong to mf-auth and its panel). */
const visitorPages = routes.filter((route) => !authPages.some((auth) => auth.path === route.path));

test('no visitor page fetches the content editors, nor a remote entry that names a panel page', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const named = new Set<string>();
  for (const route of visitorPages) {
    const entries = await remoteEntries(page, route.path);
    await expect(heading(page, route.heading)).toBeVisible();
    for (const [url, text] of entries) {
      if (text) named.add(new URL(url).pathname);
      expect(text, `${url} (en ${route.path})`).not.toMatch(/Panel\//);
    }
  }
  // the home page's widgets, the stories and the other sections: every visitor remote's entry was read
  expect([...named].sort()).toEqual(
    ['mf-allies', 'mf-campaign', 'mf-home', 'mf-stories'].map((folder) => `/mf/${folder}/remoteEntry.js`),
  );
  expect(requested.filter((path) => path.startsWith('/mf/mf-content/'))).toEqual([]);
});

test("the panel's editors come from mf-content", async ({ page, signIn }) => {
  await signIn();
  const entries = await remoteEntries(page, '/panel/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  const own = [...entries].find(([url]) => new URL(url).pathname === '/mf/mf-content/remoteEntry.js');
  expect(own?.[1]).toContain('Panel/Historias');
});
