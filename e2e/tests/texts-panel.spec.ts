import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, openLive, restorePreviousRevision } from '../support/site';

// The campaign team changes «Quiénes somos»' text and its title from the panel (issue #42 item 5, decision 062), adds a
// paragraph to the mission and removes another, and a visitor sees it all at once: the paragraphs on the page, the title
// in the browser's tab. Other specs read the page as the files have it: the change is taken back at the end by restoring
// the revision before it.

const stamp = Date.now();

test('an editor changes «Quiénes somos»’ title, adds a paragraph and removes another, and a visitor sees it', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await openLive(page, '/panel/textos/quienes-somos', 'Textos de las páginas');

  // the title's count follows the typing; one over its limit is refused on its field and nothing is sent
  const title = page.getByRole('textbox', { name: 'Título', exact: true }).first();
  await title.fill('Q'.repeat(71));
  await expect(page.getByText('71 de 70 caracteres: sobran 1').first()).toBeVisible();
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('El título no debe pasar de 70 caracteres').first()).toBeVisible();

  const newTitle = `Quiénes somos ${stamp} · Gota a Gota`;
  await title.fill(newTitle);
  await expect(page.getByText(`${[...newTitle].length} de 70 caracteres`).first()).toBeVisible();
  // the mission gains two paragraphs and loses the one it had: a new first and second paragraph
  const mission = page.getByRole('group', { name: 'Misión' });
  const original = await mission.getByRole('textbox', { name: 'Párrafo 1' }).inputValue();
  const first = `Cuidar el agua de México, una acción a la vez ${stamp}.`;
  const second = `Con datos y sin miedo, en cada casa y cada empresa ${stamp}.`;
  for (const [name, text] of [
    ['Párrafo 2', first],
    ['Párrafo 3', second],
  ] as const) {
    await mission.getByRole('button', { name: 'Añadir párrafo a «Misión»' }).click();
    await expect(mission.getByRole('textbox', { name })).toBeFocused();
    await page.keyboard.type(text);
  }
  await mission.getByRole('button', { name: 'Quitar párrafo 1 de «Misión»' }).click();
  await expect(mission.getByRole('textbox', { name: 'Párrafo 1' })).toHaveValue(first);
  await expect(mission.getByRole('textbox', { name: 'Párrafo 3' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('Textos de «Quiénes somos» publicados: ya los ven los visitantes.')).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/quienes-somos');
  await expect(visitor).toHaveTitle(newTitle);
  const card = visitor.getByRole('region', { name: 'Misión' });
  await expect(card.locator('p')).toHaveText([first, second]);
  await expect(visitor.getByText(original)).toHaveCount(0);
  await visitorContext.close();

  // back as the files have them, for the other specs
  await restorePreviousRevision(page, 'los textos de Quiénes somos');
});

test('axe finds no violations on «Textos de las páginas»', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn();
  for (const name of ['quienes-somos', 'blog']) {
    await openLive(page, `/panel/textos/${name}`, 'Textos de las páginas');
    await expectNoAxeViolations(page);
  }
});
