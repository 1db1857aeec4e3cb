import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { heading, routes } from '../support/site';

// Issue #16 row 13: on the last slide 'Siguiente' disabled itself while focused and the focus fell to <body>. A
// keyboard user pressing it to the end must keep the focus on the carousel's controls.
async function pressToTheEnd(page: Page, carousel: Locator, name: 'Siguiente' | 'Anterior'): Promise<void> {
  const button = carousel.getByRole('button', { name, exact: true });
  await button.focus();
  // pressed as a visitor does until the end: a press that reaches the button before its section is live (the home
  // page's carousel comes alive when it comes near) does nothing, and the visitor presses again
  await expect(async () => {
    if ((await button.getAttribute('aria-disabled')) !== 'true') await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-disabled', 'true', { timeout: 300 });
  }).toPass({ timeout: 20_000 });
  await expect(button).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  // pressing it again changes nothing and keeps the focus
  await page.keyboard.press('Enter');
  await expect(button).toBeFocused();
}

test("the facts carousel on /historias keeps the focus on 'Siguiente' and 'Anterior' at its ends", async ({ page }) => {
  await page.goto('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  const carousel = page.getByRole('region', { name: 'Datos sobre el agua' });
  await pressToTheEnd(page, carousel, 'Siguiente');
  await pressToTheEnd(page, carousel, 'Anterior');
});

test("the stories carousel on the home page keeps the focus on 'Siguiente' at its last slide", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto('/');
  await expect(heading(page, routes[0].heading)).toBeVisible();
  const carousel = page.getByRole('region', { name: 'Historias recientes' });
  await carousel.scrollIntoViewIfNeeded();
  await pressToTheEnd(page, carousel, 'Siguiente');
});
