import { expect, refusedSubmission, test } from '../support/fixtures';
import { heading, routes } from '../support/site';

// These journeys send refused forms on purpose: the browser logs each 4xx they get.
test.use({ expectedConsoleErrors: refusedSubmission });

// Issue #16 rows 4 and 6: what an auth form says after a failure, and that an old failure's message does not outlive
// the next attempt.
const stamp = Date.now();
const visible = { visible: true } as const;

test('an expired anti-forgery token asks, in Spanish, to reload the page (419)', async ({ page }) => {
  await page.goto('/login');
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
  // what a tab left open past its session holds: a token the server no longer accepts
  await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', 'caducado'));
  await page.getByLabel('Correo / Usuario').fill('alguien@example.com');
  await page.getByLabel('Contraseña').fill('una clave cualquiera');
  const answered = page.waitForResponse((response) => response.url().endsWith('/login') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  expect((await answered).status()).toBe(419);
  const line = 'Error 419, No te reconocemos, por favor recarga la página.';
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText(line);
  await expect(page.getByText(line).filter(visible).first()).toBeVisible();
  await expect(page.getByText(/unknown|Page Expired/i)).toHaveCount(0);
});

test('a registration that succeeds after a failed one leaves no error on the page it leads to', async ({ page }) => {
  const short = 'La contraseña debe tener al menos 8 caracteres';
  await page.goto('/registro');
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido').fill('Intenta');
  await page.getByLabel('Correo').fill(`lucia.${stamp}@example.com`);
  await page.getByLabel('Nueva contraseña').fill('corta');
  await page.getByLabel('Confirmar contraseña').fill('corta');
  await page.getByRole('button', { name: 'Registrarme' }).click();
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
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Iniciar Sesión' });
  await page.getByLabel('Correo / Usuario').fill(`solo.${stamp}@example.com`);
  await page.getByLabel('Contraseña').fill('no es la clave');
  // the per-identity limit is 5 a minute: the sixth attempt is throttled
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/login') && response.request().method() === 'POST');
    await button.click();
    expect((await answered).status()).toBe(422);
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(page.getByRole('alert', { name: 'Hay un problema' })).toContainText(wrong);
  await button.click();
  const summary = page.getByRole('alert', { name: 'Hay un problema' });
  await expect(summary).toContainText(tooMany);
  await expect(summary).not.toContainText(wrong);
  await expect(page.getByText(wrong).filter(visible)).toHaveCount(0);
  await expect(page.getByLabel('Correo / Usuario')).not.toHaveAttribute('aria-invalid', 'true');
});
