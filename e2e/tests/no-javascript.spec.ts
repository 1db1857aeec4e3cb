import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { repoRoot } from '../support/servers';
import { heading, routes } from '../support/site';

// A reader without JavaScript (a crawler, a blocked script, a very old phone) gets every page from the server's HTML.
test.use({ javaScriptEnabled: false });

const content = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, 'api/content', file), 'utf8')) as unknown;
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/\s+/g, ' ')
    .trim();

for (const { path: url, heading: name } of routes) {
  test(`${url} is readable without JavaScript`, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // nothing waits for a script: no loading placeholder, no hidden section
    await expect(page.getByText('Cargando...')).toHaveCount(0);
  });
}

test('a story carries its whole body, down to the last paragraph', async ({ page }) => {
  await page.goto('/historias/un-latido-en-cada-gota');
  await expect(page.getByRole('heading', { name: 'Súmate al latido' })).toBeVisible();
  await expect(page.getByText('el manual completo para hacerlo con el mismo lenguaje visual del movimiento')).toBeVisible();
});

test('the facts, the manifesto and every member are in the document', async ({ page }) => {
  await page.goto('/datos-agua');
  const members = content('members.json') as { name: string }[];
  expect(members).toHaveLength(16);
  const logos = page.getByRole('region', { name: 'Miembros' }).getByRole('img');
  await expect(logos).toHaveCount(16);
  // the image window's picture is painted from the HTML: no script has to fade it in
  await expect(page.getByRole('img', { name: 'Ilustración de un río que baja de las montañas hacia el valle' })).toHaveCSS(
    'opacity',
    '1',
  );
  for (const member of members) await expect(page.getByRole('img', { name: member.name, exact: true })).toHaveCount(1);
  await page.goto('/historias');
  const stories = (await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
  for (const fact of content('facts.json') as { html: string }[]) expect(stories).toContain(plain(fact.html).slice(0, 40));
});

test("/aliados holds every ally's name and description", async ({ page }) => {
  await page.goto('/aliados');
  const text = (await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
  const allies = content('allies.json') as { empresa: string; text: string }[];
  for (const ally of allies) {
    expect(text).toContain(ally.empresa);
    expect(text).toContain(plain(ally.text).slice(0, 60));
  }
});

test('the top bar links are plain links that load the next page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'HISTORIAS', exact: true }).click();
  await expect(page).toHaveURL('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  // the controls that need a script are not offered
  await expect(page.getByRole('button', { name: 'CONTÁCTANOS' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /modo oscuro/i })).toHaveCount(0);
});

test('on a phone the menu leads to the footer site map, whose links load the pages', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Menú: mapa del sitio' }).click();
  const siteMap = page.getByRole('navigation', { name: 'Mapa del sitio' });
  await expect(siteMap).toBeInViewport();
  await siteMap.getByRole('link', { name: 'ALIADOS', exact: true }).click();
  await expect(page).toHaveURL('/aliados');
  await expect(heading(page, 'Impulsando un cambio sostenible, una gota a la vez')).toBeVisible();
});
