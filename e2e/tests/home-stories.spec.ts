import type { Page } from '@playwright/test';
import { expect, notFoundError, test } from '../support/fixtures';
import { expectNoAxeViolations, heading } from '../support/site';

const homeHeading = 'Cada gota cuenta: cuidemos juntos el agua de México';

/** The Blog grid: a list filled row by row, so story i sits in column i % n (round-robin). */
function blogGrid(page: Page) {
  return page.getByRole('region', { name: 'Todas las historias' }).locator('ul').first();
}

/** The stories of the Blog grid, newest first (its document order). */
async function newestFirstFromBlog(page: Page): Promise<string[]> {
  await page.goto('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  return blogGrid(page).locator(':scope > li').getByRole('heading').allTextContents();
}

/** How many distinct columns the Blog grid's cards sit in on a window `width` px wide. */
async function gridColumnsAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/historias');
  const lefts = await blogGrid(page)
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

test('the impact counters reach their targets once they are in view', async ({ page }) => {
  // the page writes down every figure the first counter shows: the count lasts 2 s, and a busy test runner may look
  // only after it has ended, so the test reads what the page saw rather than hoping to catch it on screen
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { counterFigures: shown });
    new MutationObserver(() => {
      // while the parser still writes the document a figure may arrive in pieces ('+1', then '+15')
      if (document.readyState === 'loading') return;
      const figure = document.querySelector('[data-counter]')?.textContent;
      if (figure && shown.at(-1) !== figure) shown.push(figure);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/');
  await expect(heading(page, homeHeading)).toBeVisible();
  const impact = page.getByRole('region', { name: 'Nuestro impacto' });
  await impact.scrollIntoViewIfNeeded();
  // the server's HTML shows the targets; once hydrated and in view the counters start again from 0
  const figures = () => page.evaluate(() => (window as unknown as { counterFigures: string[] }).counterFigures);
  await expect.poll(async () => (await figures()).some((figure) => figure !== '+15'), { timeout: 30_000 }).toBe(true);
  await expect(impact.locator('[data-counter]')).toHaveText(['+15', '25', '1.6 M', '19 L']);
  await expect(impact).toContainText('+15 empresas aliadas');
});

test('home shows the 4 newest stories, newest first, from the stories remote', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const newest = (await newestFirstFromBlog(page)).slice(0, 4);
  expect(newest).toHaveLength(4);
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Historias recientes' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
  await expect(carousel.getByRole('heading', { level: 3 })).toHaveText(newest);
  await carousel.getByRole('link', { name: newest[0]! }).click();
  await expect(heading(page, newest[0]!)).toBeVisible();
});

test('the blog grid has 1, 2, 3 and 4 columns at 375, 800, 1280 and 2000 px', async ({ page }) => {
  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 3],
    [2000, 4],
  ] as const) {
    expect(await gridColumnsAt(page, width), `${width} px`).toBe(columns);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server lays the grid out for the width: 1 column at 375 px, 4 at 2000 px', async ({ page }) => {
    for (const [width, columns] of [
      [375, 1],
      [2000, 4],
    ] as const) {
      expect(await gridColumnsAt(page, width), `${width} px`).toBe(columns);
    }
  });

  test('the home carousel shows every one of the 4 newest stories', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Historias recientes' });
    await expect(carousel.getByRole('heading', { level: 3 })).toHaveCount(4);
    // nothing can turn the pages: every card is laid out inside the page, none pushed off to the side
    const width = page.viewportSize()!.width;
    const boxes = await carousel
      .locator('[data-carousel-slide]')
      .evaluateAll((slides) => slides.map((slide) => slide.getBoundingClientRect()));
    for (const box of boxes) expect(box.left >= 0 && box.right <= width, JSON.stringify(box)).toBe(true);
    await expect(carousel.getByRole('button', { name: 'Siguiente' })).toBeHidden();
  });
});

test('a story offers share links for its address and title, popular stories and a way back', async ({ page }) => {
  await page.goto('/historias/un-latido-en-cada-gota');
  const title = 'Un latido en cada gota';
  await expect(heading(page, title)).toBeVisible();
  await expect(page.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  const url = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(url).toMatch(/\/historias\/un-latido-en-cada-gota$/);
  const address = encodeURIComponent(url!);

  const share = page.getByRole('button', { name: 'Compartir Historia' });
  await expect(share).toHaveAttribute('aria-expanded', 'false');
  await share.click();
  await expect(share).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Compartir en Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${address}`,
  );
  await expect(page.getByRole('link', { name: 'Compartir en X' })).toHaveAttribute(
    'href',
    `https://twitter.com/intent/tweet?url=${address}&text=${encodeURIComponent(title)}`,
  );
  await expect(page.getByRole('link', { name: 'Compartir en LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
  );
  for (const name of ['Facebook', 'X', 'LinkedIn']) {
    await expect(page.getByRole('link', { name: `Compartir en ${name}` })).toHaveAttribute('target', '_blank');
  }
  await page.keyboard.press('Escape');
  await expect(share).toHaveAttribute('aria-expanded', 'false');
  await expect(share).toBeFocused();

  const popular = page.getByRole('region', { name: 'Historias populares' });
  const popularTitles = await popular.getByRole('heading', { level: 3 }).allTextContents();
  expect(popularTitles).toHaveLength(3);
  expect(popularTitles).not.toContain(title);
  await popular.getByRole('link', { name: popularTitles[0]! }).click();
  await expect(heading(page, popularTitles[0]!)).toBeVisible();

  await page.getByRole('link', { name: 'Ver más historias' }).click();
  await expect(page).toHaveURL('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
});

test.describe('a story that does not exist', () => {
  test.use({ expectedConsoleErrors: notFoundError }); // the browser reports the 404 answer on the console

  test('answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/historias/esta-historia-no-existe');
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'No encontramos esta página')).toBeVisible();
  });
});

test('the scroll-to-top button appears after 100 px and takes the visitor up', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page, homeHeading)).toBeVisible();
  const button = page.getByRole('button', { name: 'Volver arriba' });
  await expect(button).toHaveCount(0);
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

// Home, the stories list and the first story as they load are checked in a11y.spec.ts (both themes, both widths);
// here, a story with an image carousel and its share menu open.
for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on a story with its share menu open in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
    await page.goto('/historias/proyecto-cinco-aguas');
    await expect(page.getByRole('region', { name: 'Imágenes de la historia' })).toBeVisible();
    await page.getByRole('button', { name: 'Compartir Historia' }).click();
    await expectNoAxeViolations(page);
  });
}
