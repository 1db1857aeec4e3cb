import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { campaignKit, kitFileKinds } from '@gota/shared/contracts';
import type { AppServices } from '../../app-services';
import { kitArchives } from '../../db/schema';
import { kitBlob } from './kit-store';
import { sendDownload } from './kit-send';
import type { AppEnv } from '../../types';

export interface DownloadOptions {
  /** The API's public folder; the archive of the files lives in its `files/` folder (before the database is read). */
  publicDir: string;
}

const notFound = (c: Context<AppEnv>) => c.json({ message: 'El archivo no está disponible por ahora.' }, 404);

/**
 * The campaign kit's downloads (product §2 "Downloads", decision 061), from the database, the same on every instance:
 * - `/descargas/{sha256}/{name}`: a visible file's current version (an older one answers 404 here; the panel has them);
 * - `/descargas/kit-{hash}.zip`: the ZIP of the visible files, named by its hash, cached for ever;
 * - `campaignKit.path`, the address older links name: the kit's ZIP now, revalidated (the prebuilt file of
 *   api/public/files until the database has a kit).
 *
 * @example
 * registerDownloadRoutes(app, services, { publicDir: 'api/public' })
 * await app.request('/files/manual-de-uso-un-latido-en-cada-gota.zip') // 200, application/zip, attachment
 */
export function registerDownloadRoutes(
  app: Hono<AppEnv>,
  { database }: Pick<AppServices, 'database'>,
  { publicDir }: DownloadOptions,
): void {
  app.get('/descargas/:sha{[0-9a-f]{64}}/:name', async (c) => {
    const sha = c.req.param('sha');
    const file = c.var.content.kit.files.find((candidate) => candidate.url.startsWith(`/descargas/${sha}/`));
    if (!file || !database.ready) return notFound(c);
    const blob = await kitBlob(database.use(), sha);
    if (!blob) return notFound(c);
    return sendDownload(c, {
      bytes: blob.bytes,
      sha256: sha,
      contentType: kitFileKinds[blob.kind].contentType,
      fileName: path.basename(file.name),
      immutable: true,
    });
  });

  const archive = async (c: Context<AppEnv>, immutable: boolean) => {
    const current = c.var.content.kit.archive;
    if (!current || !database.ready) return null;
    const [row] = await database
      .use()
      .select({ bytes: kitArchives.bytes })
      .from(kitArchives)
      .where(eq(kitArchives.sha256, current.sha256))
      .limit(1);
    return row
      ? sendDownload(c, {
          bytes: row.bytes,
          sha256: current.sha256,
          contentType: 'application/zip',
          fileName: campaignKit.fileName,
          immutable,
        })
      : null;
  };
  app.get('/descargas/:zip{kit-[0-9a-f]{16}\\.zip}', async (c) => {
    if (c.var.content.kit.archive?.url !== c.req.path) return notFound(c);
    return (await archive(c, true)) ?? notFound(c);
  });

  const file = path.join(publicDir, 'files', campaignKit.fileName);
  app.get(campaignKit.path, etag(), async (c) => {
    const stored = await archive(c, false);
    if (stored) return stored;
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return notFound(c);
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${campaignKit.fileName}"`,
      'Content-Length': String(body.length),
      // the name is not content-hashed: a rebuilt kit must reach visitors at once
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
