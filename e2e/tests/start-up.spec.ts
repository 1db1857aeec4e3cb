import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startScriptPatienceMs } from '../../api/src/pages/early-script';
import { stopCompositor } from '../support/compositor';
import { heading, routes, scrollThrough, waitForLive } from '../support/site';

/**
 * The addresses of the style sheets in the document, in order: those it links and those whose text it holds (decision
 * 058). The whole of a sheet whose text was cut to the first screen (`data-rest`), which the start script links after
 * the paint, is that sheet, counted once.
 */
function styleSheetLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>(
        'style[data-href], link[rel="stylesheet"]:not(style[data-rest] + link)',
      ),
    ].map((sheet) =>
      sheet instanceof HTMLLinkElement ? sheet.href : new URL(sheet.dataset['href'] ?? '', document.baseURI).href,
    ),
  );
}

// Decision 031: every script a page runs starts with V8's compile hint, so Chromium compiles it on a background thread
// while it downloads and the phone's main thread only runs it. The hint must survive minification and be in the
// compressed copies the browser is actually sent.
test('every script the home page loads carries the compile hint, as the browser receives it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the files are the same at every width');
  const scripts: Promise<{ url: string; head: string }>[] = [];
  page.on('response', (response) => {
    // files the site serves (a worker made from a blob at run time is not one)
    if (response.request().resourceType() !== 'script' || !response.url().startsWith('http')) return;
    scripts.push(response.text().then((body) => ({ url: response.url(), head: body.slice(0, 40) })));
  });
  await page.goto('/');
  await expect(heading(page, routes[0].heading)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  // the shell's start-up, React DOM, the federation runtime, and mf-home's entry and page module at the least
  expect(loaded.length).toBeGreaterThanOrEqual(5);
  expect(
    loaded.filter((script) => !script.head.startsWith('//# allFunctionsCalledOnLoad\n')).map((script) => script.url),
  ).toEqual([]);
});

test('each style sheet the server wrote or linked stays the only one: neither webpack nor the federation runtime links it again', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  await page.goto('/');
  await expect(heading(page, routes[0].heading)).toBeVisible();
  // the home page's widgets load their modules when they come near
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
  const sheets = await styleSheetLinks(page);
  expect(sheets.filter((href, index) => sheets.indexOf(href) !== index)).toEqual([]);
  expect(sheets.length).toBeGreaterThanOrEqual(3);
});

// A page's document links the style sheets of the modules it renders, as their builds list them for the server
// (`ssrCss` in the manifest): every sheet the browser then needs is already there, and none of another page of the
// same remote is (Module Federation's own list for the sign-in page held the inbox's sheets).
const pagesAndModules = [
  { path: '/login', exposed: 'Auth__Login' },
  { path: '/registro', exposed: 'Auth__Registro' },
  { path: '/datos-agua', exposed: 'DatosAgua' },
] as const;
for (const { path, exposed } of pagesAndModules) {
  test(`${path} links every style sheet it needs and none of the remote's other pages`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
    await page.goto(path);
    const linked = await styleSheetLinks(page);
    await waitForLive(page);
    await page.waitForLoadState('networkidle');
    const after = await styleSheetLinks(page);
    expect(after).toEqual(linked);
    const pageSheets = linked.filter((href) => href.includes('__federation_expose_'));
    expect(pageSheets.length).toBeGreaterThan(0);
    expect(pageSheets.filter((href) => !href.includes(`__federation_expose_${exposed}.`))).toEqual([]);
  });
}

