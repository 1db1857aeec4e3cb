import { register, signInAnswer, spendSignInAttempts } from '../support/accounts';
import { expect, refusedSubmission, test } from '../support/fixtures';
import { heading, routes, waitForLive } from '../support/site';

// These journeys send refused forms on purpose: the browser logs each 4xx they get.
test.use({ expectedConsoleErrors: refusedSubmission });

// Issue #16 rows 4 and 6: what an auth form says after a failure, and that an old failure's message does not outlive
// the next attempt.
const stamp = Date.now();
const visible = { visible: true } as const;

test('an expired anti-forgery token asks, in Spanish, to reload the page (419)', async ({ page }) => {
  await page.goto('/login');
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
  // the script's sending is what reads the token: before the page is live the browser posts the form itself, and a
  // native post carries no token (decisions 043, 064)
  await waitForLive(page);
  // what a tab left open past its session holds: a token the server no longer accepts
  await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', 'caducado'));
  await page.getByLabel('Correo / Usuario').fill('alguien@example.com');
  await page.getByLabel('Contraseña').fill('una clave cualquiera');
  const answered = signInAnswer(page);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  expect((await answered).status()).toBe(419);
  const line = 'Error 419, No te reconocemos, por favor recarga la página.';
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText(line);
  await expect(page.getByText(line).filter(visible).first()).toBeVisible();
  await expect(page.getByText(/unknown|Page Expired/i)).toHaveCount(0);
});

test('a registration that succeeds after a failed one leaves no error on the page it leads to', async ({ page }) => {
  const short = 'La contraseña debe tener al menos 8 caracteres';
  await register(page, { name: 'Lucía', lastName: 'Intenta', email: `lucia.${stamp}@example.com`, password: 'corta' });
  await expect(page.getByRole('alert').filter({ hasText: short }).first()).toBeVisible();

  await page.getByLabel('Nueva contraseña').fill('una clave larga 1');
  await page.getByLabel('Confirmar contraseña').fill('una clave larga 1');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(heading(page, routes[0].heading)).toBeVisible();
  await expect(page.getByText(short).filter(visible)).toHaveCount(0);
});

test('after wrong credentials, the throttle message stands alone', async ({ page }) => {
  const wrong = 'Estas credenciales no coinciden con nuestros registros';
  const tooMany = 'Demasiados intentos, espera un minuto';
  // the per-identity limit is 5 a minute: the sixth attempt is throttled
  const submit = await spendSignInAttempts(page, `solo.${stamp}@example.com`);
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText(wrong);
  await submit.click();
  const summary = page.getByRole('alert', { name: 'Hay un problema' });
  await expect(summary).toContainText(tooMany);
  await expect(summary).not.toContainText(wrong);
  await expect(page.getByText(wrong).filter(visible)).toHaveCount(0);
  await expect(page.getByLabel('Correo / Usuario')).not.toHaveAttribute('aria-invalid', 'true');
});
