import { sql } from 'drizzle-orm';
import type { Database, DbLogger } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { startSweep, tryRoundLock, type Sweep } from '../../db/sweep';

/** Held for the sweep's transaction: one instance of a fleet sweeps at a time, the others skip that round. */
const sweepLockId = 4_061_987_505;

/**
 * A photo younger than this is never swept: an upload comes before the draft that names it is saved (the editor saves
 * 2 s after the last change), and an editor may leave a photo in the picker for a while before using it.
 */
const keepUnusedHours = 24;

/**
 * Every photo id a story's working copy, its published fields or any of its revisions names (`/media/{id}/…`), and
 * every one a content set or one of its revisions names: a page's share image (decision 062), a logo.
 */
const referencedIds = sql`
  select (regexp_matches(s.fields::text, '/media/([A-Za-z0-9_-]{1,64})/', 'g'))[1] as id from stories s
  union select (regexp_matches(s.published::text, '/media/([A-Za-z0-9_-]{1,64})/', 'g'))[1] from stories s where s.published is not null
  union select (regexp_matches(r.fields::text, '/media/([A-Za-z0-9_-]{1,64})/', 'g'))[1] from story_revisions r
  union select (regexp_matches(c.items::text, '/media/([A-Za-z0-9_-]{1,64})/', 'g'))[1] from content_sets c
  union select (regexp_matches(r.items::text, '/media/([A-Za-z0-9_-]{1,64})/', 'g'))[1] from content_set_revisions r`;

/**
 * Removes the uploaded photos that no story names, in its working copy, its published fields or any revision, and that
 * are over a day old (issue #41 item 6: no orphan file). Their variants go with them (`on delete cascade`). Returns how
 * many were removed, or null when another instance holds the sweep.
 */
export async function sweepUnusedPhotos(database: Database): Promise<number | null> {
  return database.use().transaction(async (tx) => {
    if (!(await tryRoundLock(tx, sweepLockId))) return null;
    const removed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        delete from media_images
        where created_at < now() - make_interval(hours => ${keepUnusedHours})
          and id::text not in (select id from (${referencedIds}) as named where id is not null)
        returning id`),
    );
    return removed.length;
  });
}

const photoSweep: Sweep = {
  run: sweepUnusedPhotos,
  removed: (count) => `fotos sin usar borradas: ${count}`,
  failed: 'no se pudieron borrar las fotos sin usar',
};

/** Sweeps unused photos every `everyMs` (default an hour), on whichever instance takes the lock, and logs how many went. */
export const startPhotoSweep = (database: Database, logger: DbLogger, everyMs?: number) =>
  startSweep(database, logger, photoSweep, everyMs);
