import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { zipSync, type Zippable } from 'fflate';
import { kitFileKinds, type KitFile } from '@gota/shared/contracts';
import type { Db, Tx } from '../../db/database';
import { kitArchives, kitBlobs } from '../../db/schema';

/** Everything sits in one folder inside the archive, so unzipping never scatters files. */
export const kitArchiveFolder = 'manual-de-uso-un-latido-en-cada-gota';
// A zip stores local time; building the date from local parts gives the same bytes in every time zone.
const mtime = new Date(2025, 9, 1, 12, 0, 0);

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The files visitors get, in order. */
const visibleKitFiles = (items: readonly KitFile[]) => items.filter((item) => item.visible);

/** Names a list of files: their paths and their bytes' hashes. The same list, the same ZIP. */
export function kitManifest(items: readonly KitFile[]): string {
  return createHash('sha256')
    .update(JSON.stringify(visibleKitFiles(items).map((item) => [item.name, item.current.sha256])))
    .digest('hex');
}

/**
 * The ZIP of these files, byte for byte the same for the same files: a fixed order and date, text compressed, images
 * and PDFs stored (they are compressed already).
 */
function buildKitArchive(files: readonly { name: string; kind: KitFile['current']['kind']; bytes: Uint8Array }[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files)
    entries[`${kitArchiveFolder}/${file.name}`] = [file.bytes, { mtime, level: kitFileKinds[file.kind].compressible ? 9 : 0 }];
  return zipSync(entries, { mtime });
}

/**
 * Makes sure the ZIP of the visible files is stored (built once per list of files), in the transaction that saves the
 * list: once it commits, every instance that hears of the change finds the ZIP. Returns its hash and size.
 */
export async function storeKitArchive(tx: Tx | Db, items: readonly KitFile[]): Promise<{ sha256: string; size: number }> {
  const manifest = kitManifest(items);
  const [stored] = await tx
    .select({ sha256: kitArchives.sha256, size: kitArchives.size })
    .from(kitArchives)
    .where(eq(kitArchives.manifest, manifest));
  if (stored) return stored;
  const files = [];
  for (const item of visibleKitFiles(items)) {
    const [blob] = await tx.select({ bytes: kitBlobs.bytes }).from(kitBlobs).where(eq(kitBlobs.sha256, item.current.sha256));
    if (!blob) throw new Error(`falta el contenido de ${item.name} (${item.current.sha256})`);
    files.push({ name: item.name, kind: item.current.kind, bytes: new Uint8Array(blob.bytes) });
  }
  const zip = buildKitArchive(files);
  const archive = { sha256: sha256Of(zip), size: zip.length };
  await tx
    .insert(kitArchives)
    .values({ manifest, ...archive, bytes: Buffer.from(zip) })
    .onConflictDoNothing();
  return archive;
}

/** The stored ZIP of these files' list, without its bytes (null: not built yet). */
export async function findKitArchive(db: Db, items: readonly KitFile[]): Promise<{ sha256: string; size: number } | null> {
  const [stored] = await db
    .select({ sha256: kitArchives.sha256, size: kitArchives.size })
    .from(kitArchives)
    .where(eq(kitArchives.manifest, kitManifest(items)));
  return stored ?? null;
}
