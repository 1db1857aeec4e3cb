import type { Locator, Page, Response } from '@playwright/test';
import { expect } from './fixtures';
import { waitForMail } from './mail';
import { waitForLive } from './site';

/** Opens /registro (by default once loaded; `commit`: as soon as the HTML arrives), fills the form and sends it. */
export async function register(
  page: Page,
  person: { name: string; lastName: string; email: string; password: string },
  waitUntil: 'load' | 'commit' = 'load',
) {
  await page.goto('/registro', { waitUntil });
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Apellido').fill(person.lastName);
  await page.getByLabel('Correo').fill(person.email);
  await page.getByLabel('Nueva contraseña').fill(person.password);
  await page.getByLabel('Confirmar contraseña').fill(person.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
}

/** The API's answer to the next sign-in the page sends (POST /login); wait for it before acting, read its status after. */
export function signInAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.url().endsWith('/login') && response.request().method() === 'POST');
}

/**
 * Opens the login page and sends `identity` with a wrong password five times, each refused (422). The per-identity
 * limit is 5 a minute, so the next click on the returned submit button is throttled.
 */
export async function spendSignInAttempts(page: Page, identity: string): Promise<Locator> {
  await page.goto('/login');
  // the live form sends each attempt and keeps the fields: before hydration a press is a native post (decision 064),
  // whose answer is a new page with the password field empty
  await waitForLive(page);
  const submit = page.getByRole('button', { name: 'Iniciar Sesión' });
  await page.getByLabel('Correo / Usuario').fill(identity);
  await page.getByLabel('Contraseña').fill('no es la clave');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answered = signInAnswer(page);
    await submit.click();
    expect((await answered).status()).toBe(422);
    // the next attempt waits until the form is ready to send again
    await expect(submit).not.toHaveAttribute('aria-busy', 'true');
  }
  return submit;
}

/**
 * Asks for a password recovery of `email` on /recuperar-contrasena, checks the page's message, and returns the path of
 * the link the mail carries (`/resetear-contrasena/…`), to open on this test's site.
 */
export async function recoveryLink(page: Page, email: string): Promise<string> {
  await page.goto('/recuperar-contrasena');
  await page.getByLabel('Correo').fill(email);
  await page.getByRole('button', { name: 'Recuperar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Se envió un email de recuperación de contraseña al correo indicado' }),
  ).toBeVisible();
  const mail = await waitForMail(email, /\/resetear-contrasena\//);
  const link = /https?:\/\/\S+(\/resetear-contrasena\/[^\s"<>]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}
