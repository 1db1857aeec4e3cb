import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { openDatabase, type Database } from './database';
import { DatabaseUnavailableError, describeError, isDatabaseUnavailable, isUniqueViolation } from './errors';
import { schema, users } from './schema';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe(`database on ${testDatabaseKind}`, () => {
  it('applies the migrations once: a second run changes nothing', async () => {
    await database.migrate();
    // both drivers answer `{ rows }`; the shared drizzle type cannot say so
    const tables = (await database
      .use()
      .execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )) as unknown as { rows: { table_name: string }[] };
    // every table of the schema, and nothing else
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      Object.values(schema)
        .map((table) => getTableName(table))
        .sort(),
    );
    expect(tables.rows.map((row) => row.table_name)).toContain('stories');
    expect(await database.ping()).toBe(true);
  });

  it('refuses use before migrations and after close, as an unavailable database (503, not 500)', async () => {
    const fresh = await openDatabase(testDatabaseKind === 'postgres' ? { url: process.env.TEST_DATABASE_URL } : {});
    expect(() => fresh.use()).toThrow(DatabaseUnavailableError);
    await fresh.migrate();
    expect(fresh.ready).toBe(true);
    await fresh.close();
    await fresh.close();
    expect(() => fresh.use()).toThrow(DatabaseUnavailableError);
    expect(await fresh.ping()).toBe(false);
  });

  it('recognises unique violations and keeps query values out of error descriptions', async () => {
    const row = {
      name: 'Ana',
      lastName: 'Ruiz',
      email: 'unica@ejemplo.mx',
      username: 'ana.unica',
      passwordHash: '$argon2id$secreto',
    };
    await database.use().insert(users).values(row);
    const error = await database
      .use()
      .insert(users)
      .values(row)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(JSON.stringify(describeError(error))).not.toContain('$argon2id$secreto');
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells connection failures from query errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });
});
