import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import path from 'node:path';
import { tmpDir } from '../support/servers';
import { heading, scrollThrough, settleAnimations } from '../support/site';

// Issue #16 row 12 (WCAG 2.4.7): the focus on a story card's link was invisible, its ring clipped by the card. Every
// focusable element of these pages must look different with the keyboard focus on it than without.
test.use({ reducedMotion: 'reduce' });

const pages = [
  { path: '/', heading: 'Cada gota cuenta: cuidemos juntos el agua de México' },
  { path: '/historias', heading: 'Historias' },
  { path: '/historias/un-latido-en-cada-gota', heading: 'Un latido en cada gota' },
];

/** The focusable elements of the page's main content, each with an index to find it again. */
async function focusables(page: Page): Promise<number> {
  return page.evaluate(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>('main a[href], main button, main input, main [tabindex="0"]'),
    ].filter(
      (element) =>
        element.checkVisibility() &&
        !element.closest('[aria-hidden="true"], [inert]') &&
        element.getBoundingClientRect().width > 0,
    );
    found.forEach((element, index) => element.setAttribute('data-focus-probe', String(index)));
    return found.length;
  });
}

/** The element and a margin around it; a story card's link is stretched over its card, so the card is the area. */
async function shot(page: Page, index: number): Promise<Buffer> {
  const element = page.locator(`[data-focus-probe="${index}"]`);
  await element.scrollIntoViewIfNeeded();
  const area = (await element.evaluate((el) => el.closest('article') !== null))
    ? element.locator('xpath=ancestor::article[1]')
    : element;
  const viewport = page.viewportSize()!;
  // a carousel's slide can still be moving when the scroll returns: the area is shot once it is inside the viewport
  let box = (await area.boundingBox())!;
  await expect
    .poll(async () => {
      box = (await area.boundingBox())!;
      return box.x < viewport.width && box.y < viewport.height && box.x + box.width > 0 && box.y + box.height > 0;
    })
    .toBe(true);
  const x = Math.max(0, box.x - 8);
  const y = Math.max(0, box.y - 8);
  const clip = {
    x,
    y,
    width: Math.min(viewport.width - x, box.width + 16),
    height: Math.min(viewport.height - y, box.height + 16),
  };
  return page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
}

for (const target of pages) {
  test(`every focusable element on ${target.path} shows the keyboard focus`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(target.path);
    await expect(heading(page, target.heading)).toBeVisible();
    await scrollThrough(page);
    // the widgets' style sheets come after the first paint (decision 058): the page is measured once they apply
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
    );
    await page.waitForLoadState('networkidle');
    await settleAnimations(page);
    const count = await focusables(page);
    expect(count).toBeGreaterThan(0);
    // a key press first, so that the browser shows focus rings (:focus-visible) for the focus moves that follow
    await page.keyboard.press('Shift');
    const invisible: string[] = [];
    for (let index = 0; index < count; index++) {
      const element = page.locator(`[data-focus-probe="${index}"]`);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const before = await shot(page, index);
      await element.focus();
      const after = await shot(page, index);
      if (before.equals(after))
        invisible.push(
          `${await element.evaluate((el) => el.tagName.toLowerCase())} '${(await element.textContent())?.trim().slice(0, 40)}'`,
        );
    }
    expect(invisible).toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test(`screenshot of a focused story card (${theme}, ${width} px)`, async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', dark), String(theme === 'dark'));
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.goto('/historias');
      await scrollThrough(page);
      await settleAnimations(page);
      await page.keyboard.press('Shift');
      const link = page.getByRole('article').first().getByRole('link');
      await link.focus();
      await link.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(tmpDir, 'screens', `focused-card-${theme}-${width}.png`) });
    });
  }
}
