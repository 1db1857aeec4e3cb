import { expect, test } from '../support/fixtures';
import { openLive, restorePreviousRevision } from '../support/site';

// «Vista previa» of a content set (issue #42 item 6, decision 066): an editor changes a paragraph of «Campaña», sees
// it on the page in a new tab before saving while visitors still read the old one, then saves and visitors read it.
// Other specs read the page as the files have it: the change is taken back at the end by restoring the revision before
// it. «Campaña», not «Quiénes somos»: texts-panel.spec.ts edits that page, and the two may run at once (two workers).

const stamp = Date.now();

test('an editor previews a new paragraph of «Campaña», visitors see it only once it is saved', async ({
  page,
  browser,
  context,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await openLive(page, '/panel/textos/descargas', 'Textos de las páginas');

  const sentence = `Un gesto de las manos, visto antes de publicarlo ${stamp}.`;
  await page.getByRole('group', { name: 'La campaña' }).getByRole('textbox', { name: 'Párrafo 1' }).fill(sentence);
  const [preview] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Vista previa (se abre en una pestaña nueva)' }).click(),
  ]);
  await preview.waitForLoadState();
  expect(new URL(preview.url()).pathname).toMatch(/^\/panel\/vista-previa\/[0-9a-f-]{36}\/descargas$/);
  await expect(preview.getByText(sentence)).toBeVisible();
  await expect(preview.getByRole('complementary', { name: 'Vista previa sin guardar' })).toContainText(
    'los visitantes siguen viendo lo publicado',
  );
  await expect(page.getByRole('link', { name: 'abrirla (se abre en una pestaña nueva)' })).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/campana');
  await expect(visitor).toHaveTitle(/Campaña Gota a Gota/);
  await expect(visitor.getByText(sentence)).toHaveCount(0);

  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('Textos de «Campaña» publicados: ya los ven los visitantes.')).toBeVisible();
  // the content reaches every instance within 2 s (decision 059)
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByText(sentence)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await visitorContext.close();

  // back as the files have them, for the other specs
  await restorePreviousRevision(page, 'los textos de Campaña');
});
