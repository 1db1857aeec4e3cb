import { expect, test } from '../support/fixtures';
import { expectSameDocument, heading, markDocument, topBarLinks } from '../support/site';

test('at 375 px every link navigates client-side through the drawer', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page, topBarLinks[4].heading)).toBeVisible();
  await markDocument(page);
  for (const link of topBarLinks) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(link.path);
    await expect(heading(page, link.heading)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await expectSameDocument(page);
});

test('the drawer holds CONTÁCTANOS, which opens the contact dialog', async ({ page }) => {
  await page.goto('/historias');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'CONTÁCTANOS' }).click();
  await expect(page.getByRole('dialog', { name: 'Contáctanos' })).toBeVisible();
});

test('no page scrolls sideways at 375 px', async ({ page }) => {
  for (const path of ['/', '/historias', '/aliados', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
