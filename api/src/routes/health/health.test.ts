import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

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
