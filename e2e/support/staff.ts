import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The campaign team's account: listed in STAFF_EMAILS of the main e2e server (playwright.config.ts). */
export const staffAccount = { name: 'Irene', lastName: 'Campaña', email: 'equipo.bandeja@gotaagota.mx', password: 'Un río que nunca se seca 2026' };

/**
 * Signs the page in as the campaign team's account, registering it the first time (the e2e data folder outlives a run).
 * A first sign-in on a fresh folder fails with 422: name `refusedSubmission` among the expected console errors.
 */
export async function signInAsStaff(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo / Usuario').fill(staffAccount.email);
  await page.getByLabel('Contraseña').fill(staffAccount.password);
  await page.getByLabel('Contraseña').press('Enter');
  // under 800 px the greeting is in the closed drawer: in the page, not visible
  const greeting = page.getByText(`Hola, ${staffAccount.name}`).first();
  const refused = page.getByText('Estas credenciales no coinciden con nuestros registros').first();
  await expect(greeting.or(refused).first()).toBeAttached();
  if ((await greeting.count()) > 0) return;
  await page.goto('/registro');
  await page.getByLabel('Nombre', { exact: true }).fill(staffAccount.name);
  await page.getByLabel('Apellido').fill(staffAccount.lastName);
  await page.getByLabel('Correo').fill(staffAccount.email);
  await page.getByLabel('Nueva contraseña').fill(staffAccount.password);
  await page.getByLabel('Confirmar contraseña').fill(staffAccount.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(greeting).toBeAttached();
}
