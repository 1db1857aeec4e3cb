import { expect, test } from '../support/fixtures';

test('the theme switch persists across a reload, applied before the first paint', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('body')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: /modo oscuro/i }).click();
  await expect(page.locator('body')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('localIsDark'))).toBe('true');

  // the class must be there before any script of the shell runs: check it at DOMContentLoaded of the reload
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __darkAtLoad: boolean }).__darkAtLoad = document.body.classList.contains('dark');
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { __darkAtLoad: boolean }).__darkAtLoad)).toBe(true);
  await expect(page.getByRole('button', { name: /modo claro/i })).toBeVisible();

  await page.getByRole('button', { name: /modo claro/i }).click();
  await expect(page.locator('body')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('localIsDark'))).toBe('false');
});
