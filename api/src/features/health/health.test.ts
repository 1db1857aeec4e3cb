import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { genericErrorMessage } from '@gota/shared/contracts';
import { Browser } from '../../testing/browser';
import { interceptedDatabase } from '../../testing/intercepted-database';
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
  const database = interceptedDatabase(inner, (method) =>
    state.full && writes.has(method)
      ? () => {
          throw new Error('Failed query', { cause: diskFull });
        }
      : undefined,
  );
  return { database, state };
}

describe(`a full disk on ${testDatabaseKind} (#12 row 18)`, () => {
  it('forms answer 503 in Spanish, /readyz says so, and both recover without a restart', async () => {
    const { database: disk, state } = fillableDisk(database);
    const { app } = testApp({ database: disk });
    const company = () => ({
      empresa: 'Aguas del Valle',
      name: 'Sofía Ramírez',
      email: `lleno.${Date.now()}@ejemplo.mx`,
      mensaje: 'Queremos sumarnos.',
    });
    expect((await app.request('/readyz')).status).toBe(200);

    state.full = true;
    const res = await new Browser(app).post('/contacto-empresa', company());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: genericErrorMessage });
    // pages still serve, so the balancer keeps the instance; the database field tells the monitor why forms fail
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', pages: 'ok', database: 'full' });

    state.full = false;
    expect((await new Browser(app).post('/contacto-empresa', company())).status).toBe(201);
    expect(await (await app.request('/readyz')).json()).toMatchObject({ database: 'ok' });
  });
});

describe(`/readyz on ${testDatabaseKind} (issue #15 row 4)`, () => {
  it('says whether this instance can serve pages; the database is its own field and never makes it 503', async () => {
    const { app } = testApp({ database });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', pages: 'ok', database: 'ok' });
    expect(ready.headers.get('Set-Cookie')).toBeNull();
    expect(ready.headers.get('Cache-Control')).toBe('no-store');
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/readyz', { method: 'POST', headers: { Origin: 'http://localhost' } })).status).not.toBe(200);

    await database.close();
    // pages still render, so a balancer keeps the instance; a monitor sees the database field
    const down = await app.request('/readyz');
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ status: 'ok', pages: 'ok', database: 'down' });
    expect((await app.request('/historias', { headers: { 'X-Inertia': 'true' } })).status).toBe(200);
  });

  it('is 503 while the instance drains', async () => {
    const { app } = testApp({ lifecycle: { draining: true } });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'draining' });
  });

  it('is 503 and names the problem when pages cannot be rendered', async () => {
    const shellDist = mkdtempSync(path.join(tmpdir(), 'gota-shell-'));
    writeFileSync(path.join(shellDist, 'entry-assets.json'), '{"js": [');
    const { app } = testApp({ env: { SHELL_DIST: shellDist } });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; pages: string };
    expect(body.status).toBe('unavailable');
    expect(body.pages).toMatch(/JSON/);
  });
});
