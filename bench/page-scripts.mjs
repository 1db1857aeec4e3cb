// Lists the scripts a page loads in Chromium with JavaScript on, biggest first, with the bytes that crossed the wire
// (compressed as the server sent them) and their decoded size, in a phone-sized window (412 × 823, Lighthouse's mobile
// screen) unless WIDTH and HEIGHT say otherwise. Usage: node bench/page-scripts.mjs <url> [<url>…]
// A quick check of the home page's JavaScript budget (bench/budgets.json `jsBytes`) without a Lighthouse run.
import { chromium } from 'playwright-core';

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('Uso: node bench/page-scripts.mjs <url> [<url>…]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const url of urls) {
    const page = await browser.newPage({
      viewport: { width: Number(process.env.WIDTH ?? 412), height: Number(process.env.HEIGHT ?? 823) },
    });
    /** @type {Promise<{ wire: number, decoded: number, path: string }>[]} */
    const rows = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script' || !/^https?:/.test(request.url())) return;
      rows.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          const body = await response?.body().catch(() => null);
          return {
            wire: sizes.responseBodySize + sizes.responseHeadersSize,
            decoded: body?.length ?? 0,
            path: new URL(request.url()).pathname,
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const done = (await Promise.all(rows)).sort((a, b) => b.wire - a.wire);
    console.log(`\n${url}`);
    for (const row of done) console.log(`${String(row.wire).padStart(8)} ${String(row.decoded).padStart(9)}  ${row.path}`);
    const total = done.reduce((sum, row) => sum + row.wire, 0);
    console.log(`${String(total).padStart(8)} bytes por la red (con cabeceras) en ${done.length} scripts`);
    await page.close();
  }
} finally {
  await browser.close();
}
