import type { Page } from '@playwright/test';
import { recoveryLink } from '../support/accounts';
import { expect, refusedSubmission, test } from '../support/fixtures';
import { leadIdOf, sendCompanyMessage, signInOnPage, staffRequest } from '../support/leads';
import { heading } from '../support/site';

// Issue #32 item 3, decision 043: the account forms work with JavaScript off. The browser posts each form itself
// (urlencoded, no token, its own Origin) and gets a page or a redirect back.
test.use({ javaScriptEnabled: false, expectedConsoleErrors: refusedSubmission });

const stamp = Date.now();

async function signIn(page: Page, identity: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo / Usuario').fill(identity);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

async function expectSignedIn(page: Page, firstName: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Hola, ${firstName}`)).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
}

test('register, sign out and in, recover the password and sign in with the new one, all without JavaScript', async ({ page }) => {
  const person = { name: 'Inés', lastName: 'Sinscript', email: `ines.${stamp}@example.com`, password: 'una clave sin guiones' };

  // a refused registration: the page again, the messages in Spanish, what was typed but the passwords
  await page.goto('/registro');
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Apellido').fill(person.lastName);
  await page.getByLabel('Correo').fill(person.email);
  await page.getByLabel('Nueva contraseña').fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill('otra clave distinta');
  // the show/hide toggle needs a script: not offered
  await expect(page.getByRole('button', { name: 'Mostrar contraseña' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page).toHaveURL('/registro');
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText('Las contraseñas no coinciden');
  await expect(page.getByLabel('Confirmar contraseña')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(person.name);
  await expect(page.getByLabel('Correo')).toHaveValue(person.email);
  await expect(page.getByLabel('Nueva contraseña')).toHaveValue('');
  await expect(page).toHaveTitle(/^Error: /);
  // (axe needs a script in the page: the same form with its errors is checked in auth.spec.ts)

  await page.getByLabel('Nueva contraseña').fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill(person.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expectSignedIn(page, person.name);
  await signOut(page);

  // a wrong password: the page again with the message, the identity kept
  await signIn(page, person.email, 'no es la clave');
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Estas credenciales no coinciden con nuestros registros' })).toBeVisible();
  await expect(page.getByLabel('Correo / Usuario')).toHaveValue(person.email);
  await expect(page.getByLabel('Contraseña')).toHaveValue('');
  await signIn(page, person.email, person.password);
  await expectSignedIn(page, person.name);
  await signOut(page);

  // recovery: the one message on the page, and the link in the mail
  const link = await recoveryLink(page, person.email);

  // the reset: its message, then the browser itself goes to sign in (the answer's Refresh)
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('la clave nueva sin guiones');
  await page.getByLabel('Confirmar contraseña').fill('la clave nueva sin guiones');
  await page.getByRole('button', { name: 'Establecer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se restableció correctamente la contraseña' })).toBeVisible();
  await expect(page).toHaveURL('/login', { timeout: 15_000 });
  await signIn(page, person.email, 'la clave nueva sin guiones');
  await expectSignedIn(page, person.name);
});

test('a form posted from another site is refused and signs nobody up', async ({ page, request }) => {
  const email = `forjado.${stamp}@example.com`;
  const forged = await request.post('/registro', {
    form: {
      name: 'Forjado',
      last_name: 'Ajeno',
      email,
      password: 'una clave ajena 1',
      password_confirmation: 'una clave ajena 1',
    },
    headers: { Origin: 'https://malo.example', 'Sec-Fetch-Site': 'cross-site', Accept: 'text/html' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await signIn(page, email, 'una clave ajena 1');
  await expect(page.getByRole('link', { name: 'Estas credenciales no coinciden con nuestros registros' })).toBeVisible();
});

test('the campaign team signs in from a lead and marks it attended, without JavaScript', async ({ page, request }) => {
  const empresa = `Sin script ${stamp}`;
  await sendCompanyMessage(request, { empresa, name: 'Lucía Torres', email: `sinscript.${stamp}@example.com`, mensaje: 'Hola.' });
  const id = await leadIdOf(await staffRequest(request), empresa);
  const address = `/panel/mensajes/${id}?volver=${encodeURIComponent('/panel?estado=nuevo')}`;

  // the sign-in page carries where to go back to in the form the browser posts
  await page.goto(address);
  await expect(page).toHaveURL(`/login?volver=${encodeURIComponent(address)}`);
  await signInOnPage(page);
  await expect(page).toHaveURL(address);
  await expect(heading(page, empresa)).toBeVisible();

  await page.getByRole('button', { name: 'Marcar como atendido' }).click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole('button', { name: 'Reabrir' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Marcado como atendido por' })).toHaveCount(1);
});
