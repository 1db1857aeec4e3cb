// Looks at the server-rendered pages at several widths, with JavaScript on and off, in Chromium: console errors (a
// hydration mismatch logs "[hidratación] …"), layout shifts after the first paint, and screenshots to look at.
//   node e2e/scripts/check-layouts.mjs [base URL] [output folder]
// Not a test (it reports, it does not judge): the journeys in e2e/tests are the tests.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3900';
const out = process.argv[3] ?? path.join(process.cwd(), 'layout-shots');
const widths = [375, 768, 1280, 1920];
const shotWidths = new Set([375, 1280]);
mkdirSync(out, { recursive: true });

const blog = await (await fetch(`${base}/historias`)).text();
const story = /href="(\/historias\/[^"]+)"/.exec(blog)?.[1];
const pages = ['/', '/historias', ...(story ? [story] : []), '/aliados'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const rows = [];
for (const url of pages) {
  for (const width of widths) {
    for (const javaScript of [true, false]) {
      for (const theme of javaScript ? ['light', 'dark'] : ['light']) {
        if (theme === 'dark' && !shotWidths.has(width)) continue;
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          javaScriptEnabled: javaScript,
          locale: 'es-MX',
        });
        await context.addInitScript((dark) => {
          localStorage.setItem('localIsDark', String(dark));
          // every layout shift, with the elements that moved
          window.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.hadRecentInput) continue;
              window.__shifts.push({
                value: entry.value,
                sources: entry.sources.map(
                  (s) => s.node?.nodeName + (s.node?.className ? '.' + String(s.node.className).slice(0, 40) : ''),
                ),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        }, theme === 'dark');
        const page = await context.newPage();
        const errors = [];
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text().slice(0, 200)));
        page.on('pageerror', (error) => errors.push(String(error).slice(0, 200)));
        await page.goto(base + url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(800);
        const shifts = javaScript ? await page.evaluate(() => window.__shifts) : [];
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        const noScript = await page.evaluate(() => matchMedia('(scripting: none)').matches).catch(() => 'n/a');
        // wider than the window: something sideways overflows
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        const name = `${url === '/' ? 'home' : url.replaceAll('/', '_').slice(1)}-${width}-${javaScript ? 'js' : 'nojs'}-${theme}`;
        if (shotWidths.has(width)) await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
        rows.push({
          url,
          width,
          js: javaScript,
          theme,
          pageWidth,
          errors: errors.length,
          cls: Number(cls.toFixed(4)),
          shiftSources: [...new Set(shifts.flatMap((s) => s.sources))].join(' ').slice(0, 120),
          scriptingNone: noScript,
        });
        for (const error of errors) console.log(`  ${name}: ${error}`);
        await context.close();
      }
    }
  }
}
await browser.close();
console.table(rows);
