import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { KitFile } from '@gota/shared/contracts';
import type { Database, DbLogger } from '../../db/database';
import { contentSetRevisions, contentSets, kitArchives } from '../../db/schema';
import { startSweep, tryRoundLock, type Sweep } from '../../db/sweep';
import { kitManifest } from './kit-archive';

/** Held for the sweep's transaction (the photos' sweep holds 4 061 987 505). */
const sweepLockId = 4_061_987_506;

/**
 * A ZIP stays this long after the kit stopped naming it: an instance that has not yet heard of the change still serves
 * it, and «Restaurar» right after a mistake finds it stored.
 */
const keepHours = 24;

/**
 * Removes the kit's stored ZIPs (decision 061) that neither the current kit nor a revision of the last day names.
 * Only the current kit's ZIP is ever served; an older list's ZIP is rebuilt from its files' bytes (never deleted) in
 * the transaction of the «Restaurar» that brings that list back. The kit's row is locked as a save locks it, so no save
 * or restore can take up a ZIP this round removes. Returns how many went, or null when another instance holds the
 * round.
 */
export async function sweepOldKitArchives(database: Database): Promise<number | null> {
  return database.use().transaction(async (tx) => {
    if (!(await tryRoundLock(tx, sweepLockId))) return null;
    const [kit] = await tx
      .select({ items: contentSets.items })
      .from(contentSets)
      .where(eq(contentSets.kind, 'descargas'))
      .for('update');
    if (!kit) return 0;
    const recent = await tx
      .select({ items: contentSetRevisions.items })
      .from(contentSetRevisions)
      .where(
        and(
          eq(contentSetRevisions.kind, 'descargas'),
          gt(contentSetRevisions.at, sql`now() - make_interval(hours => ${keepHours})`),
        ),
      );
    const named = [kit, ...recent].map(({ items }) => kitManifest(items as KitFile[]));
    const removed = await tx
      .delete(kitArchives)
      .where(notInArray(kitArchives.manifest, named))
      .returning({ manifest: kitArchives.manifest });
    return removed.length;
  });
}

const kitArchiveSweep: Sweep = {
  run: sweepOldKitArchives,
  removed: (count) => `ZIP del kit ya sin usar borrados: ${count}`,
  failed: 'no se pudieron borrar los ZIP viejos del kit',
};

/** Sweeps the kit's old ZIPs every `everyMs` (default an hour), on whichever instance takes the lock, and logs how many went. */
export const startKitArchiveSweep = (database: Database, logger: DbLogger, everyMs?: number) =>
  startSweep(database, logger, kitArchiveSweep, everyMs);
