#!/usr/bin/env node
// `node bench/preload-timing.mjs <origin> [loads] [pages…]` (issue #43 item 2, decision 058): on a fast connection,
// when a page paints and when it is live, with the document as the server sends it (its scripts asked for by the start
// script once the page has painted) and with the same scripts also hinted in `<head>` at low priority
// (`<link rel=preload as=script fetchpriority=low>`, written into the document on the way). The two are loaded in
// turns in one Chromium (1280 × 800, no throttling, a new context per load, so nothing is cached), `loads` times each
// (11 by default); medians are printed as a Markdown table. Needs a running site (`npm start`).
import { chromium } from 'playwright-core';
import { median } from './lib/stats.mjs';

const [origin = 'http://127.0.0.1:3000', loadsArg = '11', ...pagesArg] = process.argv.slice(2);
const loads = Number(loadsArg);
const pages = pagesArg.length > 0 ? pagesArg : ['/', '/historias'];

/** The scripts the start script asks for after the paint: the entries, then the preloaded chunks (its arguments). */
function startScriptFiles(html) {
  const call = /\}\)\((\[[^\]]*\]),(\[[^\]]*\]),(\[[^\]]*\])\);<\/script>/.exec(html);
  if (!call) return [];
  return [...new Set([...JSON.parse(call[1]), ...JSON.parse(call[2])])];
}

const variants = {
  'tras la pintura (hoy)': (html) => html,
  'además preload fetchpriority=low en <head>': (html) =>
    html.replace(
      '</head>',
      `${startScriptFiles(html)
        .map((href) => `<link rel="preload" as="script" href="${href}" fetchpriority="low">`)
        .join('')}</head>`,
    ),
};

// the moment the shell ends the holding of early presses (decision 032): the page is live
const recordLive = () => {
  let held;
  Object.defineProperty(window, 'gotaHeldClicks', {
    configurable: true,
    get: () => held,
    set: (value) => {
      if (value === null && held !== null) window.gotaLiveAt = performance.now();
      held = value;
    },
  });
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  /** @type {Record<string, Record<string, { fcp: number, live: number }[]>>} */
  const samples = {};
  for (let load = 0; load < loads; load++) {
    for (const page of pages) {
      for (const [name, rewrite] of Object.entries(variants)) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addInitScript(recordLive);
        const tab = await context.newPage();
        await tab.route(`${origin}${page}`, async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, body: rewrite(await response.text()) });
        });
        await tab.goto(`${origin}${page}`);
        await tab.waitForFunction(() => typeof window.gotaLiveAt === 'number', undefined, { timeout: 30_000 });
        const figures = await tab.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          live: window.gotaLiveAt,
        }));
        ((samples[page] ??= {})[name] ??= []).push(figures);
        await context.close();
      }
    }
  }
  console.log(`\n| página | documento | primera pintura con contenido | viva (hidratada) |  (mediana de ${loads})`);
  console.log('|---|---|---|---|');
  for (const [page, byVariant] of Object.entries(samples)) {
    for (const [name, list] of Object.entries(byVariant)) {
      const fcp = median(list.map((sample) => sample.fcp)) ?? Number.NaN;
      const live = median(list.map((sample) => sample.live)) ?? Number.NaN;
      console.log(`| \`${page}\` | ${name} | ${fcp.toFixed(0)} ms | ${live.toFixed(0)} ms |`);
    }
  }
} finally {
  await browser.close();
}
