import { expect, notFoundError, test } from '../support/fixtures';
import { expectNoAxeViolations, heading, routes, scrollThrough, settleAnimations } from '../support/site';

// The not-found page is one of the pages checked: the browser reports its 404 answer on the console.
test.use({ expectedConsoleErrors: notFoundError });

// Every page in both themes, twice: with motion, after scrolling through so that every section has revealed (axe then
// waits for the fades to end), and with reduced motion, where everything shows at once without waiting.
for (const theme of ['light', 'dark'] as const) {
  for (const motion of ['motion', 'reduced motion'] as const) {
    test(`axe finds no violations on any page in the ${theme} theme (${motion})`, async ({ page }) => {
      test.setTimeout(120_000);
      if (motion === 'reduced motion') await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
      for (const { path, heading: name } of [...routes, { path: '/no-existe', heading: 'No encontramos esta página' }]) {
        await page.goto(path);
        await expect(heading(page, name)).toBeVisible();
        await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        if (motion === 'motion') await scrollThrough(page);
        await test.step(path, () => expectNoAxeViolations(page));
      }
    });
  }
}

test('the checks see a settled page: every section is fully opaque once scrolled through', async ({ page }) => {
  await page.goto('/quienes-somos');
  await expect(heading(page, 'Somos Gota a Gota')).toBeVisible();
  await scrollThrough(page);
  await settleAnimations(page);
  const opacities = await page.locator('[data-reveal]').evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).opacity));
  expect(opacities.length).toBeGreaterThan(0);
  expect(new Set(opacities)).toEqual(new Set(['1']));
});
