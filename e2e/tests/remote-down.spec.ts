import { anyOf, expect, test } from '../support/fixtures';
import { heading } from '../support/site';

// This server's registry points the allies remote at a port where nothing listens, and the campaign remote at an origin
// the server may not run code from (playwright.config.ts).

// the browser's own attempts to reach the allies remote, and the shell's report of them
test.use({ expectedConsoleErrors: anyOf(/\[federación\]/, /Failed to load resource: net::ERR_CONNECTION_REFUSED/) });

test('the server answers at once with the chrome and a client-only slot for a remote it cannot reach', async ({ request }) => {
  const response = await request.get('/aliados');
  expect(response.status()).toBe(200);
  const html = await response.text();
  // the chrome is rendered: the top bar's links and the footer are in the first HTML
  expect(html).toMatch(/<header[^>]*>.*QUIÉNES SOMOS.*<\/header>/s);
  expect(html).toContain('<footer');
  // the page's own slot waits for the browser, which renders it (or its fallback)
  expect(html).toContain('Cargando...');
  expect(html).toContain('id="ssr-data">{"modules":[]}');
  // and every other page is still rendered on the server
  const stories = await (await request.get('/historias')).text();
  expect(stories).toContain('Datos sobre el agua');
});

test('a remote the server may not run renders in the browser only, whole', async ({ page, request }) => {
  const html = await (await request.get('/quienes-somos')).text();
  expect(html).not.toContain('Somos Gota a Gota</h1>');
  await page.goto('/quienes-somos');
  await expect(heading(page, 'Somos Gota a Gota')).toBeVisible();
});

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
