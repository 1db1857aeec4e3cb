// The hero's two ways (issue #43 item 3, decision 058 of 2026-11-29), measured with DevTools-applied throttling in one
// run: `/` as the API serves it (the photo preloaded: it is the LCP); the same document with the photo never arriving
// (its requests answered 404), so that the headline is the largest paint: the best any way of drawing the photo after
// the headline can do; the same document with the photo's candidates marked at a high pixel density (`8x`: the same
// pixels on screen, a smaller size in CSS pixels, which Chromium does not count: the photo stays the LCP); and the floor
// of the first. The three are audited in turns, `--runs` times (default 3), and the medians printed as a
// JSON line. Usage: node bench/hero-lcp.mjs <origin of a production start> [--runs N]
import { createServer, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { launchChrome } from './lib/lighthouse.mjs';
import { median } from './lib/stats.mjs';

const origin = process.argv[2] ?? 'http://127.0.0.1:3000';
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

const served = await (await fetch(`${origin}/`)).text();
/** The photo at a high density: each `480w, 768w` list becomes the one file that the page picks on a phone. */
const dense = served.replace(/(srcset|imagesrcset)="[^"]*azul-480\.(avif|webp) 480w, [^"]*"/gi, '$1="/img/azul-768.$2 8x"');
if (dense === served) throw new Error('no se encontró el srcset del héroe');
const floor = served.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*>/gi, '');
const documents = { '/foto/': served, '/sin-foto/': served, '/densa/': dense, '/suelo/': floor };

const proxy = createServer(async (req, res) => {
  const html = documents[/** @type {keyof typeof documents} */ (req.url ?? '')];
  if (html) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Cache-Control': 'no-cache' });
    res.end(gzipSync(html, { level: 9 }));
    return;
  }
  // the photo of /sin-foto/ never arrives (a request's Referer names the document that asked)
  if (/^\/img\/azul/.test(req.url ?? '') && (req.headers.referer ?? '').endsWith('/sin-foto/')) {
    res.writeHead(404).end();
    return;
  }
  // everything else from the API as it is, compressed or not
  const upstream = request(
    origin + (req.url ?? '/'),
    { headers: { 'accept-encoding': req.headers['accept-encoding'] ?? '' } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => res.writeHead(502).end(String(error)));
  upstream.end();
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = proxy.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const chrome = await launchChrome();
const samples = Object.fromEntries(Object.keys(documents).map((path) => [path, []]));
try {
  for (let run = 0; run < runs; run += 1) {
    for (const path of Object.keys(documents)) {
      const result = await lighthouse(
        base + path,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        { extends: 'lighthouse:default', settings: { throttlingMethod: 'devtools', onlyCategories: ['performance'] } },
      );
      const audits = result?.lhr.audits ?? {};
      const element = /** @type {{ items?: { items?: { node?: { nodeLabel?: string } }[] }[] } | undefined} */ (
        audits['largest-contentful-paint-element']?.details
      );
      const sample = {
        fcpMs: audits['first-contentful-paint']?.numericValue ?? null,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
        lcpElement: element?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? null,
      };
      samples[path].push(sample);
      console.error(`${path} ${run + 1}/${runs}: ${JSON.stringify(sample)}`);
    }
  }
} finally {
  await chrome.kill();
  proxy.close();
}
const medians = Object.fromEntries(
  Object.entries(samples).map(([path, list]) => [
    path,
    {
      fcpMs: median(list.map((sample) => sample.fcpMs)),
      lcpMs: median(list.map((sample) => sample.lcpMs)),
      lcpElements: [...new Set(list.map((sample) => sample.lcpElement))],
    },
  ]),
);
console.log(JSON.stringify({ runs, medians }));
