import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AboutTexts,
  AllyBrand,
  ContentPreviewAnswer,
  ContentSetPageProps,
  EditableAlly,
  ImpactCounter,
  PageTextsPageProps,
  PublicKit,
  WaterFact,
} from '@gota/shared/contracts';
import { proseMarkupMessage } from '@gota/shared/schemas';
import { Browser } from '../../testing/browser';
import { inertia, pageProps, pageTextsPanel, panelFleet, sendJson } from '../../testing/content-fleet';
import { testDatabaseKind } from '../../testing/test-database';

/** Two instances over one database, as a fleet's: a preview made on one is served by the other. */
const site = panelFleet('vista');

/** The editor's browser on the second instance (the session is the database's, so it holds there too). */
function editorOnSecond(): Browser {
  const browser = new Browser(site.second.app);
  for (const [name, value] of site.editor.cookies) browser.cookies.set(name, value);
  return browser;
}
/** Asks for a preview as the panel's «Vista previa» does: the body of the set's save. */
async function preview(api: string, body: unknown, browser = site.editor): Promise<ContentPreviewAnswer> {
  const res = await sendJson(browser, 'POST', `${api}/vista-previa`, body);
  expect(res.status).toBe(201);
  return (await res.json()) as ContentPreviewAnswer;
}
/** «Quiénes somos» with its mission saying `text`. */
function aboutWith(props: PageTextsPageProps, text: string) {
  const about = props.set.items.texts as AboutTexts;
  return { ...props.set.items, texts: { ...about, mission: { ...about.mission, paragraphs: [text] } } };
}
/** How many previews the database keeps. */
async function previewRows(): Promise<number> {
  const result = await site.database.use().execute(sql`select count(*)::int as count from content_previews`);
  return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
}

