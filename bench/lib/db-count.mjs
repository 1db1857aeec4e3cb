// Counts the stored company messages, to prove that every acknowledged POST was stored: the rows of kind 'empresa' in
// the API's `leads` table (api/src/db/schema.ts: leads).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

const query = "select count(*)::int as n from leads where kind = 'empresa'";

/** A table that does not exist yet (a fresh database before its migrations) holds no rows. */
const isMissingTable = (error) => /leads.*does not exist|relation .* does not exist/i.test(String(error?.message));

/**
 * Runs the count on an open connection and closes it, whatever happens.
 * @param {{ query(sql: string): Promise<{ rows: { n: number }[] }> }} connection a pg.Client or a PGlite: both answer `query` alike
 * @param {() => Promise<void>} close how this kind of connection is closed (`end` for pg, `close` for PGlite)
 * @returns {Promise<number>}
 */
async function countOn(connection, close) {
  try {
    return (await connection.query(query)).rows[0].n;
  } catch (error) {
    if (isMissingTable(error)) return 0;
    throw error;
  } finally {
    await close();
  }
}

/**
 * Company messages in `leads`. PGlite is single-process: its folder is locked while the API runs, so call this only
 * with the API stopped. PostgreSQL can be counted at any time.
 * @param {{ dataDir: string, databaseUrl?: string | undefined }} where
 * @returns {Promise<number>}
 */
export async function countCompanyMessages({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return countOn(client, () => client.end());
  }
  const dir = path.join(dataDir, 'db');
  if (!existsSync(dir)) return 0;
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  return countOn(db, () => db.close());
}
