import { anyOf, expect, notFoundError, refusedSubmission, test } from '../support/fixtures';
import { newLead } from '../support/leads';
import type { Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  heading,
  holdShellScripts,
  routes,
  scrollThrough,
  settleAnimations,
  waitForLive,
} from '../support/site';

// The not-found page is one of the pages checked: the browser reports its 404 answer on the console.
test.use({ expectedConsoleErrors: notFoundError });

// Every page in both themes, twice: with motion, after scrolling through so that every section has revealed (axe then
// waits for the fades to end), and with reduced motion, where everything shows at once without waiting. One test per
// page, so that a slow machine gives each page its own time and a failure names the page. At 375 px the pages are
// checked with reduced motion only: a settled reveal ends in the same colours at every width, and the desktop project
// checks it (the 26 repeats took about 300 s of CI's 3,600 s of e2e test time).
for (const theme of ['light', 'dark'] as const) {
  for (const motion of ['motion', 'reduced motion'] as const) {
    test.describe(`in the ${theme} theme (${motion})`, () => {
      for (const { path, heading: name } of [...routes, { path: '/no-existe', heading: 'No encontramos esta página' }]) {
        test(`axe finds no violations on ${path}`, async ({ page }, testInfo) => {
          test.skip(motion === 'motion' && testInfo.project.name === 'mobile', 'reveals are checked at desktop width');
          if (motion === 'reduced motion') await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
          await page.goto(path);
          await expect(heading(page, name)).toBeVisible();
          await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
          if (motion === 'motion') await scrollThrough(page);
          await expectNoAxeViolations(page);
        });
      }
    });
  }
}

