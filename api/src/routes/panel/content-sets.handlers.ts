import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { contentSetsApi, validationErrorBodyByPath, type ContentSetAnswer, type ContentSetConflict, type ContentSetItems, type ContentSetKind, type Seo } from '@gota/shared/contracts';
import { routerPath, type RouteName } from '@gota/shared/routes';
import { AlliesSaveSchema, ContentSetRestoreSchema, ContentSetRevisionParamsSchema, CountersSaveSchema, FactsSaveSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { ContentSetConflictError, ContentSetRefused, restoreSet, saveSet, setPage } from '../../content/content-sets-store';
import type { Content } from '../../content/load-content';
import { editableAllies } from '../../content/load-allies';
import { allyFromLead, recordLeadAlly } from './lead-ally';
import { jsonBody, validate, type OnInvalid } from '../../security/validation';
import { requireRole } from '../../team/roles';

const factory = createFactory();

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
} as const satisfies Record<ContentSetKind, { page: string; route: RouteName; title: string; description: string; saved: string }>;

const forbidden = 'Tu cuenta no puede editar el contenido del sitio.';
const restored = (number: number) => `Se restauró la revisión ${number}: ya la ven los visitantes.`;

export interface ContentSetsDeps {
  services: AppServices;
  seo: (c: Context, title: string, description: string) => Seo;
  /** Told after a change, so this instance serves it at once (the others hear it from the database). */
  publicChange: () => Promise<void>;
}

/**
 * A set that does not validate: 422 with each message under the place it is about (`items.2.etiqueta`), so the panel
 * puts it beside that row's field.
 */
const invalidSet: OnInvalid = (c, error) => c.json(validationErrorBodyByPath(error, 'Revisa los datos antes de guardar.'), 422);

/** Who acts, for the log: the account's email. */
const actorOf = (c: Context) => c.get('session')?.email ?? 'desconocido';

function refusal(c: Context, error: unknown): Response {
  if (error instanceof ContentSetConflictError) return c.json<ContentSetConflict<ContentSetKind>>({ message: error.message, current: error.current }, 409);
  if (error instanceof ContentSetRefused) return c.json({ message: error.message }, error.status);
  throw error;
}

/**
 * «Datos del agua» and «Contadores» of the panel (issue #42 items 2 and 3, decision 059): the pages for editors, and the
 * JSON actions behind them (`contentSetsApi`): save the whole set with the version it was read at, restore a revision.
 * Both are public at once: the store moves the content's position and every instance reads it again.
 */
export function registerContentSetsRoutes(app: Hono, { services, seo, publicChange }: ContentSetsDeps): void {
  const db = () => services.database.use();
  const editors = requireRole('editor', forbidden);
  const schemas = { datos: FactsSaveSchema, contadores: CountersSaveSchema, aliados: AlliesSaveSchema } as const;
  /** A set's items before the database has it: the files' (the content served until then). */
  const files: { [K in ContentSetKind]: (content: Content) => ContentSetItems[K] } = {
    datos: (content) => content.facts.map((fact) => ({ html: fact.html, visible: true })),
    contadores: (content) => content.counters,
    aliados: editableAllies,
  };

  for (const kind of ['datos', 'contadores', 'aliados'] as const) {
    const { page, route, title, description, saved } = pages[kind];
    const api = contentSetsApi[kind];
    for (const path of [routerPath(route), api, `${api}/*`]) app.use(path, editors);

    app.get(routerPath(route), async (c) => {
      const props = await setPage(db(), kind, files[kind](c.var.content) as ContentSetItems[typeof kind]);
      // «Convertir en aliado» of the inbox: the new ally's form starts from the lead (?desde={id})
      const extra = kind === 'aliados' ? { fromLead: await allyFromLead(db(), c.req.query('desde')) } : {};
      return c.var.page(page, { ...props, ...extra, seo: seo(c, title, description) });
    });

    app.put(
      api,
      ...factory.createHandlers(jsonBody, validate('json', schemas[kind], invalidSet), async (c) => {
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

    app.post(
      `${api}/revisiones/:number/restaurar`,
      ...factory.createHandlers(
        validate('param', ContentSetRevisionParamsSchema, (c) => c.json({ message: 'No hay una revisión con ese número.' }, 404)),
        jsonBody,
        validate('json', ContentSetRestoreSchema, invalidSet),
        async (c) => {
          const { number } = c.req.valid('param');
          try {
            const set = await restoreSet(db(), kind, number, c.req.valid('json').version, actorOf(c));
            await publicChange();
            return c.json<ContentSetAnswer<typeof kind>>({ set, message: restored(number) });
          } catch (error) {
            return refusal(c, error);
          }
        },
      ),
    );
  }
}
