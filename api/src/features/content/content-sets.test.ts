import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  ContentSet,
  ContentSetConflict,
  ContentSetPageProps,
  EditableFact,
  ImpactCounter,
  WaterFact,
} from '@gota/shared/contracts';
import { factMarkupMessages } from '@gota/shared/schemas';
import { Browser } from '../../testing/browser';
import { eventually, inertia, pageProps, panelFleet, sendJson } from '../../testing/content-fleet';

/** Two instances of the site over one database (as a fleet's); both import at start: the sets are imported once. */
const site = panelFleet('datos');

const send = sendJson;

const factsPage = () => pageProps<ContentSetPageProps<'datos'>>(site.first.app, '/panel/datos-agua', site.editor);
const countersPage = () => pageProps<ContentSetPageProps<'contadores'>>(site.first.app, '/panel/contadores', site.editor);

async function saveFacts(items: EditableFact[], version: number) {
  return send(site.editor, 'PUT', '/api/datos-agua', { items, version });
}
async function saveCounters(items: ImpactCounter[], version: number, browser = site.editor) {
  return send(browser, 'PUT', '/api/contadores', { items, version });
}

describe('the one-time import', () => {
  it('puts facts.json and counters.json in the database once, logged, even when two instances start together', async () => {
    const log = await site.database
      .use()
      .execute(sql`select kind, action, actor, detail from content_log where kind in ('datos-agua', 'contadores') order by id`);
    expect((log as unknown as { rows: unknown[] }).rows).toEqual([
      { kind: 'datos-agua', action: 'importada', actor: 'sistema', detail: 'api/content/facts.json' },
      { kind: 'contadores', action: 'importada', actor: 'sistema', detail: 'api/content/counters.json' },
    ]);
    const facts = await factsPage();
    expect(facts.set.version).toBe(1);
    expect(facts.set.items).toHaveLength(8);
    expect(facts.set.items.every((fact) => fact.visible)).toBe(true);
    const counters = await countersPage();
    expect(counters.set.items.map((counter) => counter.valor)).toEqual([15, 25, 1_600_000, 19]);
    expect(counters.revisions.map((revision) => revision.number)).toEqual([1]);
    // a third start imports nothing
    await site.first.content.importOnce();
    expect((await countersPage()).set.version).toBe(1);
  });
});

describe('the pages', () => {
  it('read «Convertir en aliado»’s ?desde only on the allies’ page: the facts’ props carry the set alone', async () => {
    const facts = await pageProps<ContentSetPageProps<'datos'> & { fromLead?: unknown }>(
      site.first.app,
      '/panel/datos-agua?desde=5b0c2c9e-8d4f-4a4b-9a51-0c7f3f0e2a11',
      site.editor,
    );
    expect(facts.set.kind).toBe('datos');
    expect(facts).not.toHaveProperty('fromLead');
  });
});

describe('who may edit', () => {
  it('asks an anonymous visitor to sign in and refuses a team member without the editor role', async () => {
    const anonymous = new Browser(site.first.app);
    await anonymous.ticket();
    expect((await send(anonymous, 'PUT', '/api/contadores', { items: [], version: 1 })).status).toBe(401);
    for (const path of ['/panel/datos-agua', '/panel/contadores']) expect((await site.inbox.get(path, inertia)).status).toBe(403);
    const refused = await saveCounters([{ valor: 1, prefijo: '', sufijo: '', etiqueta: 'x' }], 1, site.inbox);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Tu cuenta no puede editar el contenido del sitio.' });
    expect((await send(site.inbox, 'POST', '/api/datos-agua/revisiones/1/restaurar', { version: 1 })).status).toBe(403);
    expect((await countersPage()).set.version).toBe(1);
  });
});

