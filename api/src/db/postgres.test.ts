import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../testing/browser';
import { postgresBehindRelay } from '../testing/relay';
import { testApp } from '../testing/test-app';
import { secondPostgresDatabase, testDatabase, testDatabaseKind } from '../testing/test-database';
import { openDatabase, type Database } from './database';
import { signUp } from '../testing/sign-up';

// What only a server database can show: several API instances sharing one PostgreSQL, and an API that survives the
// database going away and coming back. Runs in the api-postgres project (TEST_DATABASE_URL).

const password = 'contraseña compartida';

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL', () => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await testDatabase();
    second = await secondPostgresDatabase();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('two API instances share sessions and throttle counters', async () => {
    const { app: a } = testApp({ database: first, env: { THROTTLE_IP_LIMIT: '3' } });
    const { app: b } = testApp({ database: second, env: { THROTTLE_IP_LIMIT: '3' } });
    const browser = new Browser(a);
    const email = `instancias.${Date.now()}@ejemplo.mx`;
    await signUp(browser, email, password, { name: 'Iris', lastName: 'Vega' });

    // the same cookies against the other instance: still signed in, and its token works there
    const onB = new Browser(b, browser.ip);
    for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
    onB.token = browser.token;
    const page = await onB.get('/', { 'X-Inertia': 'true' });
    expect(((await page.json()) as { props: { auth: unknown } }).props.auth).toEqual({
      user: { firstName: 'Iris', staff: false, roles: [] },
    });
    expect((await onB.post('/logout', {})).status).toBe(200);
    const afterLogout = await browser.get('/', { 'X-Inertia': 'true' });
    expect(((await afterLogout.json()) as { props: { auth: unknown } }).props.auth).toEqual({ user: null });

    // one client alternating between instances is counted once: limit 3 per IP on login
    const client = new Browser(a);
    const clientOnB = new Browser(b, client.ip);
    client.fillToken();
    clientOnB.cookies.set('xsrf', client.cookies.get('xsrf')!);
    clientOnB.token = client.token;
    const statuses = [];
    for (const target of [client, clientOnB, client, clientOnB]) {
      statuses.push((await target.post('/login', { email, password: 'equivocada' })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
  });

  it('several instances can apply migrations at the same time', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url, poolMax: 2 })));
    try {
      await Promise.all(instances.map((database) => database.migrate()));
      for (const database of instances) expect(await database.ping()).toBe(true);
    } finally {
      await Promise.all(instances.map((database) => database.close()));
    }
  });

  it('keeps serving pages while the database is down, answers 503 to forms, and reconnects', async () => {
    const behind = await postgresBehindRelay(2);
    const { relay, database } = behind;
    try {
      await database.migrate();
      const { app } = testApp({ database });
      const browser = new Browser(app);
      const email = `reconecta.${Date.now()}@ejemplo.mx`;
      await signUp(browser, email, password, { name: 'Raúl', lastName: 'Mora' });

      await relay.cut();
      const page = await browser.get('/historias');
      expect(page.status).toBe(200);
      const form = await browser.post('/contacto-empresa', { name: 'Raúl', lastName: 'Mora', email });
      expect(form.status).toBe(503);
      expect(await form.json()).toEqual({ message: 'Esto no debía de haber pasado, intenta más tarde' });
      // the instance still serves pages: it stays in the balancer, and says the database is down
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', pages: 'ok', database: 'down' });

      await relay.open();
      // the circuit breaker's probe (every second) notices the database is back
      while (((await (await app.request('/readyz')).json()) as { database: string }).database !== 'ok') {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await browser.post('/contacto-empresa', { name: 'Raúl', lastName: 'Mora', email })).status).toBe(201);
      const home = await browser.get('/', { 'X-Inertia': 'true' });
      expect(((await home.json()) as { props: { auth: unknown } }).props.auth).toEqual({
        user: { firstName: 'Raúl', staff: false, roles: [] },
      });
    } finally {
      await behind.close();
    }
  });
});