// The campaign team's pages need a staff session and a lead: one of each per theme.
for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no violations on a lead of the inbox in the ${theme} theme`, async ({ page, request, signIn }) => {
    // a message, a sign-in, a change of state and two axe passes: on a busy machine that took over 30 s
    test.setTimeout(90_000);
    const empresa = `Accesible ${theme} ${Date.now()}`;
    const id = await newLead(request, { empresa, mensaje: 'Primera línea.\nSegunda línea.' });
    await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
    await signIn();
    await page.goto(`/panel/mensajes/${id}`);
    await expect(heading(page, empresa)).toBeVisible();
    await page.getByRole('button', { name: 'Marcar como atendido' }).click();
    await expect(page.getByRole('region', { name: 'Historial' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('body')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expectNoAxeViolations(page);
    // and with the confirm control open
    await page.getByRole('button', { name: `Eliminar el mensaje de ${empresa}` }).click();
    await expect(page.getByText('¿Estás seguro?')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

// The axe checks above rely on it. The second case starts scrolling while the page is still the server's (issue #35: a
// section that came alive below the fold after the scroll had passed stayed transparent, `Set {"0","1"}`).
for (const early of [false, true]) {
  test(`the checks see a settled page: every section is fully opaque once scrolled through${early ? ', scrolled before the page is live' : ''}`, async ({
    page,
  }) => {
    const releaseScripts = early ? await holdShellScripts(page) : undefined;
    await page.goto('/quienes-somos', { waitUntil: early ? 'commit' : 'load' });
    await expect(heading(page, 'Somos Gota a Gota')).toBeVisible();
    const scrolled = scrollThrough(page);
    releaseScripts?.();
    await scrolled;
    await settleAnimations(page);
    const opacities = await page
      .locator('[data-reveal]')
      .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).opacity));
    expect(opacities.length).toBeGreaterThan(0);
    expect(new Set(opacities)).toEqual(new Set(['1']));
  });
}

/**
 * The visible buttons of the page that show no line of their own (a border or an outline), by name. Read in forced
 * colors, where the computed colours are the system's and every background is painted away.
 */
function buttonsWithoutBoundary(page: Page): Promise<string[]> {
  return page.locator('button:visible, [role="button"]:visible').evaluateAll((buttons) =>
    buttons
      .filter((button) => {
        const style = getComputedStyle(button);
        const drawn = (width: string, lineStyle: string, color: string) =>
          parseFloat(width) > 0 &&
          lineStyle !== 'none' &&
          lineStyle !== 'hidden' &&
          !/^rgba\(.*,\s*0\)$|^transparent$/.test(color);
        const border = ['top', 'right', 'bottom', 'left'].some((side) =>
          drawn(
            style.getPropertyValue(`border-${side}-width`),
            style.getPropertyValue(`border-${side}-style`),
            style.getPropertyValue(`border-${side}-color`),
          ),
        );
        return !border && !drawn(style.outlineWidth, style.outlineStyle, style.outlineColor);
      })
      .map((button) => `«${(button.getAttribute('aria-label') ?? button.textContent ?? '').trim()}»`),
  );
}

// Windows' high contrast mode paints every background away (issue #35): CONTÁCTANOS read as plain text. Every button
// of every page, of the dialogs and the drawer, and of the campaign team's pages keeps a visible line.
test('in forced colors (Windows high contrast) every button keeps a visible boundary', async ({
  page,
  request,
  signIn,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ forcedColors: 'active' });
  const missing: string[] = [];
  const check = async (where: string) => {
    await settleAnimations(page);
    for (const name of await buttonsWithoutBoundary(page)) missing.push(`${where}: ${name}`);
  };
  for (const { path } of [...routes, { path: '/no-existe' }]) {
    await page.goto(path);
    await waitForLive(page);
    await check(path);
  }
  await page.goto('/');
  await waitForLive(page);
  if (testInfo.project.name === 'mobile') {
    // on a phone CONTÁCTANOS is in the menu
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await check('el menú');
  }
  await page.getByRole('button', { name: 'CONTÁCTANOS' }).filter({ visible: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('el diálogo de contacto');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '¿quieres sumarte?' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('el diálogo de empresas');

  const empresa = `Contraste forzado ${testInfo.project.name} ${Date.now()}`;
  const id = await newLead(request, { empresa });
  await signIn();
  await page.goto('/panel');
  await check('/panel');
  await page.goto(`/panel/mensajes/${id}`);
  await waitForLive(page);
  await page.getByRole('button', { name: `Eliminar el mensaje de ${empresa}` }).click();
  await expect(page.getByText('¿Estás seguro?')).toBeVisible();
  await check('un mensaje de la bandeja, al confirmar');
  expect(missing, missing.join('\n')).toEqual([]);
});

// The campaign team's pages (issue #13), behind a sign-in: the inbox (with a list, and refusing a bad filter with 422)
// and the 403 page of an account that is not staff. The browser logs those statuses.
test.describe('the inbox pages', () => {
  test.use({
    expectedConsoleErrors: anyOf(refusedSubmission, /Failed to load resource: the server responded with a status of 403/),
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations on the inbox in the ${theme} theme`, async ({ page, signIn }) => {
      test.setTimeout(90_000);
      await page.addInitScript((dark) => localStorage.setItem('localIsDark', String(dark)), theme === 'dark');
      await signIn();
      await page.goto('/panel');
      await expect(heading(page, 'Bandeja')).toBeVisible();
      await test.step('/panel', () => expectNoAxeViolations(page));
      await page.goto('/panel?desde=2026-13-01&tipo=otro');
      await expect(page.getByRole('alert', { name: 'Revisa los filtros' })).toBeVisible();
      await test.step('/panel con filtros rechazados', () => expectNoAxeViolations(page));
    });
  }

  test('axe finds no violations on the 403 page', async ({ page }) => {
    const stamp = `${Date.now()}${Math.round(Math.random() * 1000)}`;
    await page.goto('/registro');
    await page.getByLabel('Nombre', { exact: true }).fill('Vera');
    await page.getByLabel('Apellido').fill('Visitante');
    await page.getByLabel('Correo').fill(`vera.a11y.${stamp}@example.com`);
    await page.getByLabel('Nueva contraseña').fill('Un río que nunca se seca 2026');
    await page.getByLabel('Confirmar contraseña').fill('Un río que nunca se seca 2026');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByText('Hola, Vera').first()).toBeAttached();
    await page.goto('/panel');
    await expect(heading(page, 'No tienes acceso a esta página')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
