// The yardstick of the load test: @hono/node-server and Hono, the API's own stack, doing nothing but send bytes the API
// answered, as they are: the same body with the same Content-Type and Content-Encoding (no compression per request).
// SAME_BYTES is a JSON list of { path, file, type, encoding }. `/cpu` tells the bench this process's CPU time so far.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/cpu', (c) => c.json(process.cpuUsage()));
for (const { path, file, type, encoding } of JSON.parse(process.env.SAME_BYTES ?? '[]')) {
  // bytes, as the API keeps its answers: never encoded again per request
  const body = readFileSync(file);
  // a new headers object per answer: @hono/node-server adds Content-Length to the one it is given
  app.get(path, (c) => c.body(body, 200, { 'Content-Type': type, ...(encoding ? { 'Content-Encoding': encoding } : {}) }));
}

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
