import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createLogger } from '../../logging/logger';
import { activateInDatabase } from '../../testing/release-fixtures';
import { secondPostgresDatabase, testDatabase, testDatabaseKind } from '../../testing/test-database';
import { releaseFollower, type ReleaseFollower } from './release-follower';
import { localRegistry } from './release-set';

let database: Database;
const followers: ReleaseFollower[] = [];
beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(async () => {
  await database.use().execute(sql`truncate remote_releases, release_log`);
});
afterAll(async () => {
  await Promise.all(followers.map((follower) => follower.stop()));
  await database.close();
});

/** An instance's view of the release set, over `on`; no server code (the follower's own job, not its code's). */
function follower(on: Database, options: { pollMs?: number; listenUrl?: string } = {}): ReleaseFollower {
  const made = releaseFollower({
    database: on,
    adopt: async () => undefined,
    fetchCode: () => Promise.reject(new Error('sin compilaciones')),
    localRegistry: localRegistry(),
    logger: createLogger({ level: 'silent' }),
    ...options,
  });
  followers.push(made);
  return made;
}

/** Registers a release of mf-stories and makes it the active one, as another instance would. */
const activateElsewhere = (folder: string) => activateInDatabase(database, 'mf-stories', folder);

describe(`following the active release set, on ${testDatabaseKind}`, () => {
  it('reads it again on its poll when nobody tells it', async () => {
    const instance = follower(database, { pollMs: 50 });
    await instance.refresh();
    instance.start();
    const manifestUrl = await activateElsewhere('sondeo');
    await expect.poll(() => instance.current().registry.mf_stories, { timeout: 5000 }).toBe(manifestUrl);
  });

  it('serves the local builds and says why when the set cannot be read, and follows once it can', async () => {
    const instance = follower(database);
    await instance.refresh();
    expect(instance.problem()).toBeNull();
    const manifestUrl = await activateElsewhere('despues');
    await database.use().execute(sql`alter table release_log rename to release_log_fuera`);
    try {
      await instance.refresh();
      expect(instance.current().registry.mf_stories).toBe('/mf/mf-stories/mf-manifest.json');
      expect(instance.problem()).toMatch(/no se pudo leer el conjunto de versiones/);
    } finally {
      await database.use().execute(sql`alter table release_log_fuera rename to release_log`);
    }
    await instance.refresh();
    expect(instance.problem()).toBeNull();
    expect(instance.current().registry.mf_stories).toBe(manifestUrl);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('PostgreSQL tells every instance (LISTEN/NOTIFY)', () => {
  let other: Database;
  beforeAll(async () => {
    other = await secondPostgresDatabase();
  });
  afterAll(() => other.close());

  it('a change made through one instance reaches another that only listens (its poll is an hour away)', async () => {
    const listening = follower(other, { pollMs: 3_600_000, listenUrl: process.env.TEST_DATABASE_URL });
    await listening.refresh();
    listening.start();
    // the listener is up once its connection shows in pg_stat_activity
    await expect
      .poll(
        async () =>
          (
            (await database
              .use()
              .execute(sql`select count(*)::int as n from pg_stat_activity where query = 'listen gota_releases'`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]!.n,
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
    const manifestUrl = await activateElsewhere('aviso');
    await expect.poll(() => listening.current().registry.mf_stories, { timeout: 5000 }).toBe(manifestUrl);

    // its connection is cut: it listens again, and reads the set at once (a change may have passed meanwhile)
    await database
      .use()
      .execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen gota_releases'`);
    const after = await activateElsewhere('tras-el-corte');
    await expect.poll(() => listening.current().registry.mf_stories, { timeout: 10_000 }).toBe(after);
  });
});
