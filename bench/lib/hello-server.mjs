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
if (process.env.SAME_FILE) {
  const html = readFileSync(process.env.SAME_FILE, 'utf8');
  app.get('/mismo', compress({ encoding: 'gzip' }), (c) => c.html(html));
  app.get('/mismo-plano', (c) => c.html(html));
}

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
