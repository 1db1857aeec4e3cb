import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { fieldError, kitApi, kitFileKinds, type ContentSetAnswer, type KitFile, type Seo } from '@gota/shared/contracts';
import { routerPath } from '@gota/shared/routes';
import { KitSaveSchema, KitUploadSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import type { Db } from '../../db/database';
import { findSet, saveSet, setPage } from './content-sets-store';
import { KitRefusal } from './kit-check';
import { kitBlob, kitMessages, kitWithChanges, uploadKitFile } from './kit-store';
import { sendDownload } from './kit-send';
import { multipartBodyOf } from '../media';
import { jsonBody, validate } from '../../security/validation';
import { requireRole } from '../accounts';
import { actorOf, forbidden, invalidSet, refusal, restoreRoute } from './content-sets.handlers';
import type { AppEnv } from '../../types';

const factory = createFactory<AppEnv>();

const messages = {
  title: 'Descargas | Panel | Gota a Gota',
  description: 'Los archivos del kit de la campaña en /campana: subir, cambiar por una versión nueva, ordenar, ocultar.',
  saved: 'Kit publicado: los visitantes ya ven los cambios en /campana.',
  uploaded: (name: string) => `«${name}» ya está en el kit: los visitantes lo descargan desde /campana.`,
  multipart: 'Envía el archivo como formulario (Content-Type: multipart/form-data) en el campo «file».',
  malformed: 'El formulario del archivo llegó incompleto o mal formado. Vuelve a subirlo.',
  notFound: 'No encontramos ese archivo.',
} as const;

/**
 * The kit a save's body makes (order, titles, descriptions, hidden) with each file's versions as the set has them, or
 * the 409 of a file the set no longer has. For «Guardar y publicar» and «Vista previa».
 */
export async function kitOfSave(
  c: Context<AppEnv>,
  db: Db,
  items: Parameters<typeof kitWithChanges>[1],
): Promise<KitFile[] | Response> {
  const next = kitWithChanges((await findSet(db, 'descargas'))?.items ?? [], items);
  return Array.isArray(next) ? next : c.json(fieldError(`items.${next.index}`, kitMessages.gone), 409);
}

export interface DescargasDeps {
  services: AppServices;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
  /** Told after a change, so this instance serves it at once (the others hear it from the database). */
  publicChange: () => Promise<void>;
}

/**
 * «Descargas» of the panel (issue #42 item 4, decision 061): the kit's files for editors, on the content sets'
 * machinery (version, revisions, log, conflicts, «Restaurar»). JSON actions: PUT `kitApi.save` (order, titles, hidden),
 * POST `kitApi.upload` (a new file or a new version, multipart, checked by content), a revision's restoration, and any
 * stored version's bytes for editors. Every change is public at once, the kit's ZIP made in the same transaction.
 */
export function registerDescargasRoutes(app: Hono<AppEnv>, { services, seo, publicChange }: DescargasDeps): void {
  const db = () => services.database.use();
  const editors = requireRole('editor', forbidden);
  for (const path of [routerPath('panelDescargas'), `${routerPath('panelDescargas')}/*`, kitApi.save, `${kitApi.save}/*`])
    app.use(path, editors);

  app.get(routerPath('panelDescargas'), async (c) => {
    const props = await setPage(db(), 'descargas', []);
    return c.var.page('Panel/Descargas', { ...props, seo: seo(c, messages.title, messages.description) });
  });

  app.get(`${routerPath('panelDescargas')}/archivos/:sha{[0-9a-f]{64}}/:name`, async (c) => {
    const sha = c.req.param('sha');
    const blob = await kitBlob(db(), sha);
    if (!blob) return c.json({ message: messages.notFound }, 404);
    return sendDownload(c, {
      bytes: blob.bytes,
      sha256: sha,
      contentType: kitFileKinds[blob.kind].contentType,
      fileName: c.req.param('name'),
      immutable: false,
    });
  });

  app.put(
    kitApi.save,
    ...factory.createHandlers(jsonBody, validate('json', KitSaveSchema, invalidSet), async (c) => {
      const { items, version } = c.req.valid('json');
      try {
        const next = await kitOfSave(c, db(), items);
        if (next instanceof Response) return next;
        const set = await saveSet(db(), 'descargas', next, version, actorOf(c));
        await publicChange();
        return c.json<ContentSetAnswer<'descargas'>>({ set, message: messages.saved });
      } catch (error) {
        return refusal(c, error);
      }
    }),
  );

  app.post(
    kitApi.upload,
    ...factory.createHandlers(multipartBodyOf(messages), validate('form', KitUploadSchema, invalidSet), async (c) => {
      const { file, title, description, id, version } = c.req.valid('form');
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const originalName = file instanceof File ? file.name.replace(/\p{Cc}/gu, '') : '';
        const set = await uploadKitFile(db(), { bytes, originalName, title, description, id, version, actor: actorOf(c) });
        await publicChange();
        const stored = set.items.find((item) => (id ? item.id === id : item === set.items.at(-1)));
        c.get('log').info({ event: 'kit_file_uploaded', name: stored?.name, bytes: bytes.length }, 'archivo del kit subido');
        return c.json<ContentSetAnswer<'descargas'>>({ set, message: messages.uploaded(stored?.title ?? title) }, 201);
      } catch (error) {
        if (error instanceof KitRefusal) return c.json(fieldError('file', error.message), error.status);
        return refusal(c, error);
      }
    }),
  );

  restoreRoute(app, kitApi.save, { services, publicChange }, () => 'descargas');
}
