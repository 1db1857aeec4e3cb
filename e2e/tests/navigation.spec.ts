import { expect, test } from '../support/fixtures';
import { expectSameDocument, heading, markDocument, topBarLinks } from '../support/site';

test('every top-bar link navigates without reloading the document', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page, topBarLinks[4].heading)).toBeVisible();
  await markDocument(page);
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const link of topBarLinks) {
    await nav.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(link.path);
    await expect(heading(page, link.heading)).toBeVisible();
    await expect(page).toHaveTitle(/Gota a Gota/);
  }
  await expectSameDocument(page);
});

test('back and forward move between visited pages, restoring the scroll position', async ({ page }) => {
  await page.goto('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  await markDocument(page);
  await page.getByRole('link', { name: 'Un latido en cada gota' }).first().click();
  await expect(heading(page, 'Un latido en cada gota')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 200));
  await page.getByRole('link', { name: 'Ver más historias' }).click();
  await expect(heading(page, 'Historias')).toBeVisible();
  // html has scroll-behavior: smooth, so the jump to the top of a new page animates from a long page's bottom
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(heading(page, 'Un latido en cada gota')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.goBack();
  await expect(heading(page, 'Historias')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'Un latido en cada gota')).toBeVisible();
  await expectSameDocument(page);
});

test('the document head follows client-side navigation', async ({ page }) => {
  await page.goto('/');
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'ALIADOS', exact: true }).click();
  await expect(page).toHaveTitle('Aliados · Gota a Gota');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/aliados$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Aliados · Gota a Gota');
  await expectSameDocument(page);
});
