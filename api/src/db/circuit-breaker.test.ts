import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericErrorMessage } from '@gota/shared/contracts';
import { Browser } from '../testing/browser';
import { postgresBehindRelay, type PostgresBehindRelay, type Relay } from '../testing/relay';
import { testApp } from '../testing/test-app';
import { testDatabaseKind } from '../testing/test-database';
import type { Database } from './database';
import { signUp } from '../testing/sign-up';

// Issue #12 row 4: PostgreSQL hung (connections accepted, no answers). Pages must not wait past the session budget,
// forms answer 503 within a few seconds and then at once (circuit breaker), /readyz says the database is down, and
// everything works again once it answers. No timing is asserted: before the fix each of the page views and posts below
// waited 3–15 s, far past the test's time limit.

const password = 'contraseña del circuito';
const authOf = async (res: Response) => ((await res.json()) as { props: { auth: { user: unknown } } }).props.auth.user;

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL that hangs', () => {
  let behind: PostgresBehindRelay;
  let relay: Relay;
  let database: Database;
  beforeAll(async () => {
    behind = await postgresBehindRelay(4);
    ({ relay, database } = behind);
    await database.migrate();
  });
  afterAll(() => behind.close());

  it('pages render as anonymous, forms answer 503 without waiting once the circuit is open, then recover', async () => {
    const { app } = testApp({ database });
    const browser = new Browser(app);
    const email = `circuito.${Date.now()}@ejemplo.mx`;
    await signUp(browser, email, password, { name: 'Nora', lastName: 'Paz' });
    const contact = () => browser.post('/contacto-empresa', { name: 'Nora', lastName: 'Paz', email });

    relay.hang();
    const page = await browser.get('/', { 'X-Inertia': 'true' });
    expect(page.status).toBe(200);
    expect(await authOf(page)).toBeNull();
    const first = await contact();
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ message: genericErrorMessage });

    // the probe finds no answer and opens the circuit; /readyz stays 200 (pages work) and says so
    for (;;) {
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(200);
      if (((await ready.json()) as { database: string }).database === 'down') break;
    }
    for (let i = 0; i < 10; i++) {
      expect(await authOf(await browser.get('/historias', { 'X-Inertia': 'true' }))).toBeNull();
      const res = await contact();
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
    }

    relay.recover();
    while (database.state !== 'ok') await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await contact()).status).toBe(201);
    expect(await authOf(await browser.get('/', { 'X-Inertia': 'true' }))).toEqual({ firstName: 'Nora', staff: false, roles: [] });
  });
});
