import { expect, test } from '@playwright/test';
import { heading } from '../support/site';

// This server's registry points the allies remote at a port where nothing listens.

test('an unreachable remote shows its fallback while the chrome and the other sections keep working', async ({ page }) => {
  await page.goto('/aliados');
  await expect(page.getByRole('heading', { name: 'No pudimos cargar los aliados' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'No pudimos cargar los aliados' })).toBeVisible({ timeout: 15_000 });

  const nav = page.getByRole('navigation', { name: 'Principal' });
  const others = [
    { link: 'INICIO', name: 'Cada gota cuenta: cuidemos juntos el agua de México' },
    { link: 'HISTORIAS', name: 'Historias' },
    { link: 'QUIÉNES SOMOS', name: 'Somos Gota a Gota' },
    { link: 'CAMPAÑA', name: 'Un latido en cada gota' },
  ];
  for (const other of others) {
    await nav.getByRole('link', { name: other.link, exact: true }).click();
    await expect(heading(page, other.name)).toBeVisible();
  }
  await page.goto('/login');
  await expect(heading(page, 'Iniciar Sesión')).toBeVisible();
  await page.getByRole('button', { name: /modo oscuro/i }).click();
  await expect(page.locator('body')).toHaveClass(/dark/);
});
