import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Hono, MiddlewareHandler } from 'hono';
import { validationErrorBody } from '@gota/shared/contracts';
import { PrivateFileQuerySchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { validate } from '../../security/validation';
import { contentTypeOf, resolvePrivateFile } from './private-files';
import type { AppEnv } from '../../types';

const storagePath = '/private/storage';

const storageMessages = {
  signIn: 'Inicia sesión para ver este archivo.',
  notFound: 'No encontramos ese archivo.',
} as const;

/** Nothing under /private/storage is stored by a browser or a proxy; without a session it is a 401, before any question. */
const signedInOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'private, no-store');
  if (!c.get('session')) return c.json({ message: storageMessages.signIn }, 401);
  await next();
};

/**
 * GET /private/storage?file=/{path} (product §7): the signed-in account's own files, `$PRIVATE_DIR/<account id>/{path}`
 * (401 without a session).
 * Outside the folder and missing files are the same 404, so the answer says nothing about the disk.
 *
 * @example
 * registerStorageRoutes(app, services)
 */
export function registerStorageRoutes(app: Hono<AppEnv>, { env }: AppServices): void {
  // a missing ?file= is a 400 that says how to ask (the schema's message)
  const fileQuery = validate('query', PrivateFileQuerySchema, (c, error) =>
    c.json({ message: validationErrorBody(error).message }, 400),
  );
  app.get(storagePath, signedInOnly, fileQuery, async (c) => {
    // each account reads only its own folder, `$PRIVATE_DIR/<account id>/` (PRIVATE_DIR in docs/operations/configuration.md, decision 009)
    const file = await resolvePrivateFile(path.join(env.privateDir, c.get('session')!.userId), c.req.valid('query').file);
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
