import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { contentSetsApi, validationErrorBodyByPath, type ContentSetAnswer, type ContentSetConflict, type ContentSetItems, type ContentSetKind, type Seo } from '@gota/shared/contracts';
import { routerPath, type RouteName } from '@gota/shared/routes';
import { ContentSetRestoreSchema, ContentSetRevisionParamsSchema, CountersSaveSchema, FactsSaveSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import type { Db } from '../../db/database';
import { ContentSetConflictError, ContentSetRefused, restoreSet, saveSet, setPage } from '../../content/content-sets-store';
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
} as const satisfies Record<'datos' | 'contadores', { page: string; route: RouteName; title: string; description: string; saved: string }>;

export const forbidden = 'Tu cuenta no puede editar el contenido del sitio.';
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
export const invalidSet: OnInvalid = (c, error) => c.json(validationErrorBodyByPath(error, 'Revisa los datos antes de guardar.'), 422);

/** Who acts, for the log: the account's email. */
export const actorOf = (c: Context) => c.get('session')?.email ?? 'desconocido';

export function refusal(c: Context, error: unknown): Response {
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
  const schemas = { datos: FactsSaveSchema, contadores: CountersSaveSchema } as const;

  for (const kind of ['datos', 'contadores'] as const) {
    const { page, route, title, description, saved } = pages[kind];
    const api = contentSetsApi[kind];
    for (const path of [routerPath(route), api, `${api}/*`]) app.use(path, editors);

    app.get(routerPath(route), async (c) => {
      const content = c.var.content;
      const files = kind === 'datos' ? content.facts.map((fact) => ({ html: fact.html, visible: true })) : content.counters;
      const props = await setPage(db(), kind, files as ContentSetItems[typeof kind]);
      return c.var.page(page, { ...props, seo: seo(c, title, description) });
    });

    app.put(
      api,
      ...factory.createHandlers(jsonBody, validate('json', schemas[kind], invalidSet), async (c) => {
        const { items, version } = c.req.valid('json');
        try {
          const set = await saveSet(db(), kind, items, version, actorOf(c));
          await publicChange();
          return c.json<ContentSetAnswer<typeof kind>>({ set, message: saved });
        } catch (error) {
          return refusal(c, error);
        }
      }),
    );

    registerRestoreRoute(app, kind, api, { db, publicChange });
  }
}

/**
 * POST {api}/revisiones/{n}/restaurar of a set: the revision becomes the set again, as a new revision, public at once
 * (the version read is checked as a save's; a 409 carries the set as it is).
 */
export function registerRestoreRoute(app: Hono, kind: ContentSetKind, api: string, { db, publicChange }: { db: () => Db; publicChange: () => Promise<void> }): void {
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
