import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import type { AppServices } from '../../app-services';
import { contentTypeOf, resolvePrivateFile } from './private-files';

const storagePath = '/private/storage';

const storageMessages = {
  signIn: 'Inicia sesión para ver este archivo.',
  notFound: 'No encontramos ese archivo.',
  missing: 'Indica el archivo con ?file=/ruta.',
} as const;

/**
 * GET /private/storage?file=/{path} (product §7): the signed-in account's own files, `$PRIVATE_DIR/<account id>/{path}`
 * (401 without a session).
 * Outside the folder and missing files are the same 404, so the answer says nothing about the disk.
 *
 * @example
 * registerStorageRoutes(app, services)
 */
export function registerStorageRoutes(app: Hono, { env }: AppServices): void {
  app.get(storagePath, async (c: Context) => {
    c.header('Cache-Control', 'private, no-store');
    const session = c.get('session');
    if (!session) return c.json({ message: storageMessages.signIn }, 401);
    const requested = c.req.query('file');
    if (!requested) return c.json({ message: storageMessages.missing }, 400);
    // each account reads only its own folder, `$PRIVATE_DIR/<account id>/` (README, decision 009)
    const file = await resolvePrivateFile(path.join(env.privateDir, session.userId), requested);
    if (!file) return c.json({ message: storageMessages.notFound }, 404);
    const { type, inline } = contentTypeOf(file);
    const { size } = await stat(file);
    const name = encodeURIComponent(path.basename(file));
    c.header('Content-Type', type);
    c.header('Content-Length', String(size));
    c.header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`);
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
  });
}
