import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations, heading, holdShellScripts, waitForLive } from '../support/site';

const alliesHeading = 'Impulsando un cambio sostenible, una gota a la vez';
const kitPath = '/files/manual-de-uso-un-latido-en-cada-gota.zip';

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Logotipos de nuestros aliados' });
}

/** The carousel's first logo that opens a popup (a button holding the logo's image). */
function firstLogo(page: Page) {
  return carousel(page)
    .getByRole('button')
    .filter({ has: page.getByRole('img') })
    .first();
}

test.describe('Aliados', () => {
  for (const [width, perPage] of [
    [500, 1],
    [700, 2],
    [900, 4],
    [1300, 5],
    [1700, 6],
  ] as const) {
    test(`shows ${perPage} logos per page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/aliados');
      await expect(heading(page, alliesHeading)).toBeVisible();
      // the logos of the first page are the ones in view; the others are out of reach
      await expect(carousel(page).locator('[data-carousel-slide]:not([inert])')).toHaveCount(perPage);
      const inView = await carousel(page)
        .locator('[data-carousel-slide]')
        .evaluateAll(
          (slides) =>
            slides.filter((slide) => {
              const box = slide.getBoundingClientRect();
              return box.left >= 0 && box.right <= window.innerWidth;
            }).length,
        );
      expect(inView).toBe(perPage);
      await expect(carousel(page).getByRole('button', { name: 'Siguiente' })).toBeVisible();
      // no horizontal scroll at any width
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('"¿quieres sumarte?" pressed while the scripts still load opens the company dialog once the page is live', async ({
    page,
  }) => {
    // the visitor presses the server's button before anything has hydrated
    const releaseScripts = await holdShellScripts(page);
    await page.goto('/aliados', { waitUntil: 'commit' });
    await page.getByRole('button', { name: '¿quieres sumarte?' }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    releaseScripts();
    const dialog = page.getByRole('dialog', { name: 'Súmate como empresa' });
    await expect(dialog.getByLabel('Empresa')).toBeVisible();
    // pressed once, opened once: closing it leaves the page as it was
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a logo opens its popup on hover and on keyboard focus; Escape closes it', async ({ page }) => {
    await page.goto('/aliados');
    // the popup is the live page's: a hover before hydration is not replayed (decision 064)
    await waitForLive(page);
    const logo = firstLogo(page);
    const name = await logo.getByRole('img').getAttribute('alt');
    await logo.hover();
    const popupLink = carousel(page).getByRole('link', { name: new RegExp(`de ${name}`) });
    await expect(popupLink).toBeVisible();
    await expect(popupLink).toHaveAttribute('href', /^https:\/\//);
    await page.keyboard.press('Escape');
    await expect(popupLink).toHaveCount(0);

    await page.mouse.move(0, 0);
    await carousel(page).getByRole('button', { name: 'Anterior' }).focus();
    await page.keyboard.press('Tab');
    await expect(popupLink).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(popupLink).toBeFocused();
  });

  // decision 064: a hover or a focus before the page is live is not replayed; a press on a logo is (decision 032)
  test('a logo pressed while the scripts still load opens its popup once the page is live', async ({ page }) => {
    const releaseScripts = await holdShellScripts(page);
    await page.goto('/aliados', { waitUntil: 'commit' });
    const logo = firstLogo(page);
    const name = await logo.getByRole('img').getAttribute('alt');
    await logo.click();
    releaseScripts();
    await waitForLive(page);
    await expect(logo).toHaveAttribute('aria-expanded', 'true');
    await expect(carousel(page).getByRole('link', { name: new RegExp(`de ${name}`) })).toBeVisible();
  });

  test('both join buttons open the company dialog; MÁS INFORMACIÓN leads to Quiénes somos', async ({ page }) => {
    await page.goto('/aliados');
    const join = page.getByRole('button', { name: '¿quieres sumarte?' });
    await expect(join).toHaveCount(2);
    for (const index of [0, 1]) {
      await join.nth(index).click();
      await expect(page.getByRole('dialog', { name: 'Súmate como empresa' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'MÁS INFORMACIÓN sobre Gota a Gota' }).click();
    await expect(heading(page, 'Somos Gota a Gota')).toBeVisible();
  });
});

test('the home strip shows the logos full size, a page of 5 at 1300 px', async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 900 });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Nuestros aliados' }).scrollIntoViewIfNeeded();
  const shown = carousel(page).locator('[data-carousel-slide]:not([inert])');
  await expect(shown).toHaveCount(5);
  // a flex item around the carousel once shrank it to its arrows, and the logos to dots
  for (const width of await shown.evaluateAll((slides) => slides.map((slide) => slide.getBoundingClientRect().width)))
    expect(width).toBeGreaterThan(150);
});

test.describe('Aliados without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every ally’s logo, description and link are on the page, inside it', async ({ page }) => {
    await page.goto('/aliados');
    const slides = carousel(page).locator('[data-carousel-slide]');
    const count = await slides.count();
    expect(count).toBeGreaterThan(6);
    // each ally's description (its popup when scripts run) shows under its logo, with its link
    await expect(carousel(page).getByRole('link', { name: /se abre en una pestaña nueva/ })).toHaveCount(count);
    const width = page.viewportSize()!.width;
    const boxes = await slides.evaluateAll((all) => all.map((slide) => slide.getBoundingClientRect()));
    for (const box of boxes) expect(box.left >= 0 && box.right <= width, JSON.stringify(box)).toBe(true);
  });
});

test.describe('Aliados on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('a tap toggles the popup under 600 px', async ({ page }) => {
    await page.goto('/aliados');
    const logo = firstLogo(page);
    await logo.tap();
    await expect(logo).toHaveAttribute('aria-expanded', 'true');
    await expect(carousel(page).getByRole('link')).toBeVisible();
    await logo.tap();
    await expect(logo).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('Quiénes somos: ¿quieres sumarte? opens the company dialog', async ({ page }) => {
  await page.goto('/quienes-somos');
  await expect(page.getByRole('heading', { name: '¿CÓMO PUEDES PARTICIPAR?' })).toBeVisible();
  await page.getByRole('button', { name: '¿quieres sumarte?' }).click();
  await expect(page.getByRole('dialog', { name: 'Súmate como empresa' })).toBeVisible();
});

test('Descargas: DESCARGAR gives the usage-manual zip', async ({ page }) => {
  const res = await page.request.get(kitPath);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/zip');
  // the plain name for every browser, and the same in RFC 5987's form
  expect(res.headers()['content-disposition']).toBe(
    `attachment; filename="manual-de-uso-un-latido-en-cada-gota.zip"; filename*=UTF-8''manual-de-uso-un-latido-en-cada-gota.zip`,
  );
  const bytes = new Uint8Array(await res.body());
  expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
  const names = Object.keys(unzipSync(bytes));
  expect(names).toEqual(
    expect.arrayContaining([
      'manual-de-uso-un-latido-en-cada-gota/manual-de-uso.html',
      'manual-de-uso-un-latido-en-cada-gota/codigo-visual/water-finger-heart-azul.svg',
      'manual-de-uso-un-latido-en-cada-gota/codigo-visual/paleta-de-color.svg',
    ]),
  );

  await page.goto('/campana');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'DESCARGAR' }).click()]);
  expect(download.suggestedFilename()).toBe('manual-de-uso-un-latido-en-cada-gota.zip');
});

test('Datos del agua: the image window loads and the 16 members are shown', async ({ page }) => {
  await page.goto('/datos-agua');
  await expect(heading(page, 'Manifiesto')).toBeVisible();
  await expect(page.locator('figure[data-loaded="true"]')).toBeVisible();
  const members = page.getByRole('region', { name: 'Miembros' }).getByRole('img');
  await expect(members).toHaveCount(16);
});

// The pages as they load are checked in a11y.spec.ts (both themes, both widths); here, an ally's popup open.
for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on /aliados with an ally's popup open in the ${theme} theme`, async ({ page }) => {
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
    await page.goto('/aliados');
    await expect(heading(page, alliesHeading)).toBeVisible();
    await firstLogo(page).hover();
    await expect(carousel(page).getByRole('link')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}
