import type { Page } from '@playwright/test';
import { recoveryLink, register, signInAnswer, spendSignInAttempts } from '../support/accounts';
import { expect, refusedSubmission, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { authPages, expectNoAxeViolations, heading, holdShellScripts, routes, waitForLive } from '../support/site';

// These journeys send wrong passwords and incomplete forms on purpose: the browser logs each 422 and 429 it gets.
test.use({ expectedConsoleErrors: refusedSubmission });

// Journeys against the real API: accounts in the database, mail in the outbox folder. Every run uses new addresses.
const stamp = Date.now();
const wrongCredentials = 'Estas credenciales no coinciden con nuestros registros';

async function signIn(page: Page, identity: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo / Usuario').fill(identity);
  await page.getByLabel('Contraseña').fill(password);
  // Enter submits (product §2)
  await page.getByLabel('Contraseña').press('Enter');
}

async function expectSignedIn(page: Page, firstName: string) {
  await expect(heading(page, routes[0].heading)).toBeVisible();
  await expect(page.getByText(`Hola, ${firstName}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
}

test('register, sign out, sign in with the username and with the email, then a wrong password', async ({ page }) => {
  const person = { name: 'Renata', lastName: 'Prueba', email: `renata.${stamp}@example.com`, password: 'una clave larga 1' };
  await register(page, person);
  await expectSignedIn(page, 'Renata');
  await signOut(page);

  // the username comes in the welcome email (docs/decisions/002-usernames.md)
  const welcome = await waitForMail(person.email, /usuario: /);
  const username = /usuario: (\S+)/.exec(welcome.text)?.[1] ?? '';
  expect(username).toMatch(/^renata\.prueba\d*$/);

  await signIn(page, username, person.password);
  await expectSignedIn(page, 'Renata');
  await signOut(page);

  await signIn(page, person.email, person.password);
  await expectSignedIn(page, 'Renata');
  await signOut(page);

  await signIn(page, person.email, 'no es la clave');
  await expect(page.getByRole('link', { name: wrongCredentials })).toBeVisible();
  await expect(page.getByLabel('Correo / Usuario')).toHaveAttribute('aria-invalid', 'true');
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
});

test('a registration sent before the page is live is posted by the browser and answered by the server, never with the password in the address', async ({
  page,
}) => {
  // the visitor fills and sends the server's form before anything has hydrated: the platform sends it (decision 064)
  const releaseScripts = await holdShellScripts(page);
  const addresses: string[] = [];
  const posted: string[] = [];
  page.on('request', (request) => {
    addresses.push(request.url());
    if (request.method() === 'POST' && request.isNavigationRequest()) posted.push(new URL(request.url()).pathname);
  });

  const person = { name: 'Lucía', lastName: 'Temprano', email: `lucia.${stamp}@example.com`, password: 'una clave temprana' };
  await register(page, person, 'commit');
  releaseScripts();

  await expectSignedIn(page, person.name);
  // one native post of the page's form, not a script's request
  expect(posted).toEqual(['/registro']);
  expect(addresses.filter((address) => address.includes('temprana'))).toEqual([]);
});

test('what is typed before the page is live stays in the fields, and is what the live form sends', async ({ page }) => {
  const person = { name: 'Olga', lastName: 'Temprana', email: `olga.${stamp}@example.com`, password: 'una clave escrita antes' };
  await register(page, person);
  await expectSignedIn(page, person.name);
  await signOut(page);

  // the visitor types into the server's form while the scripts are held back (decision 064: typed text is kept)
  const releaseScripts = await holdShellScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Correo / Usuario').fill(person.email);
  await page.getByLabel('Contraseña').fill(person.password);
  releaseScripts();
  await waitForLive(page);
  await expect(page.getByLabel('Correo / Usuario')).toHaveValue(person.email);

  const answered = signInAnswer(page);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  // the script's request, with what was typed before hydration in the form's state
  const answer = await answered;
  expect(answer.request().isNavigationRequest()).toBe(false);
  expect(answer.status()).toBe(200);
  await expectSignedIn(page, person.name);
});

test('the sixth attempt in a minute on one account says to wait', async ({ page }) => {
  // a dedicated identity: the per-identity limit is 5 a minute
  const submit = await spendSignInAttempts(page, `limite.${stamp}@example.com`);
  await submit.click();
  await expect(page.getByText('Demasiados intentos, espera un minuto').first()).toBeVisible();
});

test('recover the password through the link in the mail, then sign in with the new one', async ({ page }) => {
  const person = { name: 'Tomás', lastName: 'Recupera', email: `tomas.${stamp}@example.com`, password: 'la clave de antes' };
  await register(page, person);
  await expectSignedIn(page, 'Tomás');
  await signOut(page);

  await page.goto(await recoveryLink(page, person.email));
  await expect(heading(page, 'Nueva contraseña')).toBeVisible();
  // the script's journey (messages in place, the button busy during the countdown): before the page is live the browser
  // would post the form itself and get the server's page instead (decision 064)
  await waitForLive(page);
  await page.getByLabel('Nueva contraseña').fill('la clave de ahora');
  await page.getByLabel('Confirmar contraseña').fill('la clave de otro día');
  await page.getByRole('button', { name: 'Establecer' }).click();
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText('Las contraseñas no coinciden');
  await page.getByLabel('Confirmar contraseña').fill('la clave de ahora');
  await page.getByRole('button', { name: 'Establecer' }).click();
  await expect(page.getByText(/Se restableció correctamente la contraseña, Redirigiendo en [1-5] s/)).toBeVisible();
  // the mismatch of the first attempt no longer shows, neither in the summary nor in an alert over the countdown (#16 row 4)
  await expect(page.getByText('Las contraseñas no coinciden').filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Establecer' })).toHaveAttribute('aria-busy', 'true');
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible({ timeout: 10_000 });

  await signIn(page, person.email, 'la clave de antes');
  await expect(page.getByRole('link', { name: wrongCredentials })).toBeVisible();
  await signIn(page, person.email, 'la clave de ahora');
  await expectSignedIn(page, 'Tomás');
});

// Each form as it loads is checked in a11y.spec.ts (both themes, both widths); here, with the errors of an empty send.
for (const theme of ['light', 'dark'] as const) {
  for (const auth of authPages) {
    test(`${auth.path} has no axe violations with the errors of an empty form (${theme})`, async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
      await page.goto(auth.path);
      await expect(heading(page, auth.heading)).toBeVisible();
      await page.getByRole('button', { name: auth.submit }).click();
      await expect(page.getByRole('alert', { name: 'Hay un problema' })).toBeFocused();
      await expectNoAxeViolations(page);
    });
  }
}

test('the password toggles show and hide what was typed', async ({ page }) => {
  await page.goto('/registro');
  const password = page.getByLabel('Nueva contraseña');
  await password.fill('secreto-largo');
  const show = page.getByRole('button', { name: 'Mostrar contraseña' }).first();
  await expect(show).toHaveAttribute('aria-pressed', 'false');
  await show.click();
  await expect(password).toHaveAttribute('type', 'text');
  const hide = page.getByRole('button', { name: 'Ocultar contraseña' });
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await hide.click();
  await expect(password).toHaveAttribute('type', 'password');
});
