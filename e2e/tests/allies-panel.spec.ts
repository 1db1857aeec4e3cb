import type { Page } from '@playwright/test';
import { expect, refusedSubmission, test } from '../support/fixtures';
import { leadIdOf, sendCompanyMessage } from '../support/leads';
import { expectNoAxeViolations, heading, waitForLive } from '../support/site';

// A company that wrote through «¿quieres sumarte?» becomes an ally from its lead's page, with an uploaded logo, and a
// visitor sees it on /aliados and on the home page's strip (issue #42 item 1, decision 060). Other specs read the
// allies as the files have them: the change is taken back at the end by restoring the revision before it.

// the SVG with code is refused on purpose (422): the browser logs the status
test.use({ expectedConsoleErrors: refusedSubmission });

const stamp = Date.now();
const company = `Riego Justo ${stamp}`;
const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 286" width="400" height="286"><rect width="400" height="286" fill="#0a5"/><circle cx="200" cy="143" r="90" fill="#fff"/></svg>';
const scripted =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><rect width="40" height="40"/></svg>';

async function chooseLogo(page: Page, row: ReturnType<Page['getByRole']>, svg: string) {
  await row
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
}

test('an editor turns a lead into an ally with a logo, and a visitor sees it on /aliados and the home strip', async ({
  page,
  browser,
  request,
  signIn,
}) => {
  test.setTimeout(150_000);
  await sendCompanyMessage(request, {
    empresa: company,
    name: 'Marta Gil',
    email: `marta${stamp}@riegojusto.example`,
    mensaje: 'Firmamos la alianza: queremos aparecer en el sitio.',
  });
  await signIn();
  const leadId = await leadIdOf(page.request, company);

  await page.goto(`/panel/mensajes/${leadId}`);
  await waitForLive(page);
  await page.getByRole('link', { name: 'Convertir en aliado' }).click();
  await expect(heading(page, 'Aliados y miembros')).toBeVisible();
  await waitForLive(page);
  const row = page.getByRole('group', { name: `Aliado 1: ${company}` });
  await expect(row.getByRole('textbox', { name: 'Nombre' })).toHaveValue(company);

  // an SVG with code is refused with its reason; a clean one is taken
  await chooseLogo(page, row, scripted);
  await expect(row.getByText(/El logotipo SVG trae código/).first()).toBeVisible();
  await chooseLogo(page, row, logo);
  await expect(row.getByText('Logotipo subido. Se publica al guardar.')).toBeVisible();
  await row.getByRole('textbox', { name: /Descripción/ }).fill('Riego por goteo para pequeños productores del Bajío.');
  await row.getByRole('textbox', { name: /Enlace a su sitio/ }).fill('https://riegojusto.example');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('Aliados y miembros publicados: ya los ven los visitantes.')).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/aliados');
  const onAllies = visitor.getByRole('img', { name: company }).first();
  await expect(onAllies).toBeAttached();
  await expect(onAllies).toHaveAttribute('src', /^\/media\/[0-9a-f-]+\/full-\d+\.[0-9a-f]{12}\.webp$/);
  await visitor.goto('/');
  await expect(visitor.getByRole('img', { name: company }).first()).toBeAttached();
  await visitorContext.close();

  // dragged with the mouse below the next ally, it comes after it on /aliados
  await page.goto('/panel/aliados');
  await waitForLive(page);
  const next = await page
    .getByRole('group', { name: /^Aliado 2: / })
    .getByRole('textbox', { name: 'Nombre' })
    .inputValue();
  // a tall window, so that both rows' handles are on screen at once
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.getByRole('button', { name: 'Arrastrar el aliado 1', exact: true }).scrollIntoViewIfNeeded();
  const from = (await page.getByRole('button', { name: 'Arrastrar el aliado 1', exact: true }).boundingBox())!;
  const to = (await page.getByRole('button', { name: 'Arrastrar el aliado 2', exact: true }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 8, { steps: 16 });
  await page.mouse.up();
  await expect(page.getByText(/^Aliado 1 movido a la posición 2 de \d+\.$/)).toBeVisible();
  await expect(page.getByRole('group', { name: `Aliado 2: ${company}` })).toBeVisible();
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('Aliados y miembros publicados: ya los ven los visitantes.')).toBeVisible();
  const reader = await browser.newContext();
  const reading = await reader.newPage();
  await reading.goto('/aliados');
  const names = await reading.locator('main img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
  expect(names.indexOf(company)).toBeGreaterThan(names.indexOf(next));
  expect(names.indexOf(next)).toBeGreaterThanOrEqual(0);
  await reader.close();

  // the lead says which ally it became
  await page.goto(`/panel/mensajes/${leadId}`);
  await expect(page.getByText(`Convertido en aliado: ${company}`)).toBeVisible();
  await expect(page.getByRole('link', { name: company })).toHaveAttribute('href', '/panel/aliados');

  // back as the files have them, for the other specs
  await page.goto('/panel/aliados');
  await waitForLive(page);
  // the newest revision is on screen; the next two are the new ally at the top, then the files'
  await page
    .getByRole('button', { name: /^Restaurar la revisión \d+ de los aliados y miembros$/ })
    .nth(1)
    .click();
  await expect(page.getByText(/Se restauró la revisión \d+: ya la ven los visitantes\./)).toBeVisible();
});
