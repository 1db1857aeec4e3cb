import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { contentSetRevisions, contentSets, mediaImages, mediaVariants, stories, storyRevisions } from '../../db/schema';
import { expectSweepLogged, whileAnotherInstanceSweeps } from '../../testing/sweeps';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { mediaStore } from './media-store';
import { startPhotoSweep, sweepUnusedPhotos } from './media-sweep';
import { processUpload } from './process-upload';
import { phonePhoto } from '../../testing/test-images';

let database: Database;
let bytes: Buffer;

beforeAll(async () => {
  database = await testDatabase();
  bytes = await phonePhoto(400, 300);
});
afterAll(() => database.close());

/** A stored photo, uploaded `daysAgo` days ago; its main image's address, as a story names it. */
async function photo(daysAgo: number): Promise<{ id: string; url: string }> {
  const image = await mediaStore(database).create({
    upload: await processUpload(bytes, { focalX: 0.5, focalY: 0.5 }),
    originalName: 'techo.jpg',
    focal: { x: 0.5, y: 0.5 },
    createdBy: null,
    alt: 'Un techo',
  });
  await database
    .use()
    .update(mediaImages)
    .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(mediaImages.id, image.id));
  return { id: image.id, url: image.variants.find((variant) => variant.role === 'full')!.url };
}

let stamp = 0;
/** A story whose working copy, published fields and revisions name the given images. */
async function story({
  fields = {},
  published = null,
  revisions = [],
}: {
  fields?: object;
  published?: object | null;
  revisions?: object[];
}): Promise<void> {
  stamp += 1;
  const [row] = await database
    .use()
    .insert(stories)
    .values({
      slug: `barrido-${stamp}-${Date.now()}`,
      state: published ? 'publicada' : 'borrador',
      fields,
      published,
      createdBy: 'Ana',
      updatedBy: 'Ana',
    })
    .returning({ id: stories.id });
  for (const [index, saved] of revisions.entries())
    await database
      .use()
      .insert(storyRevisions)
      .values({ storyId: row!.id, number: index + 1, fields: saved, by: 'Ana' });
}

const storedIds = async (ids: string[]) =>
  (await database.use().select({ id: mediaImages.id }).from(mediaImages).where(inArray(mediaImages.id, ids)))
    .map((row) => row.id)
    .sort();

describe(`the sweep of unused photos, on ${testDatabaseKind}`, () => {
  it('removes the photos over a day old that no story, published story or revision names, with their files', async () => {
    const inDraft = await photo(3);
    const asBackground = await photo(3);
    const published = await photo(3);
    const inOldRevision = await photo(3);
    const unused = await photo(2);
    const justUploaded = await photo(0);
    await story({ fields: { img: inDraft.url, imgWhite: '' } });
    await story({ fields: { img: '/img/historias/techo.svg', imgWhite: asBackground.url }, published: { img: published.url } });
    await story({
      fields: { img: '/img/historias/techo.svg' },
      revisions: [{ img: inOldRevision.url }, { img: '/img/historias/techo.svg' }],
    });

    expect(await sweepUnusedPhotos(database)).toBe(1);
    const all = [inDraft, asBackground, published, inOldRevision, unused, justUploaded].map((image) => image.id);
    expect(await storedIds(all)).toEqual(all.filter((id) => id !== unused.id).sort());
    expect(await database.use().select().from(mediaVariants).where(eq(mediaVariants.imageId, unused.id))).toEqual([]);
    // nothing left to remove: the next round counts none
    expect(await sweepUnusedPhotos(database)).toBe(0);
  });

  it("keeps the photos a content set names, now or in one of its revisions (a page's share image)", async () => {
    const shared = await photo(3);
    const before = await photo(3);
    const kind = 'pagina:quienes-somos';
    await database.use().delete(contentSets).where(eq(contentSets.kind, kind));
    await database
      .use()
      .insert(contentSets)
      .values({ kind, items: [{ seo: { img: shared.url } }], updatedBy: 'Ana' });
    await database
      .use()
      .insert(contentSetRevisions)
      .values({ kind, number: 1, items: [{ seo: { img: before.url } }], by: 'Ana' });
    expect(await sweepUnusedPhotos(database)).toBe(0);
    expect(await storedIds([shared.id, before.id])).toEqual([shared.id, before.id].sort());
  });

  it('counts and logs each round on the instance that ran it', async () => {
    await photo(5);
    await expectSweepLogged((logger, everyMs) => startPhotoSweep(database, logger, everyMs), 1, 'fotos sin usar borradas: 1');
  });

  it.skipIf(testDatabaseKind !== 'postgres')('skips a round while another instance is sweeping', async () => {
    const waiting = await photo(5);
    await whileAnotherInstanceSweeps(database, 4061987505, async () => {
      expect(await sweepUnusedPhotos(database)).toBeNull();
    });
    expect(await storedIds([waiting.id])).toEqual([waiting.id]);
    expect(await sweepUnusedPhotos(database)).toBe(1);
  });
});
