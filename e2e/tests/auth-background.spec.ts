import type { Page } from '@playwright/test';
import { expect, refusedSubmission, test } from '../support/fixtures';
import path from 'node:path';
import { tmpDir } from '../support/servers';
import { heading, settleAnimations } from '../support/site';

// These journeys send refused forms on purpose: the browser logs each 4xx they get.
test.use({ expectedConsoleErrors: refusedSubmission });

// Issue #16 row 3: in the light theme the registration card, once its messages make the page longer than the window,
// hung out of its dark background into the light page colour. The background must cover the card whatever its length.
const pages = [
  { path: '/registro', heading: 'Registro', submit: 'Registrarme' },
  { path: '/login', heading: 'Iniciar Sesión', submit: 'Iniciar Sesión' },
];

/** Relative luminance (WCAG) of the first opaque colour painted under the element, walking up its ancestors. */
async function luminanceUnder(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      if (a < 1) continue;
      const channel = (value: number) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    return 1;
  });
}

for (const width of [375, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the auth background covers the card with every message shown (${width} px, ${theme})`, async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      for (const auth of pages) {
        await page.goto(auth.path);
        await expect(heading(page, auth.heading)).toBeVisible();
        await page.getByRole('button', { name: auth.submit }).click();
        await expect(page.getByRole('alert', { name: 'Hay un problema' })).toBeVisible();
        // the page is now longer than the window: what lies under the card past the fixed layer is dark, as the card is
        expect(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).toBe(true);
        expect(await luminanceUnder(page, `h1 >> xpath=ancestor::div[contains(@class, "theme-dark")][1]`)).toBeLessThan(0.05);
        if (auth.path === '/registro') {
          await settleAnimations(page);
          await page.screenshot({ path: path.join(tmpDir, 'screens', `registro-${theme}-${width}.png`), fullPage: true });
        }
      }
    });
  }
}
