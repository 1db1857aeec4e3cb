import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { throttleCounters } from '../db/schema';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { pruneExpired } from '../db/maintenance';
import { hit, identityKey, resetCounter } from './throttle';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe(`throttle counters on ${testDatabaseKind}`, () => {
  it('counts within the window and refuses above the limit', async () => {
    const key = `prueba:${Date.now()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(database.use(), key, 3, 60));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.count).toBe(4);
    expect(results[3]!.retryAfter).toBeGreaterThan(55);
    expect(results[3]!.retryAfter).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one ends', async () => {
    const key = `ventana:${Date.now()}`;
    expect((await hit(database.use(), key, 1, 1)).allowed).toBe(true);
    expect((await hit(database.use(), key, 1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await hit(database.use(), key, 1, 1)).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts concurrent attempts exactly', async () => {
    const key = `concurrente:${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => hit(database.use(), key, 5, 60)));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('resets a key, ignores limit 0, hashes identities and prunes old windows', async () => {
    const key = identityKey('login', ' Ana@Ejemplo.MX ');
    expect(key).toBe(identityKey('login', 'ana@ejemplo.mx'));
    expect(key).not.toContain('ana');
    await hit(database.use(), key, 1, 60);
    expect((await hit(database.use(), key, 1, 60)).allowed).toBe(false);
    await resetCounter(database.use(), key);
    expect((await hit(database.use(), key, 1, 60)).allowed).toBe(true);
    expect((await hit(database.use(), key, 0, 60)).allowed).toBe(true);
    await database
      .use()
      .insert(throttleCounters)
      .values({ key: 'viejo', count: 9, resetAt: new Date(Date.now() - 2 * 86_400_000) });
    await pruneExpired(database);
    const rows = await database.use().select().from(throttleCounters);
    expect(rows.some((row) => row.key === 'viejo')).toBe(false);
  });

  it('prunes a counter as soon as its window has ended, and keeps a live one (#12 row 16)', async () => {
    await database
      .use()
      .insert(throttleCounters)
      .values([
        { key: 'terminado', count: 3, resetAt: new Date(Date.now() - 60_000) },
        { key: 'vivo', count: 3, resetAt: new Date(Date.now() + 60_000) },
      ]);
    await pruneExpired(database);
    const keys = (await database.use().select().from(throttleCounters)).map((row) => row.key);
    expect(keys).not.toContain('terminado');
    expect(keys).toContain('vivo');
  });
});
