import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { heldClicksGlobal } from '@gota/shared/contracts';

/** The account pages of product §10.1: the heading each shows and the button that sends its form. */
export const authPages = [
  { path: '/login', heading: 'Iniciar Sesión', submit: 'Iniciar Sesión' },
  { path: '/recuperar-contrasena', heading: 'Recuperar contraseña', submit: 'Recuperar' },
  { path: '/registro', heading: 'Registro', submit: 'Registrarme' },
  { path: '/resetear-contrasena/token-de-prueba', heading: 'Nueva contraseña', submit: 'Establecer' },
] as const;

/**
 * Every route of product §10.1 with the heading its page shows: the home page first (tests read `routes[0]` as home),
 * then the content pages and the account pages.
 */
export const routes = [
  { path: '/', heading: 'Cada gota cuenta: cuidemos juntos el agua de México' },
  { path: '/quienes-somos', heading: 'Somos Gota a Gota' },
  { path: '/campana', heading: 'Un latido en cada gota' },
  { path: '/datos-agua', heading: 'Manifiesto' },
  { path: '/historias', heading: 'Historias' },
  { path: '/historias/un-latido-en-cada-gota', heading: 'Un latido en cada gota' },
  { path: '/aliados', heading: 'Impulsando un cambio sostenible, una gota a la vez' },
  { path: '/example', heading: 'Ejemplo' },
  // the search's results (issue #34): kept out of search engines, but a page like any other
  { path: '/buscar?q=agua', heading: 'Resultados de «agua»' },
  ...authPages,
] as const;

/** The five top-bar links, where they lead and what the page then says. */
export const topBarLinks = [
  { name: 'QUIÉNES SOMOS', path: '/quienes-somos', heading: 'Somos Gota a Gota' },
  { name: 'CAMPAÑA', path: '/campana', heading: 'Un latido en cada gota' },
  { name: 'HISTORIAS', path: '/historias', heading: 'Historias' },
  { name: 'ALIADOS', path: '/aliados', heading: 'Impulsando un cambio sostenible, una gota a la vez' },
  { name: 'INICIO', path: '/', heading: 'Cada gota cuenta: cuidemos juntos el agua de México' },
] as const;

/**
 * «Restaurar» on the newest revision before the current one of a content set's panel page, then its notice: how a spec
 * that published shared content puts it back for the others. `what` is how the history names the set («los textos de
 * Quiénes somos»).
 */
export async function restorePreviousRevision(page: Page, what: string): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(`^Restaurar la revisión \\d+ de ${what}$`) })
    .first()
    .click();
  await expect(page.getByText(/Se restauró la revisión \d+: ya la ven los visitantes\./)).toBeVisible();
}

export function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/**
 * Holds back the shell's scripts, so that what the test does next meets the server's page before anything has hydrated
 * (a press, a form sent). Returns the function that lets them load.
 */
export async function holdShellScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/app/') && url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/**
 * Waits until the shell has hydrated the page: it then ends the holding of early presses (decision 032). Until then a
 * link is a plain link, and the shell's scripts start only after the first paint (decision 033), which can be after
 * the `load` event that `page.goto` waits for.
 */
export async function waitForLive(page: Page): Promise<void> {
  await page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] === null, heldClicksGlobal);
}

/**
 * Opens `path` and waits until it is live (`waitForLive`), and, given a `title`, until its level-1 heading says it: a
 * page the test is about to use, not merely to read.
 */
export async function openLive(page: Page, path: string, title?: string): Promise<void> {
  await page.goto(path);
  if (title !== undefined) await expect(heading(page, title)).toBeVisible();
  await waitForLive(page);
}

/**
 * Marks the current document once it is live; a full reload loses the mark, a client-side navigation keeps it. Before
 * the page is live a click on a link loads the next page in full, as a link does, so the mark waits for it.
 */
export async function markDocument(page: Page): Promise<void> {
  await waitForLive(page);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/**
 * Scrolls through the page as a reader would, so that every scroll reveal has revealed, then back to the top. It starts
 * once every reveal is live: until the page hydrates they are the server's (`data-reveal="shown"`), and one that comes
 * alive below the fold after the scroll went past hides and waits for a scroll that never comes. It ends once every
 * reveal the scroll reached has revealed: the observer's news reaches the page a frame or two later, and a fade that
 * has not started yet is not one `settleAnimations` can wait for.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await expect(page.locator('[data-reveal="shown"]'), 'las secciones que aparecen al desplazarse ya están vivas').toHaveCount(0);
  await scrollDown(page, 400);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(page.locator('[data-reveal="waiting"]'), 'todas las secciones aparecieron al desplazarse').toHaveCount(0);
}

/**
 * Scrolls from the top of the page to its bottom, `step` pixels at a time, and waits a frame at each position so that
 * the intersection observers see it. Headless Chromium now and then draws no frame for minutes (requestAnimationFrame
 * never calls back, a CI run hung here): `frameBound` milliseconds bound each wait, and the caller waits for what the
 * observers report.
 */
export async function scrollDown(page: Page, step: number, frameBound = 100): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.evaluate(
      (bound) =>
        new Promise((resolve) => {
          requestAnimationFrame(resolve);
          setTimeout(resolve, bound);
        }),
      frameBound,
    );
  }
}

/**
 * Waits until no finite CSS animation or transition is running (scroll reveals, dialog fades, alerts sliding in), over
 * three quiet frames in a row so that one that starts after another ends is awaited too. Endless ones (a spinner) are
 * not waited for. What a check sees then no longer depends on how fast the machine is.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // a frame, or 100 ms when headless Chromium draws none for a while (see scrollThrough)
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 100);
      });
    for (let quiet = 0; quiet < 3;) {
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) quiet += 1;
      else {
        quiet = 0;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      }
    }
  });
}

/**
 * Fails with the list of violations, so a report says what to fix. It checks the settled page: a colour half-way
 * through a fade is not what a reader sees, and checking it would make the result depend on timing.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}
