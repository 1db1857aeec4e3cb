import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { genericErrorMessage } from '@gota/shared/contracts';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

/** The database as it behaves on a full disk: reads work, every write fails with SQLSTATE 53100, until `full` is false. */
function fillableDisk(inner: Database) {
  const state = { full: false };
  const diskFull = Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), { code: '53100' });
  const writes = new Set(['insert', 'update', 'delete', 'transaction', 'execute']);
  const database: Database = {
    get kind() { return inner.kind; },
    get ready() { return inner.ready; },
    migrate: () => inner.migrate(),
    ping: (ms) => inner.ping(ms),
    close: async () => undefined,
    use: () =>
      new Proxy(inner.use(), {
        get(target, property, receiver) {
          if (state.full && typeof property === 'string' && writes.has(property)) {
            return () => {
              throw new Error('Failed query', { cause: diskFull });
            };
          }
          return Reflect.get(target, property, receiver) as unknown;
        },
      }),
  };
  return { database, state };
}

describe(`a full disk on ${testDatabaseKind} (#12 row 18)`, () => {
  it('forms answer 503 in Spanish, /readyz says so, and both recover without a restart', async () => {
    const { database: disk, state } = fillableDisk(database);
    const { app } = testApp({ database: disk });
    const company = () => ({ empresa: 'Aguas del Valle', name: 'Sofía Ramírez', email: `lleno.${Date.now()}@ejemplo.mx`, mensaje: 'Queremos sumarnos.' });
    expect((await app.request('/readyz')).status).toBe(200);

    state.full = true;
    const res = await new Browser(app).post('/contacto-empresa', company());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: genericErrorMessage });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'full' });

    state.full = false;
    expect((await new Browser(app).post('/contacto-empresa', company())).status).toBe(201);
    expect((await app.request('/readyz')).status).toBe(200);
  });
});

describe(`/readyz on ${testDatabaseKind}`, () => {
  it('is 200 while the database answers and 503 once it is gone', async () => {
    const { app } = testApp({ database });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(ready.headers.get('Set-Cookie')).toBeNull();
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/readyz', { method: 'POST', headers: { Origin: 'http://localhost' } })).status).not.toBe(200);

    await database.close();
    const down = await app.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
