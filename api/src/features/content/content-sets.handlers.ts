import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import {
  contentSetsApi,
  editablePageLabels,
  editablePages,
  isEditablePage,
  pageSetKind,
  validationErrorBodyByPath,
  type ContentSetAnswer,
  type ContentSetConflict,
  type ContentSetItems,
  type ContentSetKind,
  type ListSetKind,
  type PageSetKind,
  type Seo,
} from '@gota/shared/contracts';
import { route, routerPath, type PageComponent, type RouteName } from '@gota/shared/routes';
import {
  AlliesPageQuerySchema,
  AlliesSaveSchema,
  ContentSetRestoreSchema,
  ContentSetRevisionParamsSchema,
  CountersSaveSchema,
  FactsSaveSchema,
  pageTextsSaveSchema,
} from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { ContentSetRefused } from '../../common/content-error';
import { ContentSetConflictError, restoreSet, saveSet, setPage } from './content-sets-store';
import { pageTextsOfFiles, type Content } from './load-content';
import { editableAllies } from './load-allies';
import { allyFromLead, recordLeadAlly } from '../inbox';
import { jsonBody, validate, type OnInvalid } from '../../security/validation';
import { requireRole } from '../accounts';
import type { AppEnv, PageInput } from '../../types';

const factory = createFactory<AppEnv>();

const pages = {
  datos: {
    page: 'Panel/Datos',
    route: 'panelDatos',
    title: 'Datos del agua | Panel | Gota a Gota',
    description: 'Los datos sobre el agua del carrusel de /historias y de /datos-agua: escribir, ordenar, ocultar.',
    saved: 'Datos del agua publicados: ya los ven los visitantes.',
  },
  contadores: {
    page: 'Panel/Contadores',
    route: 'panelContadores',
    title: 'Contadores | Panel | Gota a Gota',
    description: 'Las cifras de «Nuestro impacto» en la página de inicio.',
    saved: 'Contadores publicados: ya los ven los visitantes.',
  },
  aliados: {
    page: 'Panel/Aliados',
    route: 'panelAliados',
    title: 'Aliados y miembros | Panel | Gota a Gota',
    description: 'Los aliados de /aliados y de la página de inicio, y los miembros de /datos-agua: añadir, ordenar, ocultar.',
    saved: 'Aliados y miembros publicados: ya los ven los visitantes.',
  },
} as const satisfies Record<
  ListSetKind,
  { page: PageComponent; route: RouteName; title: string; description: string; saved: string }
>;

export const forbidden = 'Tu cuenta no puede editar el contenido del sitio.';
const restored = (number: number) => `Se restauró la revisión ${number}: ya la ven los visitantes.`;
export const unknownPage = 'No hay una página con ese nombre entre las que se editan en el panel.';
/** The rules of each list's save (and of its preview, decision 066). */
export const listSetSchemas = { datos: FactsSaveSchema, contadores: CountersSaveSchema, aliados: AlliesSaveSchema } as const;

export interface ContentSetsDeps {
  services: AppServices;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
  /** Told after a change, so this instance serves it at once (the others hear it from the database). */
  publicChange: () => Promise<void>;
  /** The site's not-found page (an address of `/panel/textos/…` that names no editable page). */
  notFoundPage: (c: Context<AppEnv>) => Response | Promise<Response>;
}

/**
 * A set that does not validate: 422 with each message under the place it is about (`items.2.etiqueta`), so the panel
 * puts it beside that row's field.
 */
export const invalidSet: OnInvalid = (c, error) =>
  c.json(validationErrorBodyByPath(error, 'Revisa los datos antes de guardar.'), 422);

/** Who acts, for the log: the account's email. */
export const actorOf = (c: Context<AppEnv>) => c.get('session')?.email ?? 'desconocido';

export function refusal(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof ContentSetConflictError)
    return c.json<ContentSetConflict<ContentSetKind>>({ message: error.message, current: error.current }, 409);
  if (error instanceof ContentSetRefused) return c.json({ message: error.message }, error.status);
  throw error;
}

/**
 * «Datos del agua» and «Contadores» of the panel (issue #42 items 2 and 3, decision 059): the pages for editors, and the
 * JSON actions behind them (`contentSetsApi`): save the whole set with the version it was read at, restore a revision.
 * Both are public at once: the store moves the content's position and every instance reads it again.
 */
