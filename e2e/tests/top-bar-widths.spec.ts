import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import path from 'node:path';
import { tmpDir } from '../support/servers';
import { heading, routes } from '../support/site';

// Issue #16 row 5: at 600 px 'QUIÉNES SOMOS' wrapped and the sections touched; signed in, the bar wrapped at 1280 px
// and the greeting was cut to 'Hola, María J…'. From 600 px up nothing in the bar wraps, touches or is cut.
const widths = [600, 640, 700, 768, 800, 880, 960, 1024, 1100, 1200, 1280, 1366, 1440, 1920];

/** What is wrong with the top bar at the current width, in words; empty when nothing is. */
async function barProblems(page: Page): Promise<string[]> {
  return page
    .locator('header')
    .first()
    .evaluate((bar) => {
      const problems: string[] = [];
      const textBox = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return {
          box: range.getBoundingClientRect(),
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        };
      };
      const links = [...bar.querySelectorAll('nav a')].filter((link) => link.checkVisibility());
      const boxes = links.map(textBox);
      boxes.forEach(({ lines }, index) => {
        if (lines > 1) problems.push(`'${links[index]?.textContent}' wraps`);
      });
      for (let index = 1; index < boxes.length; index++) {
        const gap = boxes[index]!.box.left - boxes[index - 1]!.box.right;
        if (gap < 8) problems.push(`'${links[index]?.textContent}' is ${Math.round(gap)} px from the previous section`);
      }
      for (const element of bar.querySelectorAll('nav, span, button, a')) {
        // visually hidden text (1 px, clipped) is there for assistive technology, not cut
        if (!element.checkVisibility() || element.getBoundingClientRect().width <= 1) continue;
        if (element.scrollWidth > element.clientWidth + 1) problems.push(`'${element.textContent?.trim()}' is cut`);
      }
      const greeting = [...bar.querySelectorAll('span')].find((span) => span.textContent?.startsWith('Hola,'));
      if (greeting?.checkVisibility() && textBox(greeting).lines > 1) problems.push('the greeting wraps');
      if (bar.getBoundingClientRect().height > 80)
        problems.push(`the bar is ${Math.round(bar.getBoundingClientRect().height)} px high`);
      return problems;
    });
}

async function problemsByWidth(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await barProblems(page)).map((problem) => `${width} px: ${problem}`));
  }
  return found;
}

test('from 600 px up nothing in the top bar wraps, touches or is cut, signed out and signed in', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/quienes-somos');
  await expect(heading(page, 'Somos Gota a Gota')).toBeVisible();
  expect(await problemsByWidth(page)).toEqual([]);

  await page.goto('/registro');
  await page.getByLabel('Nombre', { exact: true }).fill('María José');
  await page.getByLabel('Apellido').fill('Barra');
  await page.getByLabel('Correo').fill(`maria.jose.${Date.now()}@example.com`);
  await page.getByLabel('Nueva contraseña').fill('una clave larga 1');
  await page.getByLabel('Confirmar contraseña').fill('una clave larga 1');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(heading(page, routes[0].heading)).toBeVisible();
  await page.goto('/quienes-somos');
  await expect(page.getByText('Hola, María José').first()).toBeAttached();
  expect(await problemsByWidth(page)).toEqual([]);

  // where the bar has no room for the greeting and 'Cerrar sesión', the drawer has them
  await page.setViewportSize({ width: 700, height: 800 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('dialog').getByText('Hola, María José')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
    for (const width of [375, 600, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(heading(page, 'Somos Gota a Gota')).toBeVisible();
      await page
        .locator('header')
        .first()
        .screenshot({ path: path.join(tmpDir, 'screens', `top-bar-signed-in-${theme}-${width}.png`) });
    }
  }
});
