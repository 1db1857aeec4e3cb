import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import path from 'node:path';
import { tmpDir } from '../support/servers';
import { expectSameDocument, heading, markDocument, routes, scrollThrough } from '../support/site';

// Issue #16 row 9: the facts and manifesto page, signing in and registration were linked from nowhere, and the
// campaign-video link opened the channel. A visitor reaches each by clicking, starting from the home page.

/**
 * Starting from the home page, clicks each link in turn and expects the page it leads to: its heading and its address.
 * Every click is a client-side navigation, so the visitor stays in the document the home page loaded.
 */
async function clickFromHome(page: Page, clicks: readonly { link: Locator; heading: string; path: string }[]): Promise<void> {
  await page.goto('/');
  await expect(heading(page, routes[0].heading)).toBeVisible();
  await markDocument(page);
  for (const click of clicks) {
    await click.link.click();
    await expect(heading(page, click.heading)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${click.path}$`));
  }
  await expectSameDocument(page);
}

function siteMapLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Mapa del sitio' }).getByRole('link', { name });
}

test('the facts and manifesto page is reached from the footer and from the stories page', async ({ page }) => {
  await clickFromHome(page, [
    { link: siteMapLink(page, 'DATOS SOBRE EL AGUA'), heading: 'Manifiesto', path: '/datos-agua' },
    {
      link: page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'HISTORIAS' }),
      heading: 'Historias',
      path: '/historias',
    },
    {
      link: page.getByRole('link', { name: 'Lee el manifiesto y conoce a los miembros' }),
      heading: 'Manifiesto',
      path: '/datos-agua',
    },
  ]);
});

test('signing in is in the footer, and registration is one click from it', async ({ page }) => {
  await clickFromHome(page, [
    { link: siteMapLink(page, 'INICIAR SESIÓN'), heading: 'Iniciar Sesión', path: '/login' },
    { link: page.getByRole('link', { name: 'Crear una cuenta' }), heading: 'Registro', path: '/registro' },
  ]);
});

test("the campaign story's video link leads to a video, not to the channel", async ({ page }) => {
  await page.goto('/historias/un-latido-en-cada-gota');
  const video = page.getByRole('link', { name: 'ver el video de la campaña' });
  await expect(video).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test(`screenshots of the new links (${theme}, ${width} px)`, async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.goto('/historias');
      await scrollThrough(page);
      const more = page.getByRole('link', { name: 'Lee el manifiesto y conoce a los miembros' });
      await more.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(tmpDir, 'screens', `facts-link-${theme}-${width}.png`) });
      await page.getByRole('contentinfo').screenshot({ path: path.join(tmpDir, 'screens', `footer-${theme}-${width}.png`) });
    });
  }
}
