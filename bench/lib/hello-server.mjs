// The bare baselines of the load test, on @hono/node-server: the same stack as the API without any of its work.
// `/` is a hello-world; `/mismo` (when SAME_FILE is set) sends the bytes of a page the API rendered, with the API's own
// compression, so that the API's compressed documents can be compared with merely sending them.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

const app = new Hono();
app.get('/', (c) => c.text('¡Hola, mundo!'));
if (process.env.SAME_FILE) {
  const html = readFileSync(process.env.SAME_FILE, 'utf8');
  app.get('/mismo', compress({ encoding: 'gzip' }), (c) => c.html(html));
}

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