describe(`a page's texts previewed before they are saved, on ${testDatabaseKind}`, () => {
  it('shows the draft on the preview address, on any instance, and nowhere public; the set stays as it was', async () => {
    const props = await pageTextsPanel(site, 'quienes-somos');
    const draft = 'Una misión que todavía nadie ha guardado.';
    const answer = await preview('/api/textos/quienes-somos', { items: aboutWith(props, draft), version: props.set.version });
    expect(answer.url).toMatch(/^\/panel\/vista-previa\/[0-9a-f-]{36}\/quienes-somos$/);
    const minutes = (Date.parse(answer.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);

    for (const browser of [site.editor, editorOnSecond()]) {
      const res = await browser.get(answer.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect(res.headers.get('Cache-Control')).toContain('no-store');
      const html = await res.text();
      expect(html).toContain(draft);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html).toContain('Vista previa de los textos de «Quiénes somos» sin guardar');
      expect(html).toMatch(/<a href="\/quienes-somos"[^>]*>Ver lo publicado<\/a>/);
    }
    // the shell's navigation gets the same page object: the public page's component with the draft in its props
    const navigation = await site.editor.get(answer.url, inertia);
    const page = (await navigation.json()) as { component: string; props: { texts: AboutTexts; seo: { robots?: string } } };
    expect(page.component).toBe('QuienesSomos');
    expect(page.props.texts.mission.paragraphs).toEqual([draft]);
    expect(page.props.seo.robots).toBe('noindex, nofollow');

    for (const { app } of [site.first, site.second]) {
      expect(await (await app.request('/quienes-somos')).text()).not.toContain(draft);
      expect(await (await app.request('/buscar?q=todavia%20nadie%20guardado', { headers: inertia })).text()).not.toContain(
        'quienes-somos',
      );
    }
    const after = await pageTextsPanel(site, 'quienes-somos');
    expect(after.set.version).toBe(props.set.version);
    expect(after.log).toEqual(props.log);
  });

  it('shows the draft of a form read at a version that is no longer current', async () => {
    const props = await pageTextsPanel(site, 'quienes-somos');
    const saved = await sendJson(site.editor, 'PUT', '/api/textos/quienes-somos', {
      items: aboutWith(props, 'Lo que otra persona publicó mientras tanto.'),
      version: props.set.version,
    });
    expect(saved.status).toBe(200);
    const draft = 'Mi versión, escrita sobre una copia vieja.';
    const answer = await preview('/api/textos/quienes-somos', { items: aboutWith(props, draft), version: props.set.version });
    const html = await (await site.editor.get(answer.url)).text();
    expect(html).toContain(draft);
    expect(html).not.toContain('Lo que otra persona publicó mientras tanto.');
  });
});

describe(`the lists previewed on every page they are seen on, on ${testDatabaseKind}`, () => {
  it('shows a new ally on /aliados, the home strip and the members’ page of the preview, not on the public ones', async () => {
    const { set } = await pageProps<ContentSetPageProps<'aliados'>>(site.first.app, '/panel/aliados', site.editor);
    const ally: EditableAlly = {
      id: 'vista-previa',
      seccion: 'aliados',
      empresa: 'Aguas de Prueba Previa',
      img: '/img/aliados/logo-alpura.svg',
      text: 'Una empresa que aún no se publica.',
      link: 'https://ejemplo.mx',
      textBtn: '',
      visible: true,
    };
    const answer = await preview('/api/aliados', { items: [ally, ...set.items], version: set.version });
    expect(answer.url).toMatch(/\/aliados$/);
    const allies = await site.editor.get(answer.url, inertia);
    expect(((await allies.json()) as { props: { allies: { empresa: string }[] } }).props.allies[0]?.empresa).toBe(ally.empresa);
    const home = await site.editor.get(answer.url.replace(/aliados$/, 'index'), inertia);
    expect(((await home.json()) as { props: { allies: AllyBrand[] } }).props.allies.map((brand) => brand.empresa)).toContain(
      ally.empresa,
    );
    const banner = await (await site.editor.get(answer.url)).text();
    expect(banner).toContain(`href="${answer.url.replace(/aliados$/, 'index')}"`);
    expect(banner).toContain('Vista previa en «Inicio»');
    expect((await site.editor.get(answer.url.replace(/aliados$/, 'datos-agua'), inertia)).status).toBe(200);
    // a page the allies are not seen on is no page of this preview
    expect((await site.editor.get(answer.url.replace(/aliados$/, 'quienes-somos'), inertia)).status).toBe(404);
    expect(await (await site.first.app.request('/aliados')).text()).not.toContain(ally.empresa);
    expect(await (await site.first.app.request('/')).text()).not.toContain(ally.empresa);
  });

  it('shows the facts on /historias and /datos-agua, and the counters on the home page', async () => {
    const facts = await pageProps<ContentSetPageProps<'datos'>>(site.first.app, '/panel/datos-agua', site.editor);
    const fact = 'Un dato <strong>nuevo</strong> sin publicar.';
    const items = [{ html: fact, visible: true }, ...facts.set.items.map((item) => ({ ...item, visible: false }))];
    const factsPreview = await preview('/api/datos-agua', { items, version: facts.set.version });
    expect(factsPreview.url).toMatch(/\/blog$/);
    for (const url of [factsPreview.url, factsPreview.url.replace(/blog$/, 'datos-agua')]) {
      const page = (await (await site.editor.get(url, inertia)).json()) as { props: { facts: WaterFact[] } };
      // the hidden ones stay hidden, as they would once saved
      expect(page.props.facts).toEqual([{ html: fact }]);
    }
    expect(await (await site.first.app.request('/historias')).text()).not.toContain('sin publicar');

    const counters = await pageProps<ContentSetPageProps<'contadores'>>(site.first.app, '/panel/contadores', site.editor);
    const changed: ImpactCounter[] = counters.set.items.map((counter, index) =>
      index === 0 ? { ...counter, valor: 4321, etiqueta: 'empresas en la vista previa' } : counter,
    );
    const countersPreview = await preview('/api/contadores', { items: changed, version: counters.set.version });
    expect(countersPreview.url).toMatch(/\/index$/);
    const home = (await (await site.editor.get(countersPreview.url, inertia)).json()) as { props: { counters: ImpactCounter[] } };
    expect(home.props.counters[0]).toMatchObject({ valor: 4321, etiqueta: 'empresas en la vista previa' });
    expect(await (await site.first.app.request('/')).text()).not.toContain('empresas en la vista previa');
  });
});

describe(`the kit previewed on /campana, on ${testDatabaseKind}`, () => {
  it('shows the files’ new titles, order and hidden ones, and the published ZIP, not on the public page; a gone file is a 409', async () => {
    const { set } = await pageProps<ContentSetPageProps<'descargas'>>(site.first.app, '/panel/descargas', site.editor);
    expect(set.items.length).toBeGreaterThan(2);
    const [first, second, ...rest] = set.items;
    // the second first, retitled; the first hidden
    const items = [
      { ...second!, title: 'Manual en la vista previa', description: 'Una descripción sin publicar.' },
      { ...first!, visible: false },
      ...rest,
    ].map(({ id, title, description, visible }) => ({ id, title, description, visible }));
    const answer = await preview('/api/descargas', { items, version: set.version });
    expect(answer.url).toMatch(/\/descargas$/);
    const published = (await pageProps<{ kit: PublicKit }>(site.first.app, '/campana')).kit;
    const page = (await (await site.editor.get(answer.url, inertia)).json()) as { component: string; props: { kit: PublicKit } };
    expect(page.component).toBe('Descargas');
    expect(page.props.kit.files.map((file) => file.title)).toEqual([
      'Manual en la vista previa',
      ...published.files.slice(2).map((file) => file.title),
    ]);
    expect(page.props.kit.files[0]).toMatchObject({ description: 'Una descripción sin publicar.', name: second!.name });
    expect(page.props.kit.archive).toEqual(published.archive);
    const html = await (await site.editor.get(answer.url)).text();
    expect(html).toContain('Vista previa de los archivos del kit sin guardar');
    expect(await (await site.first.app.request('/campana')).text()).not.toContain('Manual en la vista previa');
    expect((await pageProps<ContentSetPageProps<'descargas'>>(site.first.app, '/panel/descargas', site.editor)).set).toEqual(set);

    const gone = await sendJson(site.editor, 'POST', '/api/descargas/vista-previa', {
      items: [{ id: 'no-existe', title: 'Otro', description: '', visible: true }],
      version: set.version,
    });
    expect(gone.status).toBe(409);
  });
});

describe(`who may preview, on ${testDatabaseKind}`, () => {
  it('refuses a team member without the editor role, both the making and the opening, without saying whether it exists', async () => {
    const props = await pageTextsPanel(site, 'quienes-somos');
    const body = { items: aboutWith(props, 'Un borrador reservado al equipo editorial.'), version: props.set.version };
    const refused = await sendJson(site.inbox, 'POST', '/api/textos/quienes-somos/vista-previa', body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Tu cuenta no puede editar el contenido del sitio.' });
    const { url } = await preview('/api/textos/quienes-somos', body);
    const unknown = url.replace(/\/[0-9a-f-]{36}\//, '/00000000-0000-4000-8000-000000000000/');
    for (const address of [url, unknown]) {
      const page = await site.inbox.get(address, inertia);
      expect(page.status, address).toBe(403);
      const text = await page.text();
      expect(text).not.toContain('Un borrador reservado');
      expect((JSON.parse(text) as { component: string }).component).toBe('Panel/SinAcceso');
    }
    // an anonymous visitor is sent to sign in
    expect((await new Browser(site.first.app).get(url)).status).toBe(302);
  });
});

describe(`bad requests, on ${testDatabaseKind}`, () => {
  it('refuses a draft its save would refuse, with the same Spanish messages by place, and keeps nothing', async () => {
    const before = await previewRows();
    const props = await pageTextsPanel(site, 'quienes-somos');
    const res = await sendJson(site.editor, 'POST', '/api/textos/quienes-somos/vista-previa', {
      items: aboutWith(props, 'Agua <script>alert(1)</script>'),
      version: props.set.version,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors['items.texts.mission.paragraphs.0']).toEqual([
      proseMarkupMessage,
    ]);
    const counters = await sendJson(site.editor, 'POST', '/api/contadores/vista-previa', {
      items: [{ valor: 'muchos', prefijo: '', sufijo: '', etiqueta: 'empresas' }],
      version: 1,
    });
    expect(counters.status).toBe(422);
    expect(Object.keys(((await counters.json()) as { errors: Record<string, string[]> }).errors)).toContain('items.0.valor');
    const unknownPage = await sendJson(site.editor, 'POST', '/api/textos/auth/vista-previa', { items: {}, version: 1 });
    expect(unknownPage.status).toBe(404);
    expect(await unknownPage.json()).toEqual({
      message: 'No hay una página con ese nombre entre las que se editan en el panel.',
    });
    expect(await previewRows()).toBe(before);
  });

  it('answers an expired preview with a Spanish 410 page, an unknown one with 404, and sweeps old ones', async () => {
    const props = await pageTextsPanel(site, 'quienes-somos');
    const body = { items: aboutWith(props, 'Un borrador que caduca.'), version: props.set.version };
    const { url } = await preview('/api/textos/quienes-somos', body);
    const id = /vista-previa\/([^/]+)\//.exec(url)![1]!;
    await site.database.use().execute(sql`update content_previews set expires_at = now() - interval '1 minute' where id = ${id}`);
    const expired = await site.editor.get(url);
    expect(expired.status).toBe(410);
    const html = await expired.text();
    expect(html).toContain('Esta vista previa caducó');
    expect(html).not.toContain('Un borrador que caduca.');
    expect((await site.editor.get(url.replace(id, '00000000-0000-4000-8000-000000000000'), inertia)).status).toBe(404);
    expect((await site.editor.get(url.replace(id, 'no-es-un-id'), inertia)).status).toBe(404);

    // a day past its end, a preview is swept when the next one is made
    await site.database.use().execute(sql`update content_previews set expires_at = now() - interval '25 hours' where id = ${id}`);
    await preview('/api/textos/quienes-somos', body);
    expect((await site.editor.get(url, inertia)).status).toBe(404);
  });
});
