import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type {
  EditorStory,
  HistoriaPageProps,
  HistoriasPageProps,
  MediaImage,
  Story,
  StoryAnswer,
  StoryConflict,
  StoryFields,
  StoryRevision,
  StoryRevisionSummary,
} from '@gota/shared/contracts';
import { loadBaseContent, loadStoryFiles } from '../content';
import { contentFollower, type ContentFollower } from '../content';
import { eventually, followingInstance, inertia, sendJson } from '../../testing/content-fleet';
import { parseStoryFile } from './story-format';
import type { Database } from '../../db/database';
import { repoRoot } from '../../env';
import { createLogger } from '../../logging/logger';
import { Browser } from '../../testing/browser';
import { testDatabase } from '../../testing/test-database';
import { phonePhoto } from '../../testing/test-images';
import { uploadMedia } from '../../testing/uploads';
import { enrolAuthenticatorApp } from '../../testing/second-factor';
import type { AppEnv } from '../../types';
import { signUp } from '../../testing/sign-up';

const password = 'un río que nunca se seca 2026';
const editorEmail = `edita${Date.now()}@gotaagota.mx`;
const env = { EDITOR_EMAILS: editorEmail };
const contentDir = `${repoRoot}/api/content`;
const silent = createLogger({ level: 'silent' });

let database: Database;
/** Two instances of the site over one database, each following its content (as a fleet's do). */
let first: { app: Hono<AppEnv>; content: ContentFollower };
let second: { app: Hono<AppEnv>; content: ContentFollower };
let editor: Browser;

const instance = () => followingInstance(database, env);

beforeAll(async () => {
  database = await testDatabase();
  first = instance();
  second = instance();
  await first.content.importOnce();
  await second.content.importOnce();
  first.content.start();
  second.content.start();
  editor = new Browser(first.app);
  await signUp(editor, editorEmail, password, { name: 'Elena', lastName: 'Ríos' });
  await enrolAuthenticatorApp(editor);
});
afterAll(async () => {
  await first.content.stop();
  await second.content.stop();
  await database.close();
});

const send = sendJson;

let counter = 0;
/** A story's fields as the editor would save them, with a slug of its own. */
function fields(overrides: Partial<StoryFields> = {}): StoryFields {
  counter += 1;
  return {
    titulo: `Una escuela que cosecha la lluvia ${counter}`,
    slug: `escuela-cosecha-lluvia-${counter}-${Date.now()}`,
    fecha: '7 de diciembre de 2026',
    fechaData: '2026-12-07',
    text: 'En la Sierra Norte de Puebla, una primaria junta el agua de lluvia de sus techos para los baños y el huerto.',
    tags: ['ESCUELAS', 'LLUVIA'],
    img: '/img/historias/cerveceria-eficiencia-hidrica.svg',
    imgWhite: '/img/historias/cerveceria-eficiencia-hidrica-fondo.svg',
    alt: 'Un techo con canaletas que llevan la lluvia a un tanque',
    bigImage: false,
    slides: [],
    body: '## Cada gota cuenta\n\nLos alumnos miden el tanque cada lunes y anotan **cuántos litros** juntaron.\n',
    ...overrides,
  };
}

async function create(values = fields()): Promise<EditorStory> {
  const res = await send(editor, 'POST', '/api/historias', { fields: values });
  expect(res.status).toBe(201);
  return ((await res.json()) as StoryAnswer).story;
}

async function act(story: EditorStory, action: 'publicar' | 'retirar' | 'desprogramar', status = 200): Promise<EditorStory> {
  const res = await send(editor, 'POST', `/api/historias/${story.id}/${action}`, { version: story.version });
  expect(res.status).toBe(status);
  return ((await res.json()) as StoryAnswer).story;
}

/** Asks for `story` to be published at `at`, Mexico City's wall clock as the panel's form sends it. */
const schedule = (story: EditorStory, at: string) =>
  send(editor, 'POST', `/api/historias/${story.id}/programar`, { version: story.version, at });

