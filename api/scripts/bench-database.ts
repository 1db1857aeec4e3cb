// What the in-process benches (inbox-bench.ts, search-bench.ts) share: a database of their own, and their figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';

/** The value at quantile `q` (0.5, 0.99) of ascending `sorted`. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
/** Two decimals, for the JSON line a bench prints. */
export const round = (value: number) => Math.round(value * 100) / 100;

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database for a bench, thrown away by `dispose`: PGlite in a temporary folder, or, given a PostgreSQL
 * server's address (its role needs CREATEDB), a database `name` created afresh on it.
 */
export async function benchDatabase(
  name: string,
  adminUrl: string | undefined,
  postgres: { queryTimeoutMs?: number } = {},
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const dataDir = adminUrl ? null : mkdtempSync(path.join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  let url: string | undefined;
  if (adminUrl) {
    await adminQuery(adminUrl, `drop database if exists ${name}`);
    await adminQuery(adminUrl, `create database ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const database = await openDatabase(url ? { url, poolMax: 4, ...postgres } : { dataDir: path.join(dataDir as string, 'db') });
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      // WITH (FORCE): a connection the pool has not closed yet must not keep the bench's database alive
      if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