export function registerContentSetsRoutes(app: Hono<AppEnv>, deps: ContentSetsDeps): void {
  const { services, seo, publicChange } = deps;
  const db = () => services.database.use();
  const editors = requireRole('editor', forbidden);
  /** A set's items before the database has it: the files' (the content served until then). */
  const files: { [K in ListSetKind]: (content: Content) => ContentSetItems[K] } = {
    datos: (content) => content.facts.map((fact) => ({ html: fact.html, visible: true })),
    contadores: (content) => content.counters,
    aliados: editableAllies,
  };

  /** More of a page's props than the set's (read from the address only by the page that has any). */
  const extras: Partial<Record<ListSetKind, (c: Context<AppEnv>) => Promise<Record<string, unknown>>>> = {
    // «Convertir en aliado» of the inbox: the new ally's form starts from the lead (?desde={id})
    aliados: async (c) => {
      const query = AlliesPageQuerySchema.safeParse(c.req.query());
      return { fromLead: await allyFromLead(db(), query.success ? query.data.desde : undefined) };
    },
  };

  for (const kind of ['datos', 'contadores', 'aliados'] as const) {
    const { page, route, title, description, saved } = pages[kind];
    const api = contentSetsApi[kind];
    for (const path of [routerPath(route), api, `${api}/*`]) app.use(path, editors);

    app.get(routerPath(route), async (c) => {
      const props = await setPage(db(), kind, files[kind](c.var.content) as ContentSetItems[typeof kind]);
      const extra = (await extras[kind]?.(c)) ?? {};
      // each kind's props are its page's; TypeScript does not follow the pair through the loop
      return c.var.page(page, { ...props, ...extra, seo: seo(c, title, description) } as PageInput<typeof page>);
    });

    app.put(
      api,
      ...factory.createHandlers(jsonBody, validate('json', listSetSchemas[kind], invalidSet), async (c) => {
        const body = c.req.valid('json');
        const { items, version } = body;
        const session = c.get('session');
        // the lead this save turns into an ally records it, in the same transaction
        const within = 'desde' in body && body.desde && session ? recordLeadAlly(body.desde, body.items, session) : undefined;
        try {
          const set = await saveSet(db(), kind, items as ContentSetItems[typeof kind], version, actorOf(c), { within });
          await publicChange();
          return c.json<ContentSetAnswer<typeof kind>>({ set, message: saved });
        } catch (error) {
          return refusal(c, error);
        }
      }),
    );

    restoreRoute(app, api, deps, () => kind);
  }
  registerPageTextsRoutes(app, deps, editors);
}

/**
 * «Textos de las páginas» (issue #42 item 5, decision 062): one editable page's title, description, keywords, share
 * image and prose on `/panel/textos/{pagina}`, saved as that page's set (`pagina:{page}`) through the same store, so a
 * save is a revision, a log line and public at once, and a conflict is the same 409.
 */
function registerPageTextsRoutes(app: Hono<AppEnv>, deps: ContentSetsDeps, editors: ReturnType<typeof requireRole>): void {
  const { services, seo, publicChange, notFoundPage } = deps;
  const db = () => services.database.use();
  // pageTextsApi(page) of the contracts, with the page as a parameter
  const api = '/api/textos/:pagina';
  for (const path of [routerPath('panelTextos'), routerPath('panelTexto'), api, `${api}/*`]) app.use(path, editors);
  /** The page named in the address, or a 404 in Spanish (nothing changed). */
  const pageOf = (c: Context<AppEnv>) => {
    const name = c.req.param('pagina') ?? '';
    return isEditablePage(name) ? name : null;
  };
  const notEditable = (c: Context<AppEnv>) => c.json({ message: unknownPage }, 404);

  app.get(routerPath('panelTextos'), (c) => c.redirect(route('panelTexto', { pagina: editablePages[1] }), 302));
  app.get(routerPath('panelTexto'), async (c) => {
    const page = pageOf(c);
    if (!page) return notFoundPage(c);
    const kind = pageSetKind(page);
    const props = await setPage(db(), kind, pageTextsOfFiles(c.var.content)[kind]);
    const label = editablePageLabels[page];
    return c.var.page('Panel/Textos', {
      ...props,
      page,
      seo: seo(
        c,
        `Textos: ${label} | Panel | Gota a Gota`,
        `El título, la descripción, la imagen para compartir y los textos de «${label}».`,
      ),
    });
  });

  app.put(api, jsonBody, async (c) => {
    const page = pageOf(c);
    if (!page) return notEditable(c);
    // the rules depend on the page (which prose it has), so the body is checked here rather than by a middleware
    const body: unknown = await c.req.json();
    const checked = pageTextsSaveSchema(page).safeParse(body);
    if (!checked.success) return invalidSet(c, checked.error, body);
    const kind = pageSetKind(page);
    try {
      const set = await saveSet(db(), kind, checked.data.items as ContentSetItems[PageSetKind], checked.data.version, actorOf(c));
      await publicChange();
      return c.json<ContentSetAnswer<PageSetKind>>({
        set,
        message: `Textos de «${editablePageLabels[page]}» publicados: ya los ven los visitantes.`,
      });
    } catch (error) {
      return refusal(c, error);
    }
  });

  restoreRoute(app, api, deps, (c) => {
    const page = pageOf(c);
    return page && pageSetKind(page);
  });
}

/**
 * POST {api}/revisiones/{n}/restaurar: «Restaurar», an old revision of the set `kindOf` names (null: no such page, a
 * 404) becomes the set again, public at once.
 */
export function restoreRoute(
  app: Hono<AppEnv>,
  api: string,
  { services, publicChange }: Pick<ContentSetsDeps, 'services' | 'publicChange'>,
  kindOf: (c: Context<AppEnv>) => ContentSetKind | null,
): void {
  app.post(
    `${api}/revisiones/:number/restaurar`,
    ...factory.createHandlers(
      validate('param', ContentSetRevisionParamsSchema, (c) => c.json({ message: 'No hay una revisión con ese número.' }, 404)),
      jsonBody,
      validate('json', ContentSetRestoreSchema, invalidSet),
      async (c) => {
        const kind = kindOf(c);
        if (!kind) return c.json({ message: unknownPage }, 404);
        const { number } = c.req.valid('param');
        try {
          const set = await restoreSet(services.database.use(), kind, number, c.req.valid('json').version, actorOf(c));
          await publicChange();
          return c.json<ContentSetAnswer<ContentSetKind>>({ set, message: restored(number) });
        } catch (error) {
          return refusal(c, error);
        }
      },
    ),
  );
}
