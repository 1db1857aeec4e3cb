import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, heading, waitForLive } from '../support/site';

// The site's search (issue #34): typed in the drawer on a phone and behind the top bar's button on a desktop, with and
// without JavaScript. The results page itself is in the page lists of a11y, deep-links and no-javascript.

const dialogName = 'Buscar en Gota a Gota';

test.describe('on a desktop, with JavaScript', () => {
  test('the top bar opens the search; typing shows results as you type, arrows choose, Enter opens', async ({ page }) => {
    await page.goto('/historias');
    await waitForLive(page);
    await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    const field = dialog.getByRole('combobox', { name: dialogName });
    await expect(field).toBeFocused();
    await field.pressSequentially('guardianes acuif', { delay: 40 });
    const option = dialog.getByRole('option', { name: /Red de Guardianes del Acuífero.*Aliado/ });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(/^\d+ resultados?$/);
    await expect(option.locator('mark').first()).toHaveText('Guardianes');
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await field.press('Enter');
    await expect(page).toHaveURL(/\/aliados#aliados-logos$/);
    await expect(dialog).toBeHidden();
  });

  test('Enter without a choice opens the results page; Escape closes the dialog', async ({ page }) => {
    await page.goto('/');
    await waitForLive(page);
    const dialog = page.getByRole('dialog', { name: dialogName });
    // `/` is heard from the effect of the committed page, which can come a moment after the page is live (its clicks
    // are replayed as soon as hydration starts): pressed again until the dialog opens, as a visitor would
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.keyboard.press('/');
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
    await dialog.getByRole('combobox').fill('perritas');
    await expect(dialog.getByRole('option').first()).toContainText('Canela, la perrita');
    await dialog.getByRole('combobox').press('Enter');
    await expect(heading(page, 'Resultados de «perritas»')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Canela, la perrita que encuentra fugas bajo el pavimento' }),
    ).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations on the open dialog with results, ${theme} theme`, async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
      await page.goto('/');
      await waitForLive(page);
      await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByRole('combobox').pressSequentially('agua', { delay: 40 });
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await dialog.getByRole('combobox').press('ArrowDown');
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('on a phone (375 px), with JavaScript', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the drawer's field shows results as you type, and the keyboard's search key opens the results page", async ({ page }) => {
    await page.goto('/');
    await waitForLive(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    const field = drawer.getByRole('combobox', { name: dialogName });
    await expect(field).toHaveAttribute('enterkeyhint', 'search');
    await field.pressSequentially('comunidaes', { delay: 40 });
    await expect(drawer.getByRole('option', { name: /Cinco Aguas/ })).toBeVisible();
    await expect(
      drawer
        .getByRole('option', { name: /Cinco Aguas/ })
        .locator('mark')
        .first(),
    ).toHaveText(/comunidades/i);
    await expect(drawer.getByRole('status')).toHaveText(/resultados?$/);
    await expectNoAxeViolations(page);
    // the search key of a phone's keyboard submits the form: Enter
    await field.press('Enter');
    await expect(heading(page, 'Resultados de «comunidaes»')).toBeVisible();
    await expect(drawer).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('on a desktop, the top bar button leads to the results page, whose form searches', async ({ page }) => {
    await page.goto('/historias');
    await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/buscar\??$/);
    await expect(heading(page, 'Buscar')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Conoce a nuestros aliados' })).toBeVisible();
    await page.getByRole('searchbox', { name: '¿Qué buscas?' }).fill('alianza hidrica');
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(heading(page, 'Resultados de «alianza hidrica»')).toBeVisible();
    const result = page.getByRole('main').getByRole('link', { name: 'Alianza Hídrica del Bajío' }).first();
    await expect(result.locator('mark')).toHaveText(['Alianza', 'Hídrica']);
    await result.click();
    await expect(page).toHaveURL(/\/aliados#aliados-logos$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the search button shows in the top bar, and a search that finds nothing says what to try', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
      await page.getByRole('searchbox', { name: '¿Qué buscas?' }).fill('zeppelin xilófono');
      await page.getByRole('searchbox', { name: '¿Qué buscas?' }).press('Enter');
      await expect(page.getByRole('main').getByRole('status')).toHaveText('No encontramos resultados para «zeppelin xilófono».');
      await expect(page.getByRole('heading', { name: 'Historias recientes' })).toBeVisible();
      await page.getByRole('link', { name: 'Conoce a nuestros aliados' }).click();
      await expect(page).toHaveURL('/aliados');
    });
  });
});