/** The props of the story's page in the panel, as the editor's browser reads them. */
const storyPage = async (story: EditorStory) =>
  (await (await editor.get(`/panel/historias/${story.id}`, inertia)).json()) as { props: HistoriaPageProps };

const statusOf = async (app: Hono<AppEnv>, path: string) => (await app.request(path)).status;
/** An instance's follower whose clock reads `at` (an ISO instant), as a restart at that time would make it. */
const followerAt = (at: string): ContentFollower =>
  contentFollower({ database, base: loadBaseContent(contentDir), files: [], logger: silent, now: () => new Date(at) });

describe('stories in the database', () => {
  it('imports the story files once, and visitors see the same 15 stories', async () => {
    const files = loadStoryFiles(contentDir);
    // both instances ran the import: it happened once
    const imported = await database
      .use()
      .execute(sql`select count(*)::int as n from content_log where kind = 'historia' and action = 'importada'`);
    expect((imported as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(files.length);
    expect(
      first.content
        .current()
        .stories.map((story) => story.slug)
        .sort(),
    ).toEqual(files.map((story) => story.slug).sort());
    const page = await first.app.request('/historias', { headers: inertia });
    expect(((await page.json()) as { props: { stories: unknown[] } }).props.stories).toHaveLength(files.length);
  });

  it('keeps the content log append-only', async () => {
    await expect(database.use().execute(sql`update content_log set actor = 'otra persona'`)).rejects.toThrow();
    await expect(database.use().execute(sql`delete from content_log`)).rejects.toThrow();
  });
});

describe('who may edit', () => {
  it('asks an anonymous visitor to sign in and refuses an account without the role, revealing nothing', async () => {
    const story = await create();
    const anonymous = new Browser(first.app);
    await anonymous.ticket();
    expect((await send(anonymous, 'PUT', `/api/historias/${story.id}`, { fields: fields(), version: 1 })).status).toBe(401);
    const visitor = new Browser(first.app);
    const email = `visita${Date.now()}@correo.mx`;
    await signUp(visitor, email, password, { name: 'Vic', lastName: 'Toria' });
    for (const path of [
      `/api/historias/${story.id}/revisiones`,
      `/api/historias/${story.id}/markdown`,
      `/api/historias/${story.id}/revisiones/1`,
    ]) {
      const res = await visitor.get(path, { Accept: 'application/json' });
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain(story.titulo);
    }
    expect((await send(visitor, 'POST', '/api/historias', { fields: fields() })).status).toBe(403);
    expect((await send(visitor, 'POST', `/api/historias/${story.id}/publicar`, { version: story.version })).status).toBe(403);
    expect((await visitor.get(`/panel/historias/${story.id}`, inertia)).status).toBe(403);
    // a draft has no public address
    expect(await statusOf(first.app, `/historias/${story.slug}`)).toBe(404);
    // an address that names no story is the not-found page, never an error
    expect((await editor.get('/panel/historias/no-es-una-historia', inertia)).status).toBe(404);
    expect((await editor.get('/api/historias/no-es-una-historia/revisiones', { Accept: 'application/json' })).status).toBe(404);
  });
});

describe('writing and publishing', () => {
  it('lists the stories with their state and finds them by title without accents', async () => {
    const story = await create(fields({ titulo: 'Acción en Oaxaca: ríos limpios' }));
    const res = await editor.get('/panel/historias?q=accion%20en%20oaxaca', inertia);
    const props = ((await res.json()) as { props: HistoriasPageProps }).props;
    expect(props.stories.map((item) => item.id)).toEqual([story.id]);
    expect(props.stories[0]).toMatchObject({ state: 'borrador', updatedBy: editorEmail, pendingChanges: false });
    // the search box sent by the browser itself with nothing in it: the list's own address (decision 064)
    const empty = await editor.get('/panel/historias?q=', { Accept: 'text/html' });
    expect([empty.status, empty.headers.get('Location')]).toEqual([302, '/panel/historias']);
    const editorProps = (await storyPage(story)).props;
    expect(editorProps.story?.fields.titulo).toBe('Acción en Oaxaca: ríos limpios');
    expect(editorProps.revisions.map((revision) => revision.number)).toEqual([1]);
    expect(editorProps.log.map((line) => line.action)).toEqual(['creada']);
  });

  it('publishes in one step: every instance serves the page, the lists, the feed, the sitemap and the search within 2 s', async () => {
    const values = fields({ titulo: 'La primaria que cosecha lluvia en Zacapoaxtla' });
    const story = await create(values);
    const published = await act(story, 'publicar');
    expect(published.state).toBe('publicada');
    for (const { app } of [first, second]) {
      await eventually(async () => (await statusOf(app, `/historias/${values.slug}`)) === 200);
      const blog = (await (await app.request('/historias', { headers: inertia })).json()) as {
        props: { stories: { slug: string }[] };
      };
      expect(blog.props.stories[0]?.slug).toBe(values.slug);
      const home = (await (await app.request('/', { headers: inertia })).json()) as {
        props: { latestStories: { slug: string }[] };
      };
      expect(home.props.latestStories.map((item) => item.slug)).toContain(values.slug);
      expect(await (await app.request('/historias/feed.xml')).text()).toContain(values.slug);
      expect(await (await app.request('/sitemap.xml')).text()).toContain(`/historias/${values.slug}`);
      const search = (await (await app.request('/buscar?q=zacapoaxtla', { headers: inertia })).json()) as {
        props: { results: { hits: { url: string }[] } };
      };
      expect(search.props.results.hits.map((hit) => hit.url)).toContain(`/historias/${values.slug}`);
    }
    const log = await storyPage(story);
    expect(log.props.log.map((line) => line.action)).toEqual(['publicada', 'creada']);
  });

  it('keeps a published story as it is until «Actualizar», and a changed address answers 301', async () => {
    const values = fields();
    const published = await act(await create(values), 'publicar');
    const saved = await send(editor, 'PUT', `/api/historias/${published.id}`, {
      fields: { ...values, titulo: 'Título nuevo', slug: `${values.slug}-nuevo` },
      version: published.version,
    });
    expect(saved.status).toBe(200);
    const draft = ((await saved.json()) as StoryAnswer).story;
    expect(draft).toMatchObject({ pendingChanges: true, slugFree: false });
    const page = (await (await first.app.request(`/historias/${values.slug}`, { headers: inertia })).json()) as {
      props: { story: { titulo: string } };
    };
    expect(page.props.story.titulo).toBe(values.titulo);
    await act(draft, 'publicar');
    const moved = await first.app.request(`/historias/${values.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe(`/historias/${values.slug}-nuevo`);
    await eventually(async () => (await second.app.request(`/historias/${values.slug}`)).status === 301);
  });

  it('withdraws a story from every list; its address answers 410 with the site page', async () => {
    const values = fields({ titulo: 'Historia que se retira de Tlaxcala' });
    const published = await act(await create(values), 'publicar');
    await act(published, 'retirar');
    for (const { app } of [first, second]) {
      await eventually(async () => (await statusOf(app, `/historias/${values.slug}`)) === 410);
      const page = await app.request(`/historias/${values.slug}`);
      expect(await page.text()).toContain('ya no está disponible');
      expect(await (await app.request('/historias/feed.xml')).text()).not.toContain(values.slug);
      expect(await (await app.request('/sitemap.xml')).text()).not.toContain(values.slug);
      const blog = (await (await app.request('/historias', { headers: inertia })).json()) as {
        props: { stories: { slug: string }[] };
      };
      expect(blog.props.stories.map((story) => story.slug)).not.toContain(values.slug);
      const search = (await (await app.request('/buscar?q=tlaxcala', { headers: inertia })).json()) as {
        props: { results: { hits: { url: string }[] } };
      };
      expect(search.props.results.hits.map((hit) => hit.url)).not.toContain(`/historias/${values.slug}`);
    }
  });

  it('previews the working copy through the renderer, with a banner, for editors only and never indexed', async () => {
    const story = await create(fields({ titulo: 'Borrador que nadie más ve' }));
    const res = await editor.get(`/panel/historias/${story.id}/vista-previa`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Vista previa de «Borrador que nadie más ve»');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect((await first.app.request(`/panel/historias/${story.id}/vista-previa`)).status).toBe(302);
  });

  it('downloads a story as the Markdown file it would be in api/content/stories', async () => {
    const values = fields();
    const story = await create(values);
    const res = await editor.get(`/api/historias/${story.id}/markdown`);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${values.slug}.md"`);
    expect(parseStoryFile(await res.text(), `${values.slug}.md`)).toEqual(values);
  });
});

describe('revisions and conflicts', () => {
  it('keeps every save as a revision and restores an old one as a new revision', async () => {
    const values = fields();
    let story = await create(values);
    for (const titulo of ['Segunda versión', 'Tercera versión']) {
      const res = await send(editor, 'PUT', `/api/historias/${story.id}`, {
        fields: { ...values, titulo },
        version: story.version,
      });
      story = ((await res.json()) as StoryAnswer).story;
    }
    const revisions = (await (await editor.get(`/api/historias/${story.id}/revisiones`)).json()) as StoryRevisionSummary[];
    expect(revisions.map((revision) => revision.number)).toEqual([3, 2, 1]);
    const one = (await (await editor.get(`/api/historias/${story.id}/revisiones/1`)).json()) as StoryRevision;
    expect(one.fields.titulo).toBe(values.titulo);
    const restored = await send(editor, 'POST', `/api/historias/${story.id}/revisiones/1/restaurar`, { version: story.version });
    expect(restored.status).toBe(200);
    const answer = (await restored.json()) as StoryAnswer;
    expect(answer.story.fields.titulo).toBe(values.titulo);
    expect(answer.message).toBe('Se restauró la revisión 1 como una nueva revisión.');
    const after = (await (await editor.get(`/api/historias/${story.id}/revisiones`)).json()) as StoryRevisionSummary[];
    expect(after[0]?.number).toBe(4);
  });

  it('answers the second of two editors saving the same version with a conflict and both texts, and overwrites nothing', async () => {
    const values = fields();
    const story = await create(values);
    const mine = await send(editor, 'PUT', `/api/historias/${story.id}`, {
      fields: { ...values, body: 'El texto de Elena.' },
      version: story.version,
    });
    expect(mine.status).toBe(200);
    const theirs = await send(editor, 'PUT', `/api/historias/${story.id}`, {
      fields: { ...values, body: 'El texto de Pablo.' },
      version: story.version,
    });
    expect(theirs.status).toBe(409);
    const conflict = (await theirs.json()) as StoryConflict;
    expect(conflict.message).toMatch(/Otra persona guardó esta historia/);
    expect(conflict.current.fields.body).toBe('El texto de Elena.');
    const stale = await send(editor, 'POST', `/api/historias/${story.id}/publicar`, { version: story.version });
    expect(stale.status).toBe(409);
    expect(await statusOf(first.app, `/historias/${values.slug}`)).toBe(404);
  });
});

describe('scheduling', () => {
  // next year's 7 December at 9:00 in Mexico City (15:00 UTC): within the two years a schedule may reach
  const nextYear = new Date().getUTCFullYear() + 1;

  it('publishes a scheduled story once, when its time comes, whichever instances look', async () => {
    const values = fields();
    const story = await create(values);
    const scheduled = await schedule(story, `${nextYear}-12-07T09:00`);
    expect(scheduled.status).toBe(200);
    const answer = ((await scheduled.json()) as StoryAnswer).story;
    expect(answer).toMatchObject({ state: 'programada', publishAt: `${nextYear}-12-07T15:00:00.000Z` });
    // not yet: a clock a minute before
    const before = followerAt(`${nextYear}-12-07T14:59:00Z`);
    await before.publishScheduled();
    expect(await statusOf(first.app, `/historias/${values.slug}`)).toBe(404);
    // a restart in between changes nothing: the time is in the database; two instances with a test clock past it
    const [a, b] = [0, 1].map(() => followerAt(`${nextYear}-12-07T15:00:30Z`)) as [ContentFollower, ContentFollower];
    await Promise.all([a.publishScheduled(), b.publishScheduled()]);
    const log = await storyPage(story);
    expect(log.props.log.filter((line) => line.action === 'publicada')).toHaveLength(1);
    expect(log.props.log[0]).toMatchObject({ action: 'publicada', by: 'sistema' });
    await eventually(async () => (await statusOf(second.app, `/historias/${values.slug}`)) === 200);
  });

  it('puts back to waiting, with a line in its log, a scheduled story saved incomplete since', async () => {
    const values = fields();
    const story = await create(values);
    const res = await schedule(story, `${nextYear}-06-01T09:00`);
    const scheduled = ((await res.json()) as StoryAnswer).story;
    const saved = await send(editor, 'PUT', `/api/historias/${story.id}`, {
      fields: { ...values, text: '' },
      version: scheduled.version,
    });
    expect(saved.status).toBe(200);
    const later = followerAt(`${nextYear}-06-01T15:01:00Z`);
    await later.publishScheduled();
    const after = await storyPage(story);
    expect(after.props.story).toMatchObject({ state: 'borrador', publishAt: null });
    expect(after.props.log[0]).toMatchObject({
      action: 'desprogramada',
      by: 'sistema',
      detail: 'Para publicar falta completar: Resumen.',
    });
    expect(await statusOf(first.app, `/historias/${values.slug}`)).toBe(404);
  });

  it('cancels a schedule, and refuses one too far ahead', async () => {
    const story = await create();
    const res = await schedule(story, `${nextYear}-01-01T10:00`);
    const scheduled = ((await res.json()) as StoryAnswer).story;
    expect(scheduled.state).toBe('programada');
    const far = await schedule(scheduled, `${nextYear + 5}-01-01T10:00`);
    expect(far.status).toBe(422);
    const back = await act(scheduled, 'desprogramar');
    expect(back).toMatchObject({ state: 'borrador', publishAt: null });
  });
});

describe('bad input changes nothing and says why in Spanish', () => {
  it('refuses each bad field with its message', async () => {
    const cases: [Partial<StoryFields>, string, RegExp][] = [
      [{ titulo: 'x'.repeat(500) }, 'titulo', /no debe pasar de 140/],
      [{ body: 'Mira [esto](javascript:alert(1))' }, 'body', /javascript:/],
      [{ fechaData: '2025-02-30' }, 'fechaData', /no existe/],
      [{ tags: ['minúsculas'] }, 'tags', /mayúsculas/],
      [{ slug: 'Con Espacios' }, 'slug', /minúsculas/],
    ];
    for (const [override, field, message] of cases) {
      const res = await send(editor, 'POST', '/api/historias', { fields: fields(override) });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(body.errors[field]?.[0]).toMatch(message);
    }
  });

  it('refuses a taken address and a date in the past', async () => {
    const story = await create();
    const taken = await send(editor, 'POST', '/api/historias', { fields: fields({ slug: story.slug }) });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { errors: Record<string, string[]> }).errors.slug?.[0]).toMatch(/ya es de otra historia/);
    const imported = await send(editor, 'POST', '/api/historias', { fields: fields({ slug: 'cerveceria-eficiencia-hidrica' }) });
    expect(imported.status).toBe(409);
    const past = await schedule(story, '2020-01-01T09:00');
    expect(past.status).toBe(422);
    expect(((await past.json()) as { message: string }).message).toMatch(/ya pasaron/);
    const impossible = await schedule(story, '2099-02-30T09:00');
    expect(impossible.status).toBe(422);
  });

  it('keeps a pasted script or iframe from ever running on the page', async () => {
    const values = fields({ body: 'Texto <script>alert("x")</script> y <iframe src="https://malo.example"></iframe> final.' });
    await act(await create(values), 'publicar');
    const html = await (await first.app.request(`/historias/${values.slug}`, { headers: inertia })).text();
    expect(html).not.toMatch(/<script>alert|<iframe/);
    expect(html).toContain('final.');
  });
});

