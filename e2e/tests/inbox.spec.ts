import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { register } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { heading } from '../support/site';

// The campaign team's inbox (issue #13) against the real API: a company writes through the site, the team finds and
// exports its message. A first run registers the staff account after a refused sign-in (422); the visitor's 403 is
// logged by the browser too.
test.use({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 403/ });

const stamp = Date.now();
const company = `Acción Hídrica ${stamp}`;
const message = '=SUMA(1,2) "Queremos sumarnos", con acentos: año, río, acción.';

async function sendCompanyMessage(browser: Browser) {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/aliados');
  await page.getByRole('button', { name: '¿quieres sumarte?' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Súmate como empresa' });
  await dialog.getByLabel('Empresa').fill(company);
  await dialog.getByLabel('Nombre').fill('Lucía');
  await dialog.getByLabel('Correo').fill(`lucia.${stamp}@example.com`);
  await dialog.getByLabel('Mensaje').fill(message);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mensaje enviado con éxito.' })).toBeVisible();
  await visitor.close();
}

async function searchInbox(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(term);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/panel\\?q=${encodeURIComponent(term).replace(/%20/g, '\\+')}$`));
}

test('a company writes, the campaign team finds its message by searching without accents and exports it', async ({
  page,
  browser,
  signIn,
}) => {
  await sendCompanyMessage(browser);
  await signIn();
  await page.goto('/');
  await page.getByRole('link', { name: 'Bandeja' }).first().click();
  await expect(heading(page, 'Bandeja')).toBeVisible();
  await expect(page).toHaveURL(/\/panel$/);

  await searchInbox(page, `accion hidrica ${stamp}`);
  await expect(page.getByRole('status').filter({ hasText: 'Se muestra 1 mensaje que coincide con los filtros.' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: company })).toHaveAttribute(
    'href',
    /^\/panel\/mensajes\/[0-9a-f-]{36}\?volver=%2Fpanel%3Fq%3Daccion/,
  );
  await expect(table.getByText('lucia.', { exact: false })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gota-a-gota-contactos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await file.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Fecha,Tipo,Estado,Empresa,Nombre,Apellido,Correo,Mensaje');
  expect(lines.slice(1, -1)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2},Empresa,Nuevo,${company},Lucía,,lucia\\.${stamp}@example\\.com,"'=SUMA\\(1,2\\) ""Queremos sumarnos"", con acentos: año, río, acción\\."$`,
      ),
    ),
  ]);
});

test('the filtered inbox works without JavaScript: a shared address, the form and the pages are plain links', async ({
  page,
  browser,
  signIn,
}) => {
  await signIn();
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/panel?tipo=empresa&estado=nuevo');
  await expect(heading(plain, 'Bandeja')).toBeVisible();
  await expect(plain.getByRole('combobox', { name: 'Tipo' })).toHaveValue('empresa');
  await plain.getByRole('searchbox', { name: 'Buscar' }).fill('ACCIÓN HÍDRICA');
  await plain.getByRole('button', { name: 'Filtrar' }).click();
  // the browser sends the empty dates too; the server leads it to the address the live form writes (decision 064)
  await expect(plain).toHaveURL(/\/panel\?q=ACCI%C3%93N\+H%C3%8DDRICA&tipo=empresa&estado=nuevo$/);
  await expect(plain.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('ACCIÓN HÍDRICA');
  await plain.goto('/panel?desde=2026-13-01');
  await expect(
    plain.getByRole('alert').getByRole('link', { name: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 2026-11-23.' }),
  ).toBeVisible();
  await noScript.close();
});

test('a visitor account gets the Spanish 403 page at /panel, and no Bandeja link', async ({ page }) => {
  await register(page, {
    name: 'Vera',
    lastName: 'Visitante',
    email: `vera.${stamp}@example.com`,
    password: 'Un río que nunca se seca 2026',
  });
  await expect(page.getByText('Hola, Vera')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bandeja' })).toHaveCount(0);
  const response = await page.goto('/panel');
  expect(response?.status()).toBe(403);
  await expect(heading(page, 'No tienes acceso a esta página')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});
