import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

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