/** Notes, on every document the page loads from now on, when the shell's entry script is added to it. */
async function watchEntry(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { __entryAddedAt?: number };
    new MutationObserver(() => {
      if (seen.__entryAddedAt === undefined && document.querySelector('script[src*="/app/main."]'))
        seen.__entryAddedAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** When the entry was added and when the browser says the page first painted text, on the page's clock. */
function entryAndPaint(page: Page): Promise<{ addedAt?: number; paintedAt?: number }> {
  return page.evaluate(() => ({
    addedAt: (window as unknown as { __entryAddedAt?: number }).__entryAddedAt,
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
}

// Decision 033: the server's HTML is painted before any script of the shell runs; the entry is only added to the
// document once the browser has reported the first contentful paint, and the page is then hydrated as before.
test("the page is painted before the shell's first script is even added to the document", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  await watchEntry(page);
  for (const route of [routes[0], routes[1]]) {
    await page.goto(route.path);
    await expect(heading(page, route.heading)).toBeVisible();
    // what matters is when the entry is added: that can come after `load` (the paint is reported a frame or more later)
    await expect.poll(async () => (await entryAndPaint(page)).addedAt, { timeout: 15_000 }).toBeDefined();
    const { addedAt, paintedAt } = await entryAndPaint(page);
    expect(paintedAt, route.path).toBeDefined();
    expect(addedAt, route.path).toBeGreaterThanOrEqual(paintedAt!);
  }
});

// Decision 058: before the first paint the browser asks for the document, what its style sheets and images need, and
// nothing else; the scripts and the remotes' manifests are asked for once the page has painted.
test('no script and no manifest is asked for before the first contentful paint', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  for (const route of [routes[0], routes[1]]) {
    await page.goto(route.path);
    await waitForLive(page);
    const early = await page.evaluate(() => {
      const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < painted)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => !/\.(css|svg|png|jpe?g|webp|avif)$/.test(path));
    });
    expect(early, route.path).toEqual([]);
  }
});

// Decision 058 (2026-11-29, afternoon): the document holds the shell's sheet cut to what it mentions. The whole sheet is
// asked for only once the page has painted, and is linked right after its cut, so what a script shows later (the
// drawer, a dialog, an alert) finds its rules in the same cascade order.
test('the whole shell sheet is asked for after the first paint, and linked right after its cut', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  await page.goto('/');
  await waitForLive(page);
  const whole = () =>
    page.evaluate(() => {
      const cut = document.querySelector<HTMLStyleElement>('style[data-rest]');
      const href = cut ? new URL(cut.dataset['href'] ?? '', document.baseURI).href : '';
      const next = cut?.nextElementSibling;
      const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const fetched = performance.getEntriesByType('resource').find((entry) => entry.name === href);
      return {
        cut: Boolean(cut),
        linkedAfterCut: next instanceof HTMLLinkElement && next.rel === 'stylesheet' && next.href === href,
        askedAfterPaint: fetched !== undefined && fetched.startTime >= painted,
        applied: [...document.styleSheets].some((sheet) => sheet.href === href),
      };
    });
  await expect
    .poll(whole, { timeout: 15_000 })
    .toEqual({ cut: true, linkedAfterCut: true, askedAfterPaint: true, applied: true });
});

// Decision 048: headless Chromium on a loaded machine now and then draws nothing for seconds (the test above once failed
// so in CI: the start script's patience ran out before the first frame, and the shell was added before the paint). The
// patience now counts from the first frame, so a page the browser has not drawn yet keeps waiting for its paint. Here
// the compositor is stopped for longer than the patience while the page loads.
test('the shell still waits for the paint when the browser draws nothing for longer than the patience', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the document is the same at every width');
  await watchEntry(page);
  // a first page, so that the browser's compositor process is up
  await page.goto(routes[0].path);
  await expect(heading(page, routes[0].heading)).toBeVisible();
  const resume = stopCompositor();
  try {
    const stall = new Promise((resolve) => setTimeout(resolve, startScriptPatienceMs + 2000));
    await page.goto(routes[1].path);
    await expect(heading(page, routes[1].heading)).toBeVisible();
    await stall;
  } finally {
    resume();
  }
  // drawing again, the browser paints the page, and the shell comes after
  await expect.poll(async () => (await entryAndPaint(page)).paintedAt, 'la página se pinta').toBeDefined();
  await expect.poll(async () => (await entryAndPaint(page)).addedAt, 'el shell se añade').toBeDefined();
  const { addedAt, paintedAt } = await entryAndPaint(page);
  expect(addedAt).toBeGreaterThanOrEqual(paintedAt!);
});
