import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import {
  contentSetsApi,
  editablePageLabels,
  isEditablePage,
  kitApi,
  pageSetKind,
  previewApi,
  previewPages,
  type ContentPreviewAnswer,
  type EditablePage,
  type ListSetKind,
  type PreviewSetKind,
} from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import { ContentPreviewParamsSchema, KitSaveSchema, pageTextsSaveSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import type { AppEnv } from '../../types';
import { createPreview, findPreview, withDraft } from './content-previews';
import { contentPart } from './content-parts';
import { previewBannerHtml, previewBannerLink } from '../../pages/document';
import { jsonBody, validate } from '../../security/validation';
import { requireRole } from '../accounts';
import { contentPages, errorPages } from '../pages';
import { actorOf, forbidden, invalidSet, listSetSchemas, unknownPage } from './content-sets.handlers';
import { kitOfSave } from './descargas.handlers';

const factory = createFactory<AppEnv>();

/** What a preview shows, for its banner. */
const lists: Record<ListSetKind | 'descargas', string> = {
  datos: 'los datos del agua',
  contadores: 'los contadores',
  aliados: 'los aliados y miembros',
  descargas: 'los archivos del kit',
};
const whatOf = (kind: PreviewSetKind) =>
  kind.startsWith('pagina:')
    ? `los textos de «${editablePageLabels[kind.slice('pagina:'.length) as EditablePage]}»`
    : lists[kind as ListSetKind | 'descargas'];

const expiredMessage =
  'Esta vista previa caducó: cada una dura una hora. Vuelve a la página del panel y pulsa «Vista previa» otra vez.';

export interface ContentPreviewDeps {
  services: AppServices;
  /** The site's not-found page (an unknown preview, or a page its set is not seen on). */
  notFoundPage: (c: Context<AppEnv>) => Response | Promise<Response>;
}

/**
 * The banner of a set's preview: what is previewed and that visitors still see what is published; a link to the
 * published page, and one to each other page the set is seen on, previewed too.
 */
function banner(id: string, kind: PreviewSetKind, page: EditablePage): string {
  const others = previewPages(kind)
    .filter((other) => other !== page)
    .map((other) =>
      previewBannerLink(route('panelVistaPrevia', { id, pagina: other }), `Vista previa en «${editablePageLabels[other]}»`),
    );
  return previewBannerHtml(
    'Vista previa sin guardar',
    `Vista previa de ${whatOf(kind)} sin guardar, en «${editablePageLabels[page]}»: los visitantes siguen viendo lo publicado hasta que se guarde.`,
    [...others, previewBannerLink(route(page), 'Ver lo publicado')].join(' '),
  );
}

/**
 * «Vista previa» of the panel's content sets (issue #42 item 6, decision 066), one mechanism for every kind: POST
 * `{set's api}/vista-previa` takes the body of that set's save, checked by the same schema, and keeps the draft an hour
 * (`content_previews`); GET `/panel/vista-previa/{id}/{pagina}` renders one of the public pages the set is seen on
 * (`previewPages`) as visitors would see it once saved, through the site's one render path, with the preview's
 * banner and never indexed. Nothing published changes. Editors only: anyone else is refused before the preview is
 * looked for.
 */
export function registerContentPreviewRoutes(app: Hono<AppEnv>, { services, notFoundPage }: ContentPreviewDeps): void {
  const db = () => services.database.use();
  const editors = requireRole('editor', forbidden);
  const sendPage = contentPages({ appUrl: services.env.appUrl });
  const errorPage = errorPages({ appUrl: services.env.appUrl });

  /**
   * POST {api}/vista-previa for the set `setOf` names (null: no such page, a 404), checked by its save's schema; `draft`
   * makes the set's items of the body as its save does (the kit's files with their versions), or refuses it.
   */
  function previewRoute(
    api: string,
    setOf: (c: Context<AppEnv>) => {
      kind: PreviewSetKind;
      schema: { safeParse: (body: unknown) => SafeParsed };
      draft?: (c: Context<AppEnv>, items: unknown) => Promise<unknown>;
    } | null,
  ): void {
    const path = previewApi(api);
    app.use(path, editors);
    app.post(path, jsonBody, async (c) => {
      const set = setOf(c);
      if (!set) return c.json({ message: unknownPage }, 404);
      const body: unknown = await c.req.json();
      const checked = set.schema.safeParse(body);
      if (!checked.success) return invalidSet(c, checked.error, body);
      const items = set.draft ? await set.draft(c, checked.data.items) : checked.data.items;
      if (items instanceof Response) return items;
      const { id, expiresAt } = await createPreview(db(), set.kind, items, actorOf(c));
      c.header('Cache-Control', 'no-store');
      return c.json<ContentPreviewAnswer>(
        { url: route('panelVistaPrevia', { id, pagina: previewPages(set.kind)[0]! }), expiresAt: expiresAt.toISOString() },
        201,
      );
    });
  }

  for (const kind of ['datos', 'contadores', 'aliados'] as const)
    previewRoute(contentSetsApi[kind], () => ({ kind, schema: listSetSchemas[kind] }));
  previewRoute(kitApi.save, () => ({
    kind: 'descargas',
    schema: KitSaveSchema,
    // the items the schema checked, with each file's versions as the set has them
    draft: (c, items) => kitOfSave(c, db(), items as Parameters<typeof kitOfSave>[2]),
  }));
  // pageTextsApi(page) of the contracts, with the page as a parameter
  previewRoute('/api/textos/:pagina', (c) => {
    const page = c.req.param('pagina') ?? '';
    return isEditablePage(page) ? { kind: pageSetKind(page), schema: pageTextsSaveSchema(page) } : null;
  });

  app.use(routerPath('panelVistaPrevia'), editors);
  app.get(
    routerPath('panelVistaPrevia'),
    ...factory.createHandlers(validate('param', ContentPreviewParamsSchema, notFoundPage), async (c) => {
      const { id, pagina } = c.req.valid('param');
      const preview = await findPreview(db(), id);
      if (!preview || !previewPages(preview.kind).includes(pagina)) return notFoundPage(c);
      if (preview.expired) return errorPage(c, expiredMessage, 410);
      c.set('content', withDraft(c.var.content, await contentPart(db(), preview.kind, preview.items)));
      c.set('pageBanner', banner(id, preview.kind, pagina));
      return sendPage(c, pagina);
    }),
  );
}

/** What a save's schema answers (zod's `safeParse`): the items on success, the issues otherwise. */
type SafeParsed = { success: true; data: { items: unknown } } | { success: false; error: Parameters<typeof invalidSet>[1] };
