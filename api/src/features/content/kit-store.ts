import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  kitArchiveUrl,
  kitFileKinds,
  kitFileUrl,
  kitLimits,
  kitTooLargeMessage,
  type ContentSet,
  type KitFile,
  type KitFileKind,
  type KitFileVersion,
  type PublicKit,
} from '@gota/shared/contracts';
import { ContentSetRefused } from '../../common/content-error';
import { ContentSetConflictError, findSet, importSetIn, saveSetIn } from './content-sets-store';
import { importLock, publicChange, systemActor, validateContent } from '../stories';
import type { Db, Tx } from '../../db/database';
import { kitBlobs } from '../../db/schema';
import { kitFileKind, KitRefusal } from './kit-check';
import { findKitArchive, sha256Of } from './kit-archive';

/**
 * The campaign kit's files in the database (issue #42 item 4, decision 061): the set `descargas` (content_sets, with
 * its revisions, its log and its conflicts) names each file's versions; their bytes are `kit_blobs`.
 */

export const kitMessages = {
  gone: 'Ese archivo ya no está en el kit: vuelve a cargar la página.',
  full: `Caben hasta ${kitLimits.files} archivos en el kit: quita uno antes de subir otro.`,
} as const;

/** The kit's list in api/content/campaign: each file's path under kit/ and what the page says of it. */
const KitListSchema = z.array(
  z.object({
    name: z.string().regex(/^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/, 'un nombre de archivo bajo kit/, sin «..»'),
    title: z.string().trim().min(1).max(kitLimits.title),
    description: z.string().trim().max(kitLimits.description),
  }),
);

