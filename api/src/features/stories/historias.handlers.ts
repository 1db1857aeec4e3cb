import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { createFactory } from 'hono/factory';
import {
  storiesApi,
  type EditorStory,
  type HistoriaPageProps,
  type HistoriasPageProps,
  type Seo,
  type StoryAnswer,
  type StoryConflict as ConflictBody,
} from '@gota/shared/contracts';
import { routerPath } from '@gota/shared/routes';
import {
  StoryListQuerySchema,
  StoryActionSchema,
  StoryCreateSchema,
  StoryIdParamsSchema,
  StoryRevisionParamsSchema,
  StorySaveSchema,
  StoryScheduleSchema,
} from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { storyOf, storyMarkdown } from './story-format';
import { storyPhotos, withPhoto } from './story-photos';
import {
  createStory,
  findRevision,
  findStory,
  listRevisions,
  listStories,
  publishStory,
  restoreRevision,
  saveStory,
  scheduleStory,
  storyLog,
  StoryConflict,
  storyMessages,
  StoryRefused,
  unscheduleStory,
  withdrawStory,
} from './stories-store';
import { jsonBody, validate, type OnInvalid } from '../../security/validation';
import { mexicoCityInstant } from '../../common/mexico-city-time';
import { popularStories, storySeo } from '../pages';
import { previewBannerHtml, previewBannerLink } from '../../pages/document';
import { withoutEmptyParameters } from '../../pages/native-forms';
import type { AppEnv } from '../../types';

const factory = createFactory<AppEnv>();

const historiasMessages = {
  title: 'Historias | Panel | Gota a Gota',
  description: 'Las historias del sitio: escribir, revisar, programar y publicar.',
  newTitle: 'Nueva historia | Panel | Gota a Gota',
  signIn: 'Inicia sesión con una cuenta del equipo para continuar.',
  forbidden: 'Tu cuenta no puede editar las historias del sitio.',
  created: 'Historia guardada como borrador.',
  saved: 'Cambios guardados.',
  published: 'Historia publicada: ya la ven los visitantes.',
  updated: 'Cambios publicados.',
  scheduled: 'Publicación programada.',
  unscheduled: 'Se canceló la publicación programada.',
  withdrawn: 'Historia retirada del sitio.',
  restored: (number: number) => `Se restauró la revisión ${number} como una nueva revisión.`,
} as const;

export interface HistoriasDeps {
  services: AppServices;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
  notFoundPage: (c: Context<AppEnv>) => Response | Promise<Response>;
  /** Whether this request's account may edit stories (the editor role, issue #45). */
  canEdit: (c: Context<AppEnv>) => boolean;
  /** Told after a change visitors can see, so this instance serves it at once (the others hear it from the database). */
  publicChange: () => Promise<void>;
  /** Told after a story's publication committed and this instance serves it: its share card is drawn and kept. */
  published: (slug: string) => Promise<void>;
}

/**
 * A story's body that does not validate: the 422 of architecture §4, its errors named by the story's field (`titulo`,
 * not `fields`), as the editor shows them beside each one.
 */
const invalidStory: OnInvalid = (c, error) => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path;
    const field = String(first === 'fields' && second !== undefined ? second : (first ?? 'form'));
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return c.json({ message: Object.values(errors)[0]?.[0] ?? 'Revisa los datos de la historia.', errors }, 422);
};

/** Who acts, for the log: the account's email. */
const actorOf = (c: Context<AppEnv>) => c.get('session')?.email ?? 'desconocido';

/** The answer to a refused change: its status and Spanish message; a conflict carries the story as it is now. */
function refusal(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof StoryConflict) return c.json<ConflictBody>({ message: error.message, current: error.current }, 409);
  if (error instanceof StoryRefused) {
    const errors = error.errors
      ? Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, [message]]))
      : error.field
        ? { [error.field]: [error.message] }
        : {};
    return c.json({ message: error.message, errors }, error.status);
  }
  throw error;
}

/** The banner of an editor's preview (`previewBannerHtml`): what this page is, and the way back to the editor. */
function storyPreviewBanner(title: string, editUrl: string): string {
  return previewBannerHtml(
    'Vista previa de una historia',
    `Vista previa de «${title}»: así la verán los visitantes; aún no es pública.`,
    previewBannerLink(editUrl, 'Volver al editor'),
  );
}

