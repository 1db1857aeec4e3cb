import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import path from 'node:path';
import { tmpDir } from '../support/servers';

// Issue #16 row 2: after a send, the top-right alert sat on the dialog's 'Cerrar' button for five seconds and took its
// clicks. An alert must never cover a control of an open dialog.
const stamp = Date.now();

/**
 * Controls of the dialog that a site alert covers: each one is scrolled into view, as a person would scroll to it, and
 * what lies on top at its centre is looked up.
 */
async function coveredControls(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const covered: string[] = [];
    for (const control of root.querySelectorAll<HTMLElement>('button, input, textarea, select, a[href]')) {
      if (!control.checkVisibility()) continue;
      control.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = control.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      // the site's alerts (alert-item.tsx), not the forms' own error summaries
      const alert = top?.closest('[data-type][data-show="true"]');
      if (alert && !alert.contains(control))
        covered.push((control.textContent?.trim() || control.id || control.tagName).slice(0, 40));
    }
    return covered;
  });
}

/**
 * Waits for the success alert to finish sliding in. Not `settleAnimations`: the alert's time bar moves every 100 ms
 * until the alert is gone, so a fully settled page no longer shows it.
 */
async function alertShown(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('status').filter({ hasText: text });
  await expect(alert).toBeVisible();
  await alert.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

async function sendContact(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'CONTÁCTANOS' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Contáctanos' });
  await dialog.getByLabel('Nombre').fill('Irene');
  await dialog.getByLabel('Apellido').fill('Alerta');
  await dialog.getByLabel('Correo').fill(`irene.${stamp}.${Math.random().toString(36).slice(2)}@example.com`);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await alertShown(page, '¡Registro enviado exitosamente!');
  return dialog;
}

async function sendCompany(page: Page): Promise<Locator> {
  await page.goto('/example');
  await page.getByRole('button', { name: 'Abrir empresa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Súmate como empresa' });
  await dialog.getByLabel('Empresa').fill('Agua Limpia');
  await dialog.getByLabel('Nombre').fill('Irene');
  await dialog.getByLabel('Correo').fill(`empresa.${stamp}.${Math.random().toString(36).slice(2)}@example.com`);
  await dialog.getByLabel('Mensaje').fill('Queremos sumarnos.');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await alertShown(page, 'Mensaje enviado con éxito.');
  return dialog;
}

for (const width of [1280, 1920]) {
  for (const [name, send] of [
    ['contact', sendContact],
    ['company', sendCompany],
  ] as const) {
    test(`after a send in the ${name} dialog at ${width} px, the alert covers none of its controls and 'Cerrar' closes it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 720 });
      const dialog = await send(page);
      expect(await coveredControls(dialog)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await expect(dialog).toBeHidden();
    });
  }
}

test('screenshots of an alert over each dialog, light and dark, 375 and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      const dialog = await sendCompany(page);
      expect(await coveredControls(dialog)).toEqual([]);
      await page.screenshot({ path: path.join(tmpDir, 'screens', `dialog-alert-${theme}-${width}.png`) });
    }
  }
});
