import { expect, test } from '@playwright/test';
import { heading } from '../support/site';

// Issue #16 row 6: what an auth form says after a failure.
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
