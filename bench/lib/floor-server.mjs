// The floor of a page (issue #43 item 5): the very HTML the API answers for it with every <link> and <script> element
// removed, so that the browser gets the document and the images it names, and nothing else. Each route of FLOOR_PAGES
// (a JSON list) is read once from FLOOR_ORIGIN (the API under test) and sent gzipped, as the API sends it; any other
// request (the images) goes to the API. Lighthouse audits it beside the page: the page's figures over the floor's are
// what the style sheets and scripts cost.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const origin = process.env.FLOOR_ORIGIN ?? '';
const pages = /** @type {string[]} */ (JSON.parse(process.env.FLOOR_PAGES ?? '[]'));

/** The document without any link or script element (data blocks such as JSON-LD are scripts too, and go as well). */
function floorOf(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*>/gi, '');
}

const floors = new Map();
for (const route of pages) {
  const response = await fetch(origin + route);
  if (!response.ok) continue;
  floors.set(route, gzipSync(floorOf(await response.text()), { level: 9 }));
}

createServer(async (req, res) => {
  const floor = floors.get(req.url ?? '');
  if (floor) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Cache-Control': 'no-cache' });
    res.end(floor);
    return;
  }
  try {
    const upstream = await fetch(origin + req.url, { headers: { 'Accept-Encoding': req.headers['accept-encoding'] ?? '' } });
    const headers = {};
    for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag']) {
      const value = upstream.headers.get(name);
      if (value) headers[name] = value;
    }
    // fetch decodes the body: it is sent as it arrives, without the encoding it no longer has, and with its length, as
    // the API sends a file. Sent chunked (no Content-Length), the hero's photo was never Chromium's LCP under DevTools
    // throttling (Lighthouse named the headline), so the floor of `/` did not wait for the photo the page waits for
    // (decision 058, 2026-11-29)
    delete headers['content-encoding'];
    const body = Buffer.from(await upstream.arrayBuffer());
    headers['content-length'] = String(body.length);
    res.writeHead(upstream.status, headers);
    res.end(body);
  } catch (error) {
    res.writeHead(502).end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
