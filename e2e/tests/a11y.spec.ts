import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, heading, routes } from '../support/site';

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on any page in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
    for (const { path, heading: name } of [...routes, { path: '/no-existe', heading: 'No encontramos esta página' }]) {
      await page.goto(path);
      await expect(heading(page, name)).toBeVisible();
      await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await test.step(path, () => expectNoAxeViolations(page));
    }
  });
}
