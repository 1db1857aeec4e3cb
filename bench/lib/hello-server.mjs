// The bare baselines of the load test, on @hono/node-server: the same stack as the API without any of its work.
// `/` is a hello-world. When SAME_FILE is set, `/mismo` sends the bytes of a page the API rendered with the API's own
// compression, and `/mismo-plano` sends them uncompressed, so that the API's documents can be compared with merely
// sending them.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

const app = new Hono();
app.get('/', (c) => c.text('¡Hola, mundo!'));
// the bench reads the process's CPU time around each run
app.get('/cpu', (c) => c.json(process.cpuUsage()));
if (process.env.SAME_FILE) {
  // bytes, as the API keeps its answers: a JavaScript string with a character beyond Latin-1 (the page's ‹ ›) would be
  // encoded to UTF-8 again on every request, which the API never does, and the ceiling would be understated
  const html = readFileSync(process.env.SAME_FILE);
  // a new headers object per answer: @hono/node-server adds Content-Length to the one it is given
  const send = (c) => c.body(html, 200, { 'Content-Type': 'text/html; charset=UTF-8' });
  app.get('/mismo', compress({ encoding: 'gzip' }), send);
  app.get('/mismo-plano', send);
}

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