/**
 * The panel's «Historias» (issue #41, decision 049): the list and the editor's pages for editors, the JSON actions
 * behind them (`storiesApi`), the Markdown download and the preview through the real renderer. Every change is a
 * transaction of stories-store.ts; a refused one changes nothing and says why in Spanish.
 */
export function registerHistoriasRoutes(
  app: Hono<AppEnv>,
  { services, seo, notFoundPage, canEdit, publicChange, published }: HistoriasDeps,
): void {
  const db = () => services.database.use();
  // the panel's pages are guarded by `staffOnly` (sign-in first); the JSON actions by this
  const editorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (!c.get('authUser')) return c.json({ message: historiasMessages.signIn }, 401);
    if (!canEdit(c)) {
      if (c.req.method === 'GET' && c.req.path.startsWith('/panel/')) {
        return c.var.page(
          'Panel/SinAcceso',
          { seo: seo(c, 'Sin acceso | Gota a Gota', historiasMessages.forbidden) },
          { status: 403 },
        );
      }
      return c.json({ message: historiasMessages.forbidden }, 403);
    }
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  };
  for (const path of [routerPath('panelHistorias'), `${routerPath('panelHistorias')}/*`, storiesApi.list, `${storiesApi.list}/*`])
    app.use(path, editorsOnly);
  const missing = (c: Context<AppEnv>) => c.json({ message: storyMessages.notFound }, 404);
  const answer = (c: Context<AppEnv>, story: StoryAnswer['story'], message: string, status: 200 | 201 = 200) =>
    c.json<StoryAnswer>({ story, message }, status);

  // the list's search box is a plain GET form (?q=), as the inbox's
  app.get(routerPath('panelHistorias'), withoutEmptyParameters, validate('query', StoryListQuerySchema), async (c) => {
    const query = c.req.valid('query').q;
    const props: HistoriasPageProps = { stories: await listStories(db(), query), query };
    return c.var.page('Panel/Historias', { ...props, seo: seo(c, historiasMessages.title, historiasMessages.description) });
  });
  app.get(routerPath('panelHistoriaNueva'), (c) => {
    const props: HistoriaPageProps = { story: null, revisions: [], log: [], siteUrl: services.env.appUrl };
    return c.var.page('Panel/Historia', { ...props, seo: seo(c, historiasMessages.newTitle, historiasMessages.description) });
  });
  /** A page of one story, whose id is in the address: the 404 page when there is no such story. */
  const storyPage = (answer: (c: Context<AppEnv>, story: EditorStory) => Response | Promise<Response>) =>
    factory.createHandlers(validate('param', StoryIdParamsSchema, notFoundPage), async (c) => {
      const story = await findStory(db(), c.req.valid('param').id);
      return story ? answer(c, story) : notFoundPage(c);
    });
  app.get(
    routerPath('panelHistoria'),
    ...storyPage(async (c, story) => {
      const props: HistoriaPageProps = {
        story,
        revisions: await listRevisions(db(), story.id),
        log: await storyLog(db(), story.id),
        siteUrl: services.env.appUrl,
      };
      return c.var.page('Panel/Historia', {
        ...props,
        seo: seo(c, `${story.titulo} | ${historiasMessages.title}`, historiasMessages.description),
      });
    }),
  );
  // the working copy as visitors will see it: the public Post page through the real renderer, with a banner, never
  // indexed nor kept (a signed-in visitor's page is `private, no-store`)
  app.get(
    routerPath('panelHistoriaVistaPrevia'),
    ...storyPage(async (c, found) => {
      const story = withPhoto(storyOf(found.fields), await storyPhotos(services.database, [found.fields]));
      const base = storySeo(story, services.env.appUrl);
      c.set('pageBanner', storyPreviewBanner(found.titulo, routerPath('panelHistoria').replace(':id', found.id)));
      c.header('X-Robots-Tag', 'noindex, nofollow');
      const popular = popularStories(c.var.content.storySummaries, story.slug);
      return c.var.page('Post', {
        story,
        popular,
        seo: { ...seo(c, base.title ?? story.titulo, base.description ?? story.text), robots: 'noindex, nofollow' },
      });
    }),
  );

  app.post(
    storiesApi.list,
    ...factory.createHandlers(jsonBody, validate('json', StoryCreateSchema, invalidStory), async (c) => {
      try {
        return answer(c, await createStory(db(), c.req.valid('json').fields, actorOf(c)), historiasMessages.created, 201);
      } catch (error) {
        return refusal(c, error);
      }
    }),
  );
  /**
   * A JSON change to one story: the address's parameters, the body checked by `schema` (422 by field when it does not
   * validate), then `apply`, whose refusal answers its own status and message (`refusal`).
   */
  const change = <P extends z.ZodType, S extends z.ZodType>(
    params: P,
    schema: S,
    apply: (c: Context, param: z.output<P>, body: z.output<S>) => Promise<Response>,
  ) =>
    factory.createHandlers(validate('param', params, missing), jsonBody, validate('json', schema, invalidStory), async (c) => {
      try {
        return await apply(c, c.req.valid('param'), c.req.valid('json'));
      } catch (error) {
        return refusal(c, error);
      }
    });
  app.put(
    '/api/historias/:id',
    ...change(StoryIdParamsSchema, StorySaveSchema, async (c, { id }, { fields, version }) =>
      answer(c, await saveStory(db(), id, fields, version, actorOf(c)), historiasMessages.saved),
    ),
  );
  app.post(
    '/api/historias/:id/publicar',
    ...change(StoryIdParamsSchema, StoryActionSchema, async (c, { id }, { version }) => {
      const story = await publishStory(db(), id, version, actorOf(c));
      await publicChange();
      await published(story.slug);
      return answer(
        c,
        story,
        story.firstPublishedAt === story.updatedAt ? historiasMessages.published : historiasMessages.updated,
      );
    }),
  );
  app.post(
    '/api/historias/:id/programar',
    ...change(StoryIdParamsSchema, StoryScheduleSchema, async (c, { id }, { version, at }) =>
      answer(c, await scheduleStory(db(), id, version, mexicoCityInstant(at), actorOf(c)), historiasMessages.scheduled),
    ),
  );
  app.post(
    '/api/historias/:id/desprogramar',
    ...change(StoryIdParamsSchema, StoryActionSchema, async (c, { id }, { version }) =>
      answer(c, await unscheduleStory(db(), id, version, actorOf(c)), historiasMessages.unscheduled),
    ),
  );
  app.post(
    '/api/historias/:id/retirar',
    ...change(StoryIdParamsSchema, StoryActionSchema, async (c, { id }, { version }) => {
      const story = await withdrawStory(db(), id, version, actorOf(c));
      await publicChange();
      return answer(c, story, historiasMessages.withdrawn);
    }),
  );
  app.get(
    '/api/historias/:id/revisiones',
    ...factory.createHandlers(validate('param', StoryIdParamsSchema, missing), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await findStory(db(), id))) return missing(c);
      return c.json(await listRevisions(db(), id));
    }),
  );
  app.get(
    '/api/historias/:id/revisiones/:number',
    ...factory.createHandlers(validate('param', StoryRevisionParamsSchema, missing), async (c) => {
      const { id, number } = c.req.valid('param');
      const revision = await findRevision(db(), id, number);
      return revision ? c.json(revision) : c.json({ message: storyMessages.noRevision(number) }, 404);
    }),
  );
  app.post(
    '/api/historias/:id/revisiones/:number/restaurar',
    ...change(StoryRevisionParamsSchema, StoryActionSchema, async (c, { id, number }, { version }) =>
      answer(c, await restoreRevision(db(), id, number, version, actorOf(c)), historiasMessages.restored(number)),
    ),
  );
  // the story as the file it would be in api/content/stories: the team's record, and a way back
  app.get(
    '/api/historias/:id/markdown',
    ...factory.createHandlers(validate('param', StoryIdParamsSchema, missing), async (c) => {
      const story = await findStory(db(), c.req.valid('param').id);
      if (!story) return missing(c);
      return c.body(storyMarkdown(story.fields), 200, {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Content-Disposition': `attachment; filename="${story.slug}.md"`,
      });
    }),
  );
}
