// The bare baseline of the load test: a Hono hello-world on @hono/node-server, the same stack as the API without any of
// its work. The API's requests per second divided by this server's says how much of the machine the site's code costs.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('¡Hola, mundo!'));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
