import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { AboutTexts, ContentSet, ContentSetConflict, EditablePageTexts, PageSetKind } from '@gota/shared/contracts';
import { proseMarkupMessage } from '@gota/shared/schemas';
import { Browser } from '../../testing/browser';
import { eventually, inertia, pageProps, pageTextsPanel, panelFleet, sendJson } from '../../testing/content-fleet';
import type { AppEnv } from '../../types';

/** Two instances of the site over one database (as a fleet's); both import at start: the pages' texts are imported once. */
const site = panelFleet('textos');

const saveAbout = (items: unknown, version: number, browser = site.editor) =>
  sendJson(browser, 'PUT', '/api/textos/quienes-somos', { items, version });
/** The page as a search engine reads it: its <title> and meta description. */
async function head(app: Hono<AppEnv>, path: string): Promise<{ title: string | undefined; description: string | undefined }> {
  const html = await (await app.request(path)).text();
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
  };
}

describe('the one-time import', () => {
  it('puts each editable page of pages.json and page-texts.json in the database once, logged, even when two instances start together', async () => {
    const log = await site.database
      .use()
      .execute(sql`select item_id, action, actor from content_log where kind = 'textos' order by item_id`);
    const rows = (log as unknown as { rows: { item_id: string; action: string; actor: string }[] }).rows;
    expect(rows.map((row) => row.item_id)).toEqual([
      'pagina:aliados',
      'pagina:blog',
      'pagina:datos-agua',
      'pagina:descargas',
      'pagina:index',
      'pagina:quienes-somos',
    ]);
    expect(rows.every((row) => row.action === 'importada' && row.actor === 'sistema')).toBe(true);
    const about = await pageTextsPanel(site, 'quienes-somos');
    expect(about.page).toBe('quienes-somos');
    expect(about.set.version).toBe(1);
    expect(about.set.items.seo.title).toBe('Quiénes somos · Gota a Gota');
    expect((about.set.items.texts as AboutTexts).mission.title).toBe('Misión');
    const blog = await pageTextsPanel(site, 'blog');
    expect(blog.set.items.texts).toBeNull();
    // a third start imports nothing
    await site.first.content.importOnce();
    expect((await pageTextsPanel(site, 'quienes-somos')).set.version).toBe(1);
  });
});

describe('who may edit', () => {
  it('asks an anonymous visitor to sign in and refuses a team member without the editor role', async () => {
    const { set } = await pageTextsPanel(site, 'quienes-somos');
    const anonymous = new Browser(site.first.app);
    await anonymous.ticket();
    expect((await saveAbout(set.items, set.version, anonymous)).status).toBe(401);
    expect((await site.inbox.get('/panel/textos/quienes-somos', inertia)).status).toBe(403);
    const refused = await saveAbout(set.items, set.version, site.inbox);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Tu cuenta no puede editar el contenido del sitio.' });
    expect(
      (await sendJson(site.inbox, 'POST', '/api/textos/quienes-somos/revisiones/1/restaurar', { version: set.version })).status,
    ).toBe(403);
    expect((await pageTextsPanel(site, 'quienes-somos')).set.version).toBe(set.version);
  });
});

describe('refusals', () => {
  it('refuses a title over its limit, an empty description, markup in the prose, an empty paragraph, a part with none or too many, and a foreign image, in Spanish, and changes nothing', async () => {
    const { set } = await pageTextsPanel(site, 'quienes-somos');
    const about = set.items.texts as AboutTexts;
    const withSeo = (change: Record<string, unknown>) => ({ ...set.items, seo: { ...set.items.seo, ...change } });
    const cases: [unknown, string, string][] = [
      [withSeo({ title: 'Q'.repeat(71) }), 'items.seo.title', 'El título no debe pasar de 70 caracteres'],
      [withSeo({ description: '   ' }), 'items.seo.description', 'La descripción es obligatoria'],
      [
        withSeo({ img: 'https://otro.example/foto.jpg' }),
        'items.seo.img',
        'La imagen para compartir debe ser una foto subida desde el panel.',
      ],
      [
        {
          ...set.items,
          texts: { ...about, mission: { ...about.mission, paragraphs: ['Agua limpia.', 'Agua <script>alert(1)</script>'] } },
        },
        'items.texts.mission.paragraphs.1',
        proseMarkupMessage,
      ],
      [
        { ...set.items, texts: { ...about, mission: { ...about.mission, paragraphs: ['Agua limpia.', '<b>Agua</b>'] } } },
        'items.texts.mission.paragraphs.1',
        proseMarkupMessage,
      ],
      [
        { ...set.items, texts: { ...about, vision: { title: 'Visión', paragraphs: ['Pasar a la acción.', '   '] } } },
        'items.texts.vision.paragraphs.1',
        'Este párrafo está vacío: escríbelo o quítalo.',
      ],
      [
        { ...set.items, texts: { ...about, vision: { title: 'Visión', paragraphs: [] } } },
        'items.texts.vision.paragraphs',
        'Esta parte necesita al menos un párrafo: añade uno.',
      ],
      [
        { ...set.items, texts: { ...about, objectives: { ...about.objectives, items: [] } } },
        'items.texts.objectives.items',
        'Esta parte necesita al menos un elemento: añade uno.',
      ],
      [
        {
          ...set.items,
          texts: { ...about, mission: { ...about.mission, paragraphs: Array.from({ length: 13 }, () => 'Agua.') } },
        },
        'items.texts.mission.paragraphs',
        'Una parte no lleva más de 12 párrafos o elementos.',
      ],
      [
        { ...set.items, texts: { ...about, vision: { title: 'Visión', text: 'Un texto como antes.' } } },
        'items.texts.vision.paragraphs',
        'Revisa los datos antes de guardar.',
      ],
      [{ ...set.items, texts: null }, 'items.texts', 'Revisa los datos antes de guardar.'],
    ];
    for (const [items, field, message] of cases) {
      const res = await saveAbout(items, set.version);
      expect(res.status, field).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors), field).toContain(field);
      if (message !== 'Revisa los datos antes de guardar.') expect(body.errors[field]).toEqual([message]);
    }
    // a page that is not edited in the panel, and one that does not exist
    for (const path of ['/api/textos/auth', '/api/textos/no-existe']) {
      const res = await sendJson(site.editor, 'PUT', path, { items: set.items, version: 1 });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'No hay una página con ese nombre entre las que se editan en el panel.' });
    }
    expect((await site.editor.get('/panel/textos/no-existe', inertia)).status).toBe(404);
    expect((await pageTextsPanel(site, 'quienes-somos')).set.version).toBe(set.version);
  });
});

