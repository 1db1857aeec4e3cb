import { anyOf, expect, notFoundError, refusedSubmission, test } from '../support/fixtures';
import { newLead, sendStaffPassword, signInOnPage, staff, staffRequest } from '../support/leads';
import { heading, waitForLive } from '../support/site';

// After a deletion the lead's address answers 404 on purpose, and a sign-in sent with a token another tab replaced
// answers 419: the browser logs both.
test.use({ expectedConsoleErrors: anyOf(notFoundError, refusedSubmission) });

const stamp = Date.now();
const inboxView = '/panel?estado=nuevo';

test('an anonymous visitor opening a lead is sent to sign in and lands back on it', async ({ page, request }) => {
  const empresa = `Regreso ${stamp}`;
  const id = await newLead(request, { empresa, name: 'Lucía Torres', email: `regreso.${stamp}@example.com`, mensaje: 'Hola.' });

  const address = `/panel/mensajes/${id}?volver=${encodeURIComponent(inboxView)}`;
  await page.goto(address);
  await expect(page).toHaveURL(`/login?volver=${encodeURIComponent(address)}`);
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
  await signInOnPage(page);
  await expect(page).toHaveURL(address);
  await expect(heading(page, empresa)).toBeVisible();
  await expect(page.getByRole('link', { name: /Volver a la bandeja/ })).toHaveAttribute('href', inboxView);
});

test('signing in from a lead that is gone lands back on its address, with the not-found page', async ({ page, request }) => {
  await staffRequest(request); // the account exists
  const address = '/panel/mensajes/00000000-0000-4000-8000-000000000000';
  await page.goto(address);
  await expect(page).toHaveURL(`/login?volver=${encodeURIComponent(address)}`);
  await signInOnPage(page);
  await expect(page).toHaveURL(address);
  await expect(heading(page, 'No encontramos esta página')).toBeVisible();
});

test('signed in on another tab meanwhile: the stale sign-in asks to reload, and the reload goes straight on', async ({
  page,
  context,
  request,
}) => {
  await staffRequest(request); // the account exists
  const address = '/panel/mensajes/00000000-0000-4000-8000-000000000001';
  await page.goto(address);
  await expect(page).toHaveURL(`/login?volver=${encodeURIComponent(address)}`);
  const other = await context.newPage();
  await other.goto('/login');
  await signInOnPage(other);
  await expect(other).toHaveURL('/');
  await other.close();

  // the password of a page loaded before: refused (its token was bound to no session), so no second step
  await sendStaffPassword(page);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /recarga la página/i })
      .first(),
  ).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(heading(page, 'No encontramos esta página')).toBeVisible();
});

test('an off-site return address after signing in goes home', async ({ page, request }) => {
  await staffRequest(request); // the account exists
  await page.goto(`/login?volver=${encodeURIComponent('//malo.example/panel')}`);
  await signInOnPage(page);
  await expect(page).toHaveURL('/');
});

test('a staff member reads a lead, marks it attended, reopens it and deletes it, then is back in the inbox', async ({
  page,
  request,
}) => {
  const empresa = `Cuenca Viva ${stamp}`;
  const mensaje = 'Queremos sumarnos a la campaña.\nTenemos 3 plantas en Jalisco.';
  const id = await newLead(request, { empresa, name: 'Sofía Ramírez', email: `sofia.${stamp}@example.com`, mensaje });

  await page.goto('/login');
  await signInOnPage(page);
  await expect(page.getByText(`Hola, ${staff.name}`)).toBeVisible();
  const address = `/panel/mensajes/${id}?volver=${encodeURIComponent(inboxView)}`;
  await page.goto(address);
  await expect(heading(page, empresa)).toBeVisible();
  // the live page changes the status in place and keeps the focus: before hydration the button is a native post
  // (decision 064), whose answer is a new page
  await waitForLive(page);
  await expect(page.locator('dd').filter({ hasText: 'Tenemos 3 plantas' })).toHaveText(mensaje);
  await expect(page.getByRole('link', { name: 'Responder' })).toHaveAttribute(
    'href',
    `mailto:sofia.${stamp}@example.com?subject=${encodeURIComponent(`Gota a Gota: ${empresa}`)}`,
  );
  await expect(page.getByText('Nadie del equipo lo ha atendido todavía.')).toBeVisible();

  // mark attended: the status and the history come back from the server, the focus stays on the button
  const toggle = page.getByRole('button', { name: 'Marcar como atendido' });
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: 'Mensaje marcado como atendido.' })).toBeVisible();
  const reopen = page.getByRole('button', { name: 'Reabrir' });
  await expect(reopen).toBeFocused();
  const history = page.getByRole('region', { name: 'Historial' }).getByRole('listitem');
  await expect(history).toHaveText([
    new RegExp(`^Marcado como atendido por ${staff.name} · \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d$`),
  ]);
  await expect(page).toHaveURL(address);

  // reopen with the keyboard
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Marcar como atendido' })).toBeVisible();
  await expect(history).toHaveText([/^Marcado como atendido por /, new RegExp(`^Reabierto por ${staff.name} · `)]);

  // delete: NO keeps it, SI removes it and goes back to the inbox view it was opened from
  const remove = page.getByRole('button', { name: `Eliminar el mensaje de ${empresa}` });
  await remove.click();
  await expect(page.getByText('¿Estás seguro?')).toBeVisible();
  await page.getByRole('button', { name: 'NO', exact: true }).click();
  await expect(page.getByText('¿Estás seguro?')).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await page.getByRole('button', { name: 'SI', exact: true }).click();
  await expect(page).toHaveURL(inboxView);
  await expect(page.getByRole('status').filter({ hasText: 'Mensaje eliminado.' })).toBeVisible();

  // gone for good
  const gone = await page.goto(`/panel/mensajes/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(heading(page, 'No encontramos esta página')).toBeVisible();
});