describe('drafts', () => {
  it('saves a draft with only a title, proposing its address, and later saves as incomplete as it is', async () => {
    const title = `Borrador de Tlaxcala ${Date.now()}`;
    const res = await send(editor, 'POST', '/api/historias', { fields: { titulo: title } });
    expect(res.status).toBe(201);
    const draft = ((await res.json()) as StoryAnswer).story;
    expect(draft).toMatchObject({ state: 'borrador', slug: `borrador-de-tlaxcala-${title.split(' ').at(-1)}` });
    expect(draft.fields).toMatchObject({ titulo: title, text: '', tags: [], img: '', body: '' });
    const again = await send(editor, 'PUT', `/api/historias/${draft.id}`, {
      fields: { ...draft.fields, text: 'Un resumen, nada más.' },
      version: draft.version,
    });
    expect(again.status).toBe(200);
    // what is written must still be right: a draft is not a way around the rules
    const bad = await send(editor, 'PUT', `/api/historias/${draft.id}`, {
      fields: { ...draft.fields, body: '[x](javascript:alert(1))' },
      version: draft.version + 1,
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.body?.[0]).toMatch(/javascript:/);
    const untitled = await send(editor, 'POST', '/api/historias', { fields: { text: 'Sin título' } });
    expect(untitled.status).toBe(422);
    expect(((await untitled.json()) as { errors: Record<string, string[]> }).errors.titulo?.[0]).toMatch(/título es obligatorio/);
  });

  it('refuses to publish or schedule an incomplete story, naming every field it waits for, and changes nothing', async () => {
    const res = await send(editor, 'POST', '/api/historias', {
      fields: { titulo: `Incompleta ${Date.now()}`, text: 'Ya tiene resumen.' },
    });
    const draft = ((await res.json()) as StoryAnswer).story;
    const publish = await send(editor, 'POST', `/api/historias/${draft.id}/publicar`, { version: draft.version });
    expect(publish.status).toBe(422);
    const refused = (await publish.json()) as { message: string; errors: Record<string, string[]> };
    expect(refused.message).toBe(
      'Para publicar falta completar: Fecha visible, Fecha, Etiquetas, Imagen principal, Imagen de fondo, Texto alternativo y Texto.',
    );
    expect(Object.keys(refused.errors).sort()).toEqual(['alt', 'body', 'fecha', 'fechaData', 'img', 'imgWhite', 'tags']);
    expect(refused.errors.tags?.[0]).toMatch(/al menos una etiqueta/);
    const scheduling = await schedule(draft, `${new Date().getUTCFullYear() + 1}-03-01T09:00`);
    expect(scheduling.status).toBe(422);
    expect(((await scheduling.json()) as { message: string }).message).toMatch(/^Para publicar falta completar: /);
    const after = await storyPage(draft);
    expect(after.props.story).toMatchObject({ state: 'borrador', version: draft.version, publishAt: null });
    expect(await statusOf(first.app, `/historias/${draft.slug}`)).toBe(404);
  });

  it('publishes an uploaded photo only with its alt text or marked decorative, and gives every page its crops', async () => {
    const uploaded = await uploadMedia(editor, await phonePhoto(1600, 1200), 'techo.jpg');
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as MediaImage;
    const full = photo.variants.find((variant) => variant.role === 'full' && variant.format === 'jpeg')!;
    const values = fields({ img: full.url, alt: '' });
    const story = await create(values);
    const undescribed = await send(editor, 'POST', `/api/historias/${story.id}/publicar`, { version: story.version });
    expect(undescribed.status).toBe(422);
    expect(((await undescribed.json()) as { errors: Record<string, string[]> }).errors.alt?.[0]).toMatch(/decorativa/);
    const described = await send(editor, 'PATCH', `/api/media/${photo.id}`, { alt: 'Un techo con canaletas y un tanque azul' });
    expect(described.status).toBe(200);
    await act(story, 'publicar');
    const page = (await (await first.app.request(`/historias/${values.slug}`, { headers: inertia })).json()) as {
      props: { story: Story; seo: { img: string } };
    };
    expect(page.props.story.photo).toMatchObject({ id: photo.id, alt: 'Un techo con canaletas y un tanque azul' });
    expect(new Set(page.props.story.photo!.variants.map((variant) => variant.role))).toEqual(new Set(['card', 'page', 'share']));
    // the list and the home page get it too, with its card crop (the pages draw <picture> from it: story-picture.tsx)
    for (const path of ['/historias', '/']) {
      expect(await (await first.app.request(path, { headers: inertia })).text()).toMatch(
        new RegExp(`/media/${photo.id}/card-480\\.[0-9a-f]{12}\\.avif`),
      );
    }
    // the share card was drawn at publication, kept in the database, with the photo's crop
    const card = new URL(page.props.seo.img).pathname;
    const kept = await database
      .use()
      .execute(sql`select octet_length(png)::int as n from story_share_cards where path = ${card}`);
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(10_000);
  });
});

describe('the background image', () => {
  it('is needed behind an illustration, not behind an uploaded photo, which is drawn alone', async () => {
    const illustrated = await create(fields({ imgWhite: '' }));
    const refused = await send(editor, 'POST', `/api/historias/${illustrated.id}/publicar`, { version: illustrated.version });
    expect(refused.status).toBe(422);
    const problems = (await refused.json()) as { message: string; errors: Record<string, string[]> };
    expect(problems.message).toBe('Para publicar falta completar: Imagen de fondo.');
    expect(problems.errors.imgWhite?.[0]).toMatch(/^Falta la imagen de fondo/);

    const uploaded = await uploadMedia(editor, await phonePhoto(1200, 900), 'tanque.jpg');
    const photo = (await uploaded.json()) as MediaImage;
    expect((await send(editor, 'PATCH', `/api/media/${photo.id}`, { alt: 'Un tanque azul bajo la lluvia' })).status).toBe(200);
    const values = fields({
      img: photo.variants.find((variant) => variant.role === 'full' && variant.format === 'jpeg')!.url,
      alt: 'Un tanque azul bajo la lluvia',
      imgWhite: '',
    });
    const story = await act(await create(values), 'publicar');
    expect(story.state).toBe('publicada');
    const page = (await (await first.app.request(`/historias/${values.slug}`, { headers: inertia })).json()) as {
      props: { story: Story };
    };
    expect(page.props.story).toMatchObject({ imgWhite: '', photo: { id: photo.id } });
    // its Markdown file reads back as it was written, empty background and all
    const file = await editor.get(`/api/historias/${story.id}/markdown`);
    expect(parseStoryFile(await file.text(), `${values.slug}.md`)).toEqual(values);
  });
});

describe('the share card', () => {
  it('names a card made on the server from the title in the page, and serves it as a 1200×630 PNG kept a year', async () => {
    const values = fields({ titulo: 'Tarjeta para compartir de Chiapas' });
    await act(await create(values), 'publicar');
    const page = (await (await first.app.request(`/historias/${values.slug}`, { headers: inertia })).json()) as {
      props: { seo: { img: string } };
    };
    const card = new URL(page.props.seo.img).pathname;
    expect(card).toMatch(new RegExp(`^/historias/${values.slug}/tarjeta-[0-9a-f]{12}\\.png$`));
    await eventually(async () => (await statusOf(second.app, card)) === 200);
    const res = await second.app.request(card);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await res.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await first.app.request(`/historias/${values.slug}/tarjeta-000000000000.png`)).status).toBe(404);
  });
});
