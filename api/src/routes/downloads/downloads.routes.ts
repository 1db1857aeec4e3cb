import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { etag } from 'hono/etag';
import { campaignKit } from '@gota/shared/contracts';

export interface DownloadOptions {
  /** The API's public folder; the archive lives in its `files/` folder. */
  publicDir: string;
}

/**
 * The campaign's usage-manual archive (product §2 "Downloads"). A route of its own rather than generic static serving, so
 * the browser is told it is a zip to save under its real name, whatever the link looks like.
 *
 * @example
 * registerDownloadRoutes(app, { publicDir: 'api/public' })
 * await app.request('/files/manual-de-uso-un-latido-en-cada-gota.zip') // 200, application/zip, attachment
 */
export function registerDownloadRoutes(app: Hono, { publicDir }: DownloadOptions): void {
  const file = path.join(publicDir, 'files', campaignKit.fileName);
  app.get(campaignKit.path, etag(), async (c) => {
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return c.json({ message: 'El archivo no está disponible por ahora.' }, 404);
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
