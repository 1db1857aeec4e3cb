import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { axeOnPanelPages, describeStory, openStoryPreview, publishStory } from '../support/panel';
import { heading, openLive } from '../support/site';

// The campaign team publishes a story from the panel (issue #41): written in the editor, saved by itself, previewed
// through the real renderer, published, and found by a visitor on the home page, in /historias, in the search and in
// the feed. The staff account of the main server edits the stories (decision 049).

const stamp = Date.now();

async function writeStory(page: Page, title: string) {
  await openLive(page, '/panel/historias');
  await page.getByRole('link', { name: 'Nueva historia' }).click();
  await expect(heading(page, 'Nueva historia')).toBeVisible();
  const form = page.getByRole('form', { name: 'Campos de la historia' });
  await form.getByRole('textbox', { name: 'Título' }).fill(title);
  // the address is proposed from the title, without accents
  await expect(form.getByRole('textbox', { name: 'Dirección (slug)' })).toHaveValue(`la-escuela-que-cosecha-lluvia-${stamp}`);
  await form.getByLabel('Fecha', { exact: true }).fill('2026-11-28');
  await describeStory(form, {
    visibleDate: '28 de noviembre de 2026',
    summary: 'Una primaria de la Sierra Norte de Puebla junta la lluvia de sus techos para los baños y el huerto.',
    tag: 'escuelas',
  });
  await form
    .getByRole('textbox', { name: /^Imagen principal: dirección/ })
    .fill('/img/historias/cerveceria-eficiencia-hidrica.svg');
  await form
    .getByRole('textbox', { name: /^Imagen de fondo: dirección/ })
    .fill('/img/historias/cerveceria-eficiencia-hidrica-fondo.svg');
  await form.getByRole('textbox', { name: 'Texto alternativo' }).fill('Un techo con canaletas que llevan la lluvia a un tanque');
  const body = page.getByRole('textbox', { name: 'Texto de la historia' });
  await body.click();
  await page.keyboard.type('Cada lunes los alumnos miden el tanque y anotan ');
  await page.getByRole('button', { name: 'Negrita' }).click();
  await page.keyboard.type('cuántos litros');
  await page.getByRole('button', { name: 'Negrita' }).click();
  await page.keyboard.type(` juntaron. Pluviómetro ${stamp}.`);
}

test('an editor writes a story, previews it, publishes it, and a visitor finds it everywhere', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const title = `La escuela que cosecha lluvia ${stamp}`;
  await signIn();
  await writeStory(page, title);
  // the draft saves itself, and the address becomes the story's
  await expect(page.getByText(/Guardado a las \d{1,2}:\d{2}/)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/panel\/historias\/[0-9a-f-]{36}$/);
  await expect(heading(page, 'Editar la historia')).toBeVisible();

  // not public yet
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const slug = `la-escuela-que-cosecha-lluvia-${stamp}`;
  expect((await visitor.request.get(`/historias/${slug}`)).status()).toBe(404);

  // the preview: the public page through the server's renderer, with its banner, in a new tab
  const preview = await openStoryPreview(page, title);
  await expect(preview.getByRole('complementary', { name: 'Vista previa de una historia' })).toBeVisible();
  await expect(preview.getByText('cuántos litros')).toBeVisible();
  await preview.close();

  await publishStory(page);

  // a visitor finds it on its page, the home page, the list, the search and the feed
  await visitor.goto(`/historias/${slug}`);
  await expect(heading(visitor, title)).toBeVisible();
  await expect(visitor.locator('strong', { hasText: 'cuántos litros' })).toBeVisible();
  await visitor.goto('/historias');
  await expect(visitor.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await visitor.goto('/');
  await expect(visitor.getByText(title).first()).toBeAttached();
  await visitor.goto(`/buscar?q=pluviometro+${stamp}`);
  await expect(visitor.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  const feed = await visitor.request.get('/historias/feed.xml');
  expect(await feed.text()).toContain(title);
  await visitorContext.close();

  // the panel's list says it is published
  await page.goto(`/panel/historias?q=${stamp}`);
  await expect(page.getByRole('list', { name: 'Historias' }).getByRole('listitem')).toContainText(['Publicada']);
});

axeOnPanelPages("the stories' list and a new story's editor", [
  { path: '/panel/historias', title: 'Historias' },
  { path: '/panel/historias/nueva', title: 'Nueva historia' },
]);