describe('a save', () => {
  it('changes the page, its <title> and its meta description on every instance, with a revision and a log line', async () => {
    const { set } = await pageTextsPanel(site, 'quienes-somos');
    const about = set.items.texts as AboutTexts;
    const items: EditablePageTexts = {
      seo: {
        ...set.items.seo,
        title: 'Quiénes somos: el movimiento del agua',
        description: 'Personas y empresas que cuidan el agua de México, gota a gota.',
      },
      // a paragraph added to the mission, the vision's only one replaced
      texts: {
        ...about,
        mission: {
          ...about.mission,
          paragraphs: [...about.mission.paragraphs, 'Cuidar el agua de México, una acción concreta a la vez.'],
        },
        vision: { ...about.vision, paragraphs: ['Un país que cuida su agua.'] },
      },
    };
    const res = await saveAbout(items, set.version);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { set: ContentSet<PageSetKind>; message: string };
    expect(saved.message).toBe('Textos de «Quiénes somos» publicados: ya los ven los visitantes.');
    expect(saved.set).toMatchObject({ version: set.version + 1, updatedBy: site.emails.editor });
    for (const { app } of [site.first, site.second]) {
      await eventually(
        async () => (await pageProps<{ texts: AboutTexts }>(app, '/quienes-somos')).texts.mission.paragraphs.length === 2,
      );
      expect(await head(app, '/quienes-somos')).toEqual({
        title: 'Quiénes somos: el movimiento del agua',
        description: 'Personas y empresas que cuidan el agua de México, gota a gota.',
      });
    }
    // the page gets every paragraph, in order
    const { texts } = await pageProps<{ texts: AboutTexts }>(site.second.app, '/quienes-somos');
    expect(texts.mission.paragraphs).toEqual([
      about.mission.paragraphs[0],
      'Cuidar el agua de México, una acción concreta a la vez.',
    ]);
    expect(texts.vision.paragraphs).toEqual(['Un país que cuida su agua.']);
    // the search finds the new words
    await eventually(async () =>
      (await (await site.second.app.request('/buscar?q=concreta%20vez', { headers: inertia })).text()).includes('quienes-somos'),
    );
    const page = await pageTextsPanel(site, 'quienes-somos');
    expect(page.revisions[0]).toMatchObject({ number: 2, by: site.emails.editor });
    expect(page.log[0]).toMatchObject({ action: 'guardada', by: site.emails.editor, detail: 'revisión 2' });
  });

  it('keeps a share image uploaded to the site and gives it to the page’s Open Graph tags', async () => {
    const { set } = await pageTextsPanel(site, 'aliados');
    const res = await sendJson(site.editor, 'PUT', '/api/textos/aliados', {
      items: { ...set.items, seo: { ...set.items.seo, img: '/img/og-aliados.jpg' } },
      version: set.version,
    });
    expect(res.status).toBe(200);
    await eventually(async () => (await (await site.second.app.request('/aliados')).text()).includes('/img/og-aliados.jpg'));
    expect(await (await site.second.app.request('/aliados')).text()).toMatch(
      /<meta property="og:image" content="[^"]*\/img\/og-aliados\.jpg"/,
    );
  });

  it('answers 409 with the page’s texts as they are now to a save made on a version that is no longer current', async () => {
    const { set } = await pageTextsPanel(site, 'quienes-somos');
    expect((await saveAbout(set.items, set.version)).status).toBe(200);
    const stale = await saveAbout({ ...set.items, seo: { ...set.items.seo, title: 'Otro título' } }, set.version);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ContentSetConflict<PageSetKind>;
    expect(body.message).toBe(
      'Otra persona guardó los textos de esta página mientras los editabas. Revisa cómo quedaron antes de guardar de nuevo.',
    );
    expect(body.current.version).toBe(set.version + 1);
    expect((await pageTextsPanel(site, 'quienes-somos')).set.items.seo.title).toBe(set.items.seo.title);
  });

  it('restores the imported revision as a new one, public at once', async () => {
    const { set } = await pageTextsPanel(site, 'quienes-somos');
    const res = await sendJson(site.editor, 'POST', '/api/textos/quienes-somos/revisiones/1/restaurar', { version: set.version });
    expect(res.status).toBe(200);
    await eventually(async () => (await head(site.second.app, '/quienes-somos')).title === 'Quiénes somos · Gota a Gota');
    expect((await pageTextsPanel(site, 'quienes-somos')).log[0]).toMatchObject({ action: 'restaurada', detail: 'revisión 1' });
  });
});
