import { expect, test } from '../support/fixtures';
import path from 'node:path';
import { tmpDir } from '../support/servers';
import { expectSameDocument, heading, markDocument, routes, scrollThrough } from '../support/site';

// Issue #16 row 9: the facts and manifesto page, signing in and registration were linked from nowhere, and the
// campaign-video link opened the channel. A visitor reaches each by clicking, starting from the home page.
test('the facts and manifesto page is reached from the footer and from the stories page', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page, routes[0].heading)).toBeVisible();
  await markDocument(page);
  const siteMap = page.getByRole('navigation', { name: 'Mapa del sitio' });
  await siteMap.getByRole('link', { name: 'DATOS SOBRE EL AGUA' }).click();
  await expect(heading(page, 'Manifiesto')).toBeVisible();
  await expect(page).toHaveURL(/\/datos-agua$/);

  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'HISTORIAS' }).click();
  await expect(heading(page, 'Historias')).toBeVisible();
  await page.getByRole('link', { name: 'Lee el manifiesto y conoce a los miembros' }).click();
  await expect(heading(page, 'Manifiesto')).toBeVisible();
  await expectSameDocument(page);
});

test('signing in is in the footer, and registration is one click from it', async ({ page }) => {
  await page.goto('/');
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Mapa del sitio' }).getByRole('link', { name: 'INICIAR SESIÓN' }).click();
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
  await page.getByRole('link', { name: 'Crear una cuenta' }).click();
  await expect(heading(page, 'Registro')).toBeVisible();
  await expectSameDocument(page);
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
