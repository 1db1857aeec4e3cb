import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database';

/**
 * Which database the API tests run on: PGlite in memory by default; PostgreSQL when the `api-postgres` vitest project
 * sets GOTA_TEST_DB=postgres (it exists only when TEST_DATABASE_URL is set, see vitest.config.ts).
 */
export const testDatabaseKind: Database['kind'] = process.env.GOTA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('GOTA_TEST_DB=postgres necesita TEST_DATABASE_URL (postgres://gota:gota@127.0.0.1:5432/gota_test)');
  return url;
}

/**
 * A migrated, empty database for one test file. On PostgreSQL the files run one at a time (vitest.config.ts) and each
 * starts by emptying the tables. Close it in `afterAll`: an open PGlite or pool keeps the worker alive.
 *
 * @example
 * const database = await testDatabase()
 * afterAll(() => database.close())
 */
export async function testDatabase(): Promise<Database> {
  const database =
    testDatabaseKind === 'postgres' ? await openDatabase({ url: postgresUrl(), poolMax: 4 }) : await openDatabase();
  await database.migrate();
  if (testDatabaseKind === 'postgres') {
    await database
      .use()
      .execute(
        sql`truncate users, sessions, password_reset_tokens, leads, lead_events, mail_outbox, throttle_counters, idempotency_keys, remote_releases, release_log, release_signals, stories, story_revisions, story_redirects, content_log, content_state, media_images, media_variants, user_roles, team_members, role_bootstrap, team_invitations, team_log, user_totp, user_passkeys, recovery_codes, content_sets, content_set_revisions, story_share_cards`,
      );
  }
  return database;
}

/** A second connection pool on the same PostgreSQL: a second API instance. */
export async function secondPostgresDatabase(): Promise<Database> {
  const database = await openDatabase({ url: postgresUrl(), poolMax: 4 });
  await database.migrate();
  return database;
}
