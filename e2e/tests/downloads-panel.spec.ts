import { unzipSync } from 'fflate';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, heading, waitForLive } from '../support/site';

// The campaign team replaces a file of the kit from the panel (issue #42 item 4, decision 061), and a visitor downloads
// the new version from /campana at once, alone and inside the kit's ZIP. Other specs read the kit as the files have it:
// the change is taken back at the end by restoring the revision before it.

const stamp = Date.now();
// the program renamed .txt is answered 415, which the browser prints
test.use({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 415/ });

test('an editor replaces a kit file, and a visitor downloads the new one from /campana', async ({ page, browser, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  await page.goto('/panel/descargas');
  await waitForLive(page);
  await expect(heading(page, 'Descargas')).toBeVisible();
  await expectNoAxeViolations(page);

  // a program renamed .txt is refused by what it is, under the file's field
  const readme = page.getByRole('group', { name: /^Archivo \d+: LEEME\.txt/ });
  await readme.getByRole('button', { name: 'Subir versión nueva de «Léeme»' }).click();
  await expect(page.getByRole('combobox', { name: 'Qué subes' })).toHaveValue('leeme');
  const picker = page.locator('#kit-archivo');
  await picker.setInputFiles({ name: 'LEEME.txt', mimeType: 'text/plain', buffer: Buffer.from('#!/bin/sh\necho hola\n') });
  await page.getByRole('button', { name: 'Subir y publicar' }).click();
  await expect(
    page.getByText('Es un programa (ejecutable o script), aunque su nombre diga otra cosa: el kit no admite programas.'),
  ).toBeVisible();

  // the new version: published at once
  const text = `Léeme del kit, versión ${stamp}.\n`;
  await picker.setInputFiles({ name: 'LEEME.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByRole('form', { name: 'Subir un archivo' }).getByRole('textbox', { name: 'Título' }).fill(`Léeme ${stamp}`);
  await page.getByRole('button', { name: 'Subir y publicar' }).click();
  await expect(page.getByText(`«Léeme ${stamp}» ya está en el kit: los visitantes lo descargan desde /campana.`)).toBeVisible();
  await expect(page.getByRole('group', { name: /^Archivo \d+: LEEME\.txt/ }).getByText('Versiones anteriores (1)')).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/campana');
  const link = visitor.getByRole('link', { name: `Léeme ${stamp}` });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([visitor.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('LEEME.txt');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
  const archive = await visitor.request.get((await visitor.getByRole('link', { name: 'DESCARGAR' }).getAttribute('href'))!);
  expect(archive.headers()['cache-control']).toContain('immutable');
  const entries = unzipSync(new Uint8Array(await archive.body()));
  expect(Buffer.from(entries['manual-de-uso-un-latido-en-cada-gota/LEEME.txt']!).toString('utf8')).toBe(text);
  await visitorContext.close();

  // back as the files have it, for the other specs
  await page
    .getByRole('button', { name: /^Restaurar la revisión \d+ de los archivos del kit$/ })
    .first()
    .click();
  await expect(page.getByText(/Se restauró la revisión \d+: ya la ven los visitantes\./)).toBeVisible();
});
