import type { Context, Hono, MiddlewareHandler } from 'hono';
import { fieldError, mediaApi, mediaContentTypes } from '@gota/shared/contracts';
import { MediaFileParamsSchema, MediaParamsSchema, MediaPatchSchema, MediaUploadSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { jsonBody, validate } from '../../security/validation';
import { mediaStore } from './media-store';
import { cropVariants, MediaRefusal, processUpload } from './process-upload';
import type { AppEnv } from '../../types';
import { matchesEtag } from '../../static/etag';

const mediaMessages = {
  forbidden: 'Tu cuenta no puede subir ni cambiar fotos.',
  notFound: 'No encontramos esa foto.',
  multipart: 'Envía la foto como formulario (Content-Type: multipart/form-data) en el campo «file».',
  malformed: 'El formulario de la foto llegó incompleto o mal formado. Vuelve a subirla.',
} as const;

/** Who may upload and describe photos; the app decides (the editors of the stories, issue #41 item 2). */
export type MediaGuard = (c: Context<AppEnv>) => boolean;

const notFound = (c: Context<AppEnv>) => c.json({ message: mediaMessages.notFound }, 404);

/**
 * The multipart step of an upload, before its validation (as `jsonBody` is for JSON): 415 for another content type, 400
 * for a form that does not parse, each in Spanish (`messages` names what is uploaded). The parsed form stays in Hono's
 * body cache, where the validator reads it.
 */
export const multipartBodyOf =
  (messages: { multipart: string; malformed: string }): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('Content-Type') ?? ''))
      return c.json({ message: messages.multipart }, 415);
    try {
      await c.req.formData();
    } catch {
      return c.json({ message: messages.malformed }, 400);
    }
    await next();
  };
const multipartBody = multipartBodyOf(mediaMessages);

/** A pipeline's refusal as the editor shows it: its status, and its message on the file's field. */
async function refusing(c: Context<AppEnv>, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MediaRefusal) return c.json(fieldError('file', error.message), error.status);
    throw error;
  }
}

/**
 * GET /media/{id}/{variant}: a photo's stored file, the same from every instance (the database), cached for ever by
 * browsers and proxies (its name carries its content's hash: new content, new address). Registered before the form
 * envelope and the compression, as the site's other files are. An unknown one is a Spanish 404.
 *
 * @example
 * registerMediaFiles(app, services)
 */
export function registerMediaFiles(app: Hono<AppEnv>, { database }: Pick<AppServices, 'database'>): void {
  const store = mediaStore(database);
  app.get('/media/:id/:variant', validate('param', MediaFileParamsSchema, notFound), async (c) => {
    const { id, variant } = c.req.valid('param');
    const file = await store.file(id, variant);
    if (!file) return notFound(c);
    const etag = `"${file.sha256}"`;
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', etag);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    c.header('Content-Type', mediaContentTypes[file.format]);
    c.header('Content-Length', String(file.bytes.length));
    return c.body(new Uint8Array(file.bytes), 200);
  });
}

/**
 * POST /api/media, GET and PATCH /api/media/{id} (issue #41 item 4): a photo uploaded and made into its variants, read
 * back, then its alt text, decorative mark and focal point changed. Behind the form envelope (origin, anti-forgery token, session) like every
 * JSON endpoint, and behind `canUpload` (403 in Spanish). Answers are `MediaImage` and never stored by a cache.
 *
 * @example
 * registerMediaRoutes(app, services, { canUpload: (c) => c.get('authUser')?.editor === true })
 */
export function registerMediaRoutes(
  app: Hono<AppEnv>,
  { database }: Pick<AppServices, 'database'>,
  {
    canUpload,
    onChange,
  }: {
    canUpload: MediaGuard;
    /** After a photo's description or crops changed: the pages that draw it follow. */ onChange?: () => Promise<void>;
  },
): void {
  const store = mediaStore(database);
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (!canUpload(c)) return c.json({ message: mediaMessages.forbidden }, 403);
    await next();
  };

  app.post(mediaApi.upload, guard, multipartBody, validate('form', MediaUploadSchema), (c) =>
    refusing(c, async () => {
      const { file, focalX = 0.5, focalY = 0.5, uso, ...description } = c.req.valid('form');
      const started = performance.now();
      const upload = await processUpload(Buffer.from(await file.arrayBuffer()), { focalX, focalY, logo: uso === 'logo' });
      const image = await store.create({
        upload,
        originalName: file instanceof File ? file.name.replace(/\p{Cc}/gu, '') : '',
        focal: { x: focalX, y: focalY },
        createdBy: c.get('session')?.userId ?? null,
        ...description,
      });
      c.get('log').info(
        {
          event: 'media_uploaded',
          imageId: image.id,
          bytes: file.size,
          variants: image.variants.length,
          ms: Math.round(performance.now() - started),
        },
        'foto subida',
      );
      return c.json(image, 201);
    }),
  );

  // the photo as the editor reopens it (its alt text, mark and focal point, its files)
  app.get('/api/media/:id', guard, validate('param', MediaParamsSchema, notFound), async (c) => {
    const image = await store.find(c.req.valid('param').id);
    return image ? c.json(image) : notFound(c);
  });

  app.patch(
    '/api/media/:id',
    guard,
    validate('param', MediaParamsSchema, notFound),
    jsonBody,
    validate('json', MediaPatchSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { focal, ...description } = c.req.valid('json');
      const current = await store.find(id);
      if (!current) return notFound(c);
      let crops;
      // the crops are made before the transaction (a second of work), which then writes the point and them together
      if (focal && (focal.x !== current.focal.x || focal.y !== current.focal.y)) {
        const source = await store.source(id);
        if (!source) return notFound(c);
        crops = { focal, variants: await cropVariants(source, focal) };
      }
      const image = await store.update(id, description, crops);
      if (!image) return notFound(c);
      await onChange?.();
      return c.json(image);
    },
  );
}