describe('the impact counters', () => {
  it('refuses a negative figure, a decimal, text and a missing label, in Spanish, under the row and field, and changes nothing', async () => {
    const { set } = await countersPage();
    const row = (change: Partial<Record<keyof ImpactCounter, unknown>>) => [
      { ...set.items[0], ...change },
      ...set.items.slice(1),
    ];
    const cases: [unknown[], string, string][] = [
      [row({ valor: -3 }), 'items.0.valor', 'La cifra no puede ser negativa.'],
      [row({ valor: 2.5 }), 'items.0.valor', 'La cifra debe ser un número entero, sin decimales.'],
      [row({ valor: 'muchas' }), 'items.0.valor', 'La cifra debe ser un número.'],
      [row({ etiqueta: '   ' }), 'items.0.etiqueta', 'La etiqueta es obligatoria.'],
      [[], 'items', 'Deja al menos un contador.'],
    ];
    for (const [items, field, message] of cases) {
      const res = await send(site.editor, 'PUT', '/api/contadores', { items, version: set.version });
      expect(res.status, field).toBe(422);
      expect(await res.json()).toMatchObject({ message, errors: { [field]: [message] } });
    }
    expect((await countersPage()).set.version).toBe(set.version);
  });

  it('publishes a change at once on every instance, with a revision, a log line and the date of the change', async () => {
    const { set } = await countersPage();
    const items = set.items.map((counter, index) =>
      index === 0 ? { ...counter, valor: 42, etiqueta: 'empresas aliadas en 2026' } : counter,
    );
    const res = await saveCounters(items, set.version);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { set: ContentSet<'contadores'>; message: string };
    expect(saved.message).toBe('Contadores publicados: ya los ven los visitantes.');
    expect(saved.set).toMatchObject({ version: set.version + 1, updatedBy: site.emails.editor });
    expect(Date.parse(saved.set.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    for (const { app } of [site.first, site.second]) {
      await eventually(async () => (await pageProps<{ counters: ImpactCounter[] }>(app, '/')).counters[0]?.valor === 42);
    }
    const server = await (await site.second.app.request('/')).text();
    expect(server).toContain('empresas aliadas en 2026');
    const page = await countersPage();
    expect(page.revisions[0]).toMatchObject({ number: 2, by: site.emails.editor });
    expect(page.log[0]).toMatchObject({ action: 'guardada', by: site.emails.editor, detail: 'revisión 2' });
  });

  it('answers 409 with the set as it is now to a save made on a version that is no longer current', async () => {
    const { set } = await countersPage();
    expect((await saveCounters(set.items, set.version)).status).toBe(200);
    const stale = await saveCounters(
      set.items.map((counter) => ({ ...counter, valor: 1 })),
      set.version,
    );
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as ContentSetConflict<'contadores'>;
    expect(body.message).toBe(
      'Otra persona guardó los contadores mientras los editabas. Revisa cómo quedaron antes de guardar de nuevo.',
    );
    expect(body.current.version).toBe(set.version + 1);
    expect((await countersPage()).set.items.map((counter) => counter.valor)).toEqual(set.items.map((counter) => counter.valor));
  });

  it('restores an old revision as a new one, public at once', async () => {
    const { set } = await countersPage();
    const res = await send(site.editor, 'POST', '/api/contadores/revisiones/1/restaurar', { version: set.version });
    expect(res.status).toBe(200);
    const restored = (await res.json()) as { set: ContentSet<'contadores'> };
    expect(restored.set.items[0]?.valor).toBe(15);
    await eventually(
      async () => (await pageProps<{ counters: ImpactCounter[] }>(site.second.app, '/')).counters[0]?.valor === 15,
    );
    expect((await countersPage()).log[0]).toMatchObject({ action: 'restaurada', detail: 'revisión 1' });
    const missing = await send(site.editor, 'POST', '/api/contadores/revisiones/999/restaurar', {
      version: restored.set.version,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No hay una revisión 999.' });
  });
});

describe('the water facts', () => {
  it('refuses markup the site would not keep, with a Spanish message, and changes nothing', async () => {
    const { set } = await factsPage();
    const withFirst = (html: string) => [{ html, visible: true }, ...set.items.slice(1)];
    const cases: [string, string][] = [
      ['Agua <script>alert(1)</script> limpia', factMarkupMessages.tag],
      ['<strong onclick="x()">Agua</strong> limpia', factMarkupMessages.tag],
      ['<a href="https://ejemplo.mx">Agua</a> limpia', factMarkupMessages.tag],
      ['<span class="otra">Agua</span> limpia', factMarkupMessages.tag],
      ['<strong>Agua <em>limpia</strong></em>', factMarkupMessages.nesting],
      ['<mark>Agua limpia', factMarkupMessages.nesting],
      ['<strong></strong>', factMarkupMessages.empty],
      ['Agua 3 < 5', factMarkupMessages.sign],
    ];
    for (const [html, message] of cases) {
      const res = await saveFacts(withFirst(html), set.version);
      expect(res.status, html).toBe(422);
      expect(await res.json()).toMatchObject({ message, errors: { 'items.0.html': [message] } });
    }
    const hidden = await saveFacts(
      set.items.map((fact) => ({ ...fact, visible: false })),
      set.version,
    );
    expect(hidden.status).toBe(422);
    expect((await factsPage()).set.version).toBe(set.version);
  });

  it('adds, reorders and hides facts: every instance shows the visible ones, in order, on /historias and /datos-agua', async () => {
    const { set } = await factsPage();
    const added = {
      html: 'Un baño ahorrador usa <mark>menos de 5 litros</mark> por descarga, y <em>cada</em> <span class="resaltado">gota</span> cuenta.',
      visible: true,
    };
    const [firstFact, ...rest] = set.items;
    const items = [added, ...rest, { ...firstFact!, visible: false }];
    const res = await saveFacts(items, set.version);
    expect(res.status).toBe(200);
    const visible = [added, ...rest].map((fact) => fact.html);
    for (const { app } of [site.first, site.second]) {
      await eventually(async () => (await pageProps<{ facts: WaterFact[] }>(app, '/historias')).facts[0]?.html === added.html);
      const blog = await pageProps<{ facts: WaterFact[] }>(app, '/historias');
      expect(blog.facts).toHaveLength(visible.length);
      const datos = await pageProps<{ facts: WaterFact[] }>(app, '/datos-agua');
      expect(datos.facts[0]?.html).toBe(added.html);
    }
    expect(await (await site.second.app.request('/datos-agua')).text()).toContain('menos de 5 litros');
    const page = await factsPage();
    expect(page.set.items.at(-1)).toEqual({ ...firstFact, visible: false });
    expect(page.log[0]).toMatchObject({ action: 'guardada', by: site.emails.editor });
  });

  it('answers 409 to a stale save of the facts too', async () => {
    const { set } = await factsPage();
    expect((await saveFacts(set.items, set.version)).status).toBe(200);
    const stale = await saveFacts(set.items, set.version);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ContentSetConflict<'datos'>).message).toContain('Otra persona guardó los datos del agua');
  });
});
