import { expect, notFoundError, test } from '../support/fixtures';
import { heading, routes } from '../support/site';

for (const { path, heading: name } of routes) {
  test(`a deep link to ${path} renders its page inside the layout`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

test.describe('pages that do not exist', () => {
  // The browser reports the 404 answer on the console.
  test.use({ expectedConsoleErrors: notFoundError });

  test('an unknown path answers 404 with the Spanish not-found page', async ({ page }) => {
    const response = await page.goto('/no-existe');
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'No encontramos esta página')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('an unknown story answers 404', async ({ page }) => {
    const response = await page.goto('/historias/no-existe');
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'No encontramos esta página')).toBeVisible();
  });
});
