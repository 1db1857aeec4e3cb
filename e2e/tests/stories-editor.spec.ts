import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, heading, waitForLive } from '../support/site';

// The campaign team publishes a story from the panel (issue #41): written in the editor, saved by itself, previewed
// through the real renderer, published, and found by a visitor on the home page, in /historias, in the search and in
// the feed. The staff account of the main server edits the stories (decision 049).

const stamp = Date.now();

async function writeStory(page: Page, title: string) {
  await page.goto('/panel/historias');
  await waitForLive(page);
  await page.getByRole('link', { name: 'Nueva historia' }).click();
  await expect(heading(page, 'Nueva historia')).toBeVisible();
  const form = page.getByRole('form', { name: 'Campos de la historia' });
  await form.getByRole('textbox', { name: 'Título' }).fill(title);
  // the address is proposed from the title, without accents
  await expect(form.getByRole('textbox', { name: 'Dirección (slug)' })).toHaveValue(`la-escuela-que-cosecha-lluvia-${stamp}`);
  await form.getByRole('textbox', { name: 'Fecha visible' }).fill('28 de noviembre de 2026');
  await form.getByLabel('Fecha', { exact: true }).fill('2026-11-28');
  await form
    .getByRole('textbox', { name: 'Resumen' })
    .fill('Una primaria de la Sierra Norte de Puebla junta la lluvia de sus techos para los baños y el huerto.');
  const tags = form.getByRole('textbox', { name: 'Etiquetas' });
  await tags.fill('escuelas');
  await tags.press('Enter');
  await expect(form.getByRole('button', { name: 'Quitar la etiqueta ESCUELAS' })).toBeVisible();
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
  context,
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
  const [preview] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Vista previa (se abre en una pestaña nueva)' }).click(),
  ]);
  await expect(preview.getByRole('complementary', { name: 'Vista previa de una historia' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByText('cuántos litros')).toBeVisible();
  await preview.close();

  await page
    .getByRole('region', { name: 'Acciones de la historia' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  await expect(page.getByText('Historia publicada: ya la ven los visitantes.')).toBeVisible();

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

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the stories' list and a new story's editor in the ${theme} theme`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
    await signIn();
    await page.goto('/panel/historias');
    await expect(heading(page, 'Historias')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/panel/historias/nueva');
    await expect(heading(page, 'Nueva historia')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
