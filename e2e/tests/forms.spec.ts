import type { Locator, Page } from '@playwright/test';
import { expect, refusedSubmission, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/site';

// The shell's dialogs against the real API. The e2e server runs without the company cooldown (playwright.config.ts):
// the lock seen here is the form's own 60 s; its end is a unit test with fake timers (company-dialog.test.tsx).
const stamp = Date.now();

async function openCompany(page: Page): Promise<Locator> {
  await page.goto('/example');
  await page.getByRole('button', { name: 'Abrir empresa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Súmate como empresa' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillCompany(dialog: Locator, values: { empresa: string; name: string; email: string; mensaje: string }) {
  await dialog.getByLabel('Empresa').fill(values.empresa);
  await dialog.getByLabel('Nombre').fill(values.name);
  await dialog.getByLabel('Correo').fill(values.email);
  await dialog.getByLabel('Mensaje').fill(values.mensaje);
}

test('the company form says what is missing and sends nothing while invalid', async ({ page }) => {
  const dialog = await openCompany(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  const summary = dialog.getByRole('alert', { name: 'Hay un problema' });
  await expect(summary).toBeFocused();
  for (const message of [
    'La empresa es obligatoria',
    'El nombre es obligatorio',
    'El correo es obligatorio',
    'El mensaje es obligatorio',
  ]) {
    await expect(summary.getByRole('link', { name: message })).toBeVisible();
  }
  await summary.getByRole('link', { name: 'El correo es obligatorio' }).click();
  await expect(dialog.getByLabel('Correo')).toBeFocused();

  await fillCompany(dialog, { empresa: 'x'.repeat(256), name: 'Ana', email: 'ana-sin-arroba', mensaje: 'y'.repeat(1001) });
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(summary.getByRole('link', { name: 'Correo electrónico inválido' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Máximo 255 caracteres' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Máximo 1000 caracteres' })).toBeVisible();
  await expect(dialog.getByLabel('Empresa')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
});

test('the company form sends, thanks, clears and then makes the person wait', async ({ page }) => {
  const dialog = await openCompany(page);
  await fillCompany(dialog, {
    empresa: 'Agua Clara',
    name: 'Ana',
    email: `empresa.${stamp}@example.com`,
    mensaje: 'Queremos sumarnos.',
  });
  const request = page.waitForRequest((req) => req.url().endsWith('/contacto-empresa'));
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  expect((await request).postDataJSON()).toMatchObject({ empresa: 'Agua Clara', sitio_web: '' });

  await expect(page.getByRole('status').filter({ hasText: 'Mensaje enviado con éxito.' })).toBeVisible();
  await expect(dialog.getByLabel('Empresa')).toHaveValue('');
  await expect(dialog.getByText(/Debes esperar (60|59|58) segundos para volver a enviar el formulario\./)).toBeVisible();
  await expect(dialog.getByLabel('Empresa')).toBeDisabled();
  await expect(dialog.getByLabel('Mensaje')).toBeDisabled();
  const enviar = dialog.getByRole('button', { name: 'Enviar' });
  await expect(enviar).toHaveAttribute('aria-disabled', 'true');
  // the countdown moves
  await expect(dialog.getByText(/Debes esperar (5[0-7]) segundos/)).toBeVisible({ timeout: 5_000 });

  // a click during the lock only says how long to wait
  let posted = false;
  page.on('request', (req) => {
    if (req.method() === 'POST') posted = true;
  });
  // Playwright counts aria-disabled as not enabled; a person can still click it, which is the point
  await enviar.click({ force: true });
  await expect(
    page.getByRole('alert').filter({ hasText: /Debes esperar \d+ segundos para volver a enviar el formulario\./ }),
  ).toBeVisible();
  expect(posted).toBe(false);
});

test('the contact dialog sends a registration and clears the fields', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'CONTÁCTANOS' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Contáctanos' });
  await dialog.getByLabel('Nombre').fill('Lucía');
  await dialog.getByLabel('Apellido').fill('Contacto');
  await dialog.getByLabel('Correo').fill(`lucia.${stamp}@example.com`);
  const request = page.waitForRequest((req) => req.url().endsWith('/contacto-empresa'));
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  expect((await request).postDataJSON()).toEqual({
    name: 'Lucía',
    lastName: 'Contacto',
    email: `lucia.${stamp}@example.com`,
    sitio_web: '',
  });
  await expect(page.getByRole('status').filter({ hasText: '¡Registro enviado exitosamente!' })).toBeVisible();
  await expect(dialog.getByLabel('Nombre')).toHaveValue('');
  await expect(dialog.getByLabel('Correo')).toHaveValue('');
});

test.describe('the contact dialog sent empty', () => {
  test.use({ expectedConsoleErrors: refusedSubmission }); // the browser logs the 422

  test('shows the server messages when something is missing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'CONTÁCTANOS' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Contáctanos' });
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(
      dialog.getByRole('alert', { name: 'Hay un problema' }).getByRole('link', { name: 'El nombre es obligatorio' }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Correo')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('the privacy notice opens from the footer and from the company consent note', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Aviso de privacidad' }).click();
  const notice = page.getByRole('dialog', { name: 'Aviso de privacidad' });
  await expect(notice.getByText('20 días hábiles').first()).toBeVisible();
  await notice.getByRole('button', { name: 'Cerrar' }).click();
  await expect(notice).toBeHidden();

  const dialog = await openCompany(page);
  await expect(dialog.getByText('Al registrarte aceptas nuestras condiciones y políticas de privacidad')).toBeVisible();
  await dialog.getByRole('button', { name: 'políticas de privacidad' }).click();
  await expect(notice).toBeVisible();
  // painted is not yet live: the dialog listens for Escape from the effect that also moves the focus into it
  await expect.poll(() => notice.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();
  await expect(dialog).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open dialogs have no axe violations (${theme})`, async ({ page }) => {
    // four analyses in one journey: room for a busy machine
    test.setTimeout(90_000);
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
    const dialog = await openCompany(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog.getByRole('alert', { name: 'Hay un problema' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Abrir contacto' }).click();
    await expect(page.getByRole('dialog', { name: 'Contáctanos' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Aviso de privacidad' }).click();
    await expect(page.getByRole('dialog', { name: 'Aviso de privacidad' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
