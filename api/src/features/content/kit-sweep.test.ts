import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitFile } from '@gota/shared/contracts';
import { restoreSet } from './content-sets-store';
import type { Database } from '../../db/database';
import { contentSetRevisions, contentSets, kitArchives, kitBlobs } from '../../db/schema';
import { expectSweepLogged, whileAnotherInstanceSweeps } from '../../testing/sweeps';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { findKitArchive, sha256Of, storeKitArchive } from './kit-archive';
import { startKitArchiveSweep, sweepOldKitArchives } from './kit-sweep';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

/** A kit of one visible text file saying `text`, its bytes stored. */
async function kit(text: string): Promise<KitFile[]> {
  const bytes = Buffer.from(text);
  const sha256 = sha256Of(bytes);
  await database.use().insert(kitBlobs).values({ sha256, kind: 'txt', size: bytes.length, bytes }).onConflictDoNothing();
  const current = {
    sha256,
    size: bytes.length,
    kind: 'txt' as const,
    originalName: 'leeme.txt',
    uploadedAt: '2026-11-01T12:00:00.000Z',
    uploadedBy: 'ana@gotaagota.mx',
  };
  return [{ id: 'leeme', name: 'leeme.txt', title: 'Léeme', description: '', visible: true, current, earlier: [] }];
}

/**
 * The kit as it is (`now`, version 3), and its revisions: the one it was saved with today, one of yesterday noon
 * (`recent`, within the day kept), one of three days ago (`old`); each with its ZIP stored, and a ZIP no list names.
 */
async function history() {
  const db = database.use();
  await db.delete(contentSetRevisions).where(eq(contentSetRevisions.kind, 'descargas'));
  await db.delete(contentSets).where(eq(contentSets.kind, 'descargas'));
  await db.delete(kitArchives);
  const [old, recent, now, orphan] = [await kit('antes'), await kit('ayer'), await kit('hoy'), await kit('suelto')];
  await db.insert(contentSets).values({ kind: 'descargas', items: now, version: 3, updatedBy: 'ana@gotaagota.mx' });
  await db.insert(contentSetRevisions).values([
    { kind: 'descargas', number: 1, items: old, by: 'ana', at: sql`now() - make_interval(days => 3)` },
    { kind: 'descargas', number: 2, items: recent, by: 'ana', at: sql`now() - make_interval(hours => 12)` },
    { kind: 'descargas', number: 3, items: now, by: 'ana' },
  ]);
  for (const items of [old, recent, now, orphan]) await storeKitArchive(db, items);
  return { old, recent, now, orphan };
}

const stored = async (items: KitFile[]) => (await findKitArchive(database.use(), items)) !== null;

describe(`the sweep of the kit's old ZIPs, on ${testDatabaseKind}`, () => {
  it('removes the ZIPs neither the kit nor a revision of the last day names, and keeps those', async () => {
    const { old, recent, now, orphan } = await history();
    expect(await sweepOldKitArchives(database)).toBe(2);
    expect([await stored(now), await stored(recent), await stored(old), await stored(orphan)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // nothing left to remove: the next round counts none
    expect(await sweepOldKitArchives(database)).toBe(0);
  });

  it('«Restaurar» of a list whose ZIP was swept builds it again, from the files’ bytes, in the same save', async () => {
    const { old } = await history();
    await sweepOldKitArchives(database);
    expect(await stored(old)).toBe(false);
    await restoreSet(database.use(), 'descargas', 1, 3, 'ana@gotaagota.mx');
    expect(await stored(old)).toBe(true);
  });

  it('removes nothing while the database has no kit', async () => {
    await history();
    await database.use().delete(contentSets).where(eq(contentSets.kind, 'descargas'));
    expect(await sweepOldKitArchives(database)).toBe(0);
    expect(await database.use().select({ manifest: kitArchives.manifest }).from(kitArchives)).toHaveLength(4);
  });

  it('counts and logs each round on the instance that ran it', async () => {
    await history();
    await expectSweepLogged(
      (logger, everyMs) => startKitArchiveSweep(database, logger, everyMs),
      2,
      'ZIP del kit ya sin usar borrados: 2',
    );
  });

  it.skipIf(testDatabaseKind !== 'postgres')('skips a round while another instance is sweeping', async () => {
    const { old } = await history();
    await whileAnotherInstanceSweeps(database, 4061987506, async () => {
      expect(await sweepOldKitArchives(database)).toBeNull();
    });
    expect(await stored(old)).toBe(true);
    expect(await sweepOldKitArchives(database)).toBe(2);
  });
});