/** A file name as the kit keeps it: lower case, no accents or spaces, the extension its content says. */
function kitNameOf(original: string, kind: KitFileKind): string {
  const base = original.replace(/\.[^.]*$/, '');
  const slug = base
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'archivo'}.${kitFileKinds[kind].extension}`;
}

/** The same name with this kind's extension, keeping its folder. */
const withExtension = (name: string, kind: KitFileKind) => `${name.replace(/\.[^./]*$/, '')}.${kitFileKinds[kind].extension}`;

/** `name`, or `name-2`, `name-3`… when another file of the kit has it. */
function freeName(name: string, items: readonly KitFile[], self?: string): string {
  const taken = new Set(items.filter((item) => item.id !== self).map((item) => item.name));
  const dot = name.lastIndexOf('.');
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
  return candidate;
}

const idOf = (name: string, items: readonly KitFile[]) => {
  const base = name
    .replace(/\.[^.]*$/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase();
  let id = base;
  for (let n = 2; items.some((item) => item.id === id); n++) id = `${base}-${n}`;
  return id;
};

async function keepBlob(tx: Tx, bytes: Uint8Array, kind: KitFileKind): Promise<string> {
  const sha256 = sha256Of(bytes);
  await tx
    .insert(kitBlobs)
    .values({ sha256, kind, size: bytes.length, bytes: Buffer.from(bytes) })
    .onConflictDoNothing();
  return sha256;
}

/**
 * Imports api/content/campaign (kit.json and the files under kit/) into a database that has no kit yet: once, under
 * the content's import lock, the bytes, the set's first revision, its ZIP and a log line by the system. Returns whether
 * it imported.
 */
export async function importKit(db: Db, dir: string, now = new Date()): Promise<boolean> {
  const listFile = path.join(dir, 'kit.json');
  const list = validateContent(KitListSchema, JSON.parse(readFileSync(listFile, 'utf8')), listFile);
  const files = list.map((entry) => {
    const bytes = new Uint8Array(readFileSync(path.join(dir, 'kit', entry.name)));
    return { ...entry, bytes, kind: kitFileKind(bytes) };
  });
  return db.transaction(async (tx) => {
    await importLock(tx);
    if (await findSet(tx, 'descargas')) return false;
    const items: KitFile[] = [];
    for (const file of files) {
      const sha256 = await keepBlob(tx, file.bytes, file.kind);
      const current = {
        sha256,
        size: file.bytes.length,
        kind: file.kind,
        originalName: path.basename(file.name),
        uploadedAt: now.toISOString(),
        uploadedBy: systemActor,
      };
      items.push({
        id: idOf(file.name, items),
        name: file.name,
        title: file.title,
        description: file.description,
        visible: true,
        current,
        earlier: [],
      });
    }
    const imported = await importSetIn(tx, 'descargas', items, now);
    if (imported) await publicChange(tx);
    return imported;
  });
}

export interface KitUpload {
  bytes: Uint8Array;
  originalName: string;
  title: string;
  description: string;
  /** The file this is a new version of; absent, a new file at the end of the kit. */
  id?: string | undefined;
  version: number;
  actor: string;
}

/**
 * A new file, or a new version of one (the old version stays in its `earlier` list and in the revisions), checked by
 * its content, kept with the set's new revision, its log line and the kit's new ZIP in one transaction: public at once.
 */
export async function uploadKitFile(db: Db, upload: KitUpload, now = new Date()): Promise<ContentSet<'descargas'>> {
  if (upload.bytes.length > kitLimits.bytes) throw new KitRefusal(kitTooLargeMessage, 413);
  const kind = kitFileKind(upload.bytes);
  return db.transaction(async (tx) => {
    const set = await findSet(tx, 'descargas');
    const items = set?.items ?? [];
    if (set && set.version !== upload.version) throw new ContentSetConflictError(set);
    const sha256 = await keepBlob(tx, upload.bytes, kind);
    const version: KitFileVersion = {
      sha256,
      size: upload.bytes.length,
      kind,
      originalName: upload.originalName.slice(0, 255),
      uploadedAt: now.toISOString(),
      uploadedBy: upload.actor,
    };
    let next: KitFile[];
    let detail: string;
    if (upload.id) {
      const old = items.find((item) => item.id === upload.id);
      if (!old) throw new ContentSetRefused(kitMessages.gone, 409);
      const name = freeName(withExtension(old.name, kind), items, old.id);
      next = items.map((item) =>
        item.id === old.id
          ? {
              ...item,
              name,
              title: upload.title,
              description: upload.description,
              current: version,
              earlier: [old.current, ...old.earlier],
            }
          : item,
      );
      detail = `${name}: versión ${old.earlier.length + 2}`;
    } else {
      if (items.length >= kitLimits.files) throw new ContentSetRefused(kitMessages.full, 409);
      const name = freeName(kitNameOf(upload.originalName, kind), items);
      next = [
        ...items,
        {
          id: idOf(name, items),
          name,
          title: upload.title,
          description: upload.description,
          visible: true,
          current: version,
          earlier: [],
        },
      ];
      detail = name;
    }
    return saveSetIn(tx, 'descargas', next, upload.version, upload.actor, {
      now,
      action: upload.id ? 'version-subida' : 'archivo-subido',
      detail,
    });
  });
}

/**
 * The kit as the panel saves it (order, titles, descriptions, hidden; a file left out is taken out of the kit) with each
 * file's versions as the set has them: the bytes never come from the browser. A file the set no longer has is refused.
 */
export function kitWithChanges(
  current: readonly KitFile[],
  sent: readonly Pick<KitFile, 'id' | 'title' | 'description' | 'visible'>[],
): KitFile[] | { index: number } {
  const byId = new Map(current.map((item) => [item.id, item]));
  const next: KitFile[] = [];
  for (const [index, change] of sent.entries()) {
    const item = byId.get(change.id);
    if (!item) return { index };
    next.push({ ...item, title: change.title, description: change.description, visible: change.visible });
  }
  return next;
}

/** A stored version's bytes and kind (any version: the caller decides who may have it). */
export async function kitBlob(db: Db, sha256: string): Promise<{ bytes: Buffer; kind: KitFileKind } | null> {
  const [row] = await db.select({ bytes: kitBlobs.bytes, kind: kitBlobs.kind }).from(kitBlobs).where(eq(kitBlobs.sha256, sha256));
  return row ? { bytes: row.bytes, kind: row.kind as KitFileKind } : null;
}

/** What visitors get of the kit: the visible files' addresses, and the ZIP's when it is stored. */
export async function publicKit(db: Db, items: readonly KitFile[]): Promise<PublicKit> {
  const archive = await findKitArchive(db, items);
  return {
    files: items
      .filter((item) => item.visible)
      .map((item) => ({
        title: item.title,
        description: item.description,
        name: item.name,
        url: kitFileUrl(item.current, item.name),
        size: item.current.size,
        kind: item.current.kind,
      })),
    archive: archive ? { url: kitArchiveUrl(archive.sha256), ...archive } : null,
  };
}
