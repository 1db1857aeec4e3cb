import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { genericErrorMessage, type InboxPageProps, type PageProps } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import { leads } from './schema';
import { Browser } from '../../testing/browser';
import { interceptedDatabase } from '../../testing/intercepted-database';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { inboxFilterMessages } from '@gota/shared/contracts';
import { DatabaseUnavailableError } from '../../db/errors';
import { exportBatchSize } from './inbox.handlers';
import { enrolAuthenticatorApp } from '../../testing/second-factor';
import type { AppEnv } from '../../types';

const staffEmail = 'equipo@gotaagota.mx';
let database: Database;
let app: Hono<AppEnv>;
let staff: Browser;
const selects: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
  // the app reads through a wrapper that counts the queries (the export reads in batches)
  const counted = interceptedDatabase(database, (method) => void (method === 'select' && selects.push(method)));
  ({ app } = testApp({ database: counted, env: { STAFF_EMAILS: staffEmail } }));
  staff = new Browser(app);
  const res = await staff.post('/registro', {
    name: 'Irene',
    last_name: 'Campaña',
    email: staffEmail,
    password: 'un río que nunca se seca 2026',
    password_confirmation: 'un río que nunca se seca 2026',
  });
  expect(res.status).toBe(201);
  await enrolAuthenticatorApp(staff);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.use().execute(sql`delete from mail_outbox`);
  await database.use().execute(sql`delete from leads`);
});

type Lead = typeof leads.$inferInsert;
let serial = 0;
function lead(overrides: Partial<Lead> = {}): Lead {
  serial += 1;
  return {
    kind: 'empresa',
    empresa: `Empresa ${serial}`,
    name: `Persona ${serial}`,
    email: `persona${serial}@ejemplo.mx`,
    mensaje: 'Queremos sumarnos.',
    createdAt: new Date('2026-11-20T18:00:00Z'),
    ...overrides,
  };
}
async function seed(rows: Lead[]) {
  for (let start = 0; start < rows.length; start += 500)
    await database
      .use()
      .insert(leads)
      .values(rows.slice(start, start + 500));
}

const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };
type Inbox = PageProps<InboxPageProps>;
async function inbox(query = ''): Promise<{ status: number; props: Inbox; component: string }> {
  const res = await staff.get(`/panel${query}`, inertia);
  const body = (await res.json()) as { component: string; props: Inbox };
  return { status: res.status, props: body.props, component: body.component };
}
const names = (page: Inbox) => page.leads.map((row) => row.name);

describe(`the inbox list, on ${testDatabaseKind}`, () => {
  it('shows both kinds in one list, newest first, with the counts of new leads per kind and the failed mails', async () => {
    await seed([
      lead({ name: 'Antigua', createdAt: new Date('2026-11-01T12:00:00Z') }),
      lead({
        kind: 'registro',
        empresa: null,
        mensaje: null,
        name: 'Reciente',
        lastName: 'Pérez',
        createdAt: new Date('2026-11-22T12:00:00Z'),
      }),
      lead({ name: 'Atendida', status: 'atendido', createdAt: new Date('2026-11-10T12:00:00Z') }),
      lead({ name: 'Larga', mensaje: 'x'.repeat(400), createdAt: new Date('2026-11-05T12:00:00Z') }),
    ]);
    await database
      .use()
      .insert(mailOutbox)
      .values([
        {
          kind: 'contacto',
          recipient: 'a@b.mx',
          subject: 'Vieja',
          text: '',
          html: '',
          status: 'fallido',
          attempts: 8,
          lastError: 'ECONNREFUSED',
          createdAt: new Date('2026-11-01T00:00:00Z'),
        },
        {
          kind: 'contacto',
          recipient: 'a@b.mx',
          subject: 'Nueva',
          text: '',
          html: '',
          status: 'fallido',
          attempts: 8,
          createdAt: new Date('2026-11-02T00:00:00Z'),
        },
        { kind: 'contacto', recipient: 'a@b.mx', subject: 'Enviada', text: '', html: '', status: 'enviado' },
      ]);
    const { status, component, props } = await inbox();
    expect(status).toBe(200);
    expect(component).toBe('Panel/Bandeja');
    expect(names(props)).toEqual(['Reciente', 'Atendida', 'Larga', 'Antigua']);
    expect(props.leads[0]).toMatchObject({
      kind: 'registro',
      status: 'nuevo',
      empresa: null,
      lastName: 'Pérez',
      excerpt: null,
      createdAt: '2026-11-22T12:00:00.000000Z',
    });
    expect(props.leads[2]?.excerpt).toBe(`${'x'.repeat(140)}…`);
    expect(props.newCounts).toEqual({ empresa: 2, registro: 1 });
    expect(props.failedMail.map((mail) => mail.subject)).toEqual(['Nueva', 'Vieja']);
    expect(props.failedMail[1]).toMatchObject({ attempts: 8, lastError: 'ECONNREFUSED', createdAt: '2026-11-01T00:00:00.000Z' });
    expect(props.nextCursor).toBeNull();
    expect(props.paged).toBe(false);
    expect(props.filters).toEqual({ q: '', tipo: '', estado: '', desde: '', hasta: '' });
  });

  it('keeps the counts of new leads through inserts, status changes and deletions', async () => {
    await seed([
      lead({ name: 'Uno' }),
      lead({ name: 'Dos' }),
      lead({ kind: 'registro', empresa: null, mensaje: null, name: 'Tres', lastName: 'X' }),
    ]);
    expect((await inbox()).props.newCounts).toEqual({ empresa: 2, registro: 1 });
    const changeUno = (values: Partial<typeof leads.$inferInsert>) =>
      database
        .use()
        .update(leads)
        .set(values)
        .where(sql`${leads.name} = 'Uno'`);
    await changeUno({ status: 'atendido' });
    expect((await inbox()).props.newCounts).toEqual({ empresa: 1, registro: 1 });
    await changeUno({ status: 'nuevo' });
    await changeUno({ name: 'Uno bis' });
    expect((await inbox()).props.newCounts).toEqual({ empresa: 2, registro: 1 });
    await database
      .use()
      .delete(leads)
      .where(sql`${leads.kind} = 'registro'`);
    expect((await inbox()).props.newCounts).toEqual({ empresa: 2, registro: 0 });
  });

  it('pages 50 at a time with an opaque cursor, without skipping or repeating leads created at the same instant', async () => {
    const sameInstant = new Date('2026-11-20T18:00:00Z');
    await seed(Array.from({ length: 120 }, () => lead({ createdAt: sameInstant })));
    await seed([lead({ name: 'Más nueva', createdAt: new Date('2026-11-21T00:00:00Z') })]);
    const seen: string[] = [];
    let query = '?tipo=empresa';
    const sizes: number[] = [];
    for (;;) {
      const { props } = await inbox(query);
      sizes.push(props.leads.length);
      seen.push(...props.leads.map((row) => row.id));
      expect(props.paged).toBe(query.includes('despues'));
      if (!props.nextCursor) break;
      expect(props.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      query = `?tipo=empresa&despues=${props.nextCursor}`;
    }
    expect(sizes).toEqual([50, 50, 21]);
    expect(new Set(seen).size).toBe(121);
    // the ties are broken by id, descending
    const tied = seen.slice(1);
    expect(tied).toEqual([...tied].sort().reverse());
  });

  it('filters by kind, status and whole days in Mexico City time, both ends included', async () => {
    await seed([
      // 22/11 23:59 in Mexico City
      lead({ name: 'Antes', createdAt: new Date('2026-11-23T05:59:00Z') }),
      // 23/11 00:00
      lead({ name: 'Primer minuto', createdAt: new Date('2026-11-23T06:00:00Z') }),
      // 24/11 23:59
      lead({ name: 'Último minuto', status: 'atendido', createdAt: new Date('2026-11-25T05:59:59Z') }),
      // 25/11 00:00
      lead({ name: 'Después', createdAt: new Date('2026-11-25T06:00:00Z') }),
      lead({
        kind: 'registro',
        empresa: null,
        mensaje: null,
        name: 'Registro',
        lastName: 'Ruiz',
        createdAt: new Date('2026-11-24T12:00:00Z'),
      }),
    ]);
    expect(names((await inbox('?desde=2026-11-23&hasta=2026-11-24')).props)).toEqual([
      'Último minuto',
      'Registro',
      'Primer minuto',
    ]);
    expect(names((await inbox('?desde=2026-11-25')).props)).toEqual(['Después']);
    expect(names((await inbox('?hasta=2026-11-22')).props)).toEqual(['Antes']);
    expect(names((await inbox('?tipo=registro')).props)).toEqual(['Registro']);
    expect(names((await inbox('?estado=atendido')).props)).toEqual(['Último minuto']);
    expect(names((await inbox('?tipo=empresa&estado=nuevo&desde=2026-11-23&hasta=2026-11-23')).props)).toEqual(['Primer minuto']);
    const filtered = await inbox('?tipo=empresa&estado=nuevo&desde=2026-11-23');
    expect(filtered.props.filters).toEqual({ q: '', tipo: 'empresa', estado: 'nuevo', desde: '2026-11-23', hasta: '' });
    // the counts do not follow the filters
    expect(filtered.props.newCounts).toEqual({ empresa: 3, registro: 1 });
  });

  it('searches company, name, last name, email and message, indifferent to case and accents, every word', async () => {
    await seed([
      lead({ empresa: 'Acción por el Agua', name: 'Lucía', mensaje: 'Hola' }),
      lead({ empresa: 'Ríos Limpios', name: 'Ñandú', email: 'contacto@rios.mx', mensaje: 'Queremos una CAMPAÑA en Querétaro' }),
      lead({ kind: 'registro', empresa: null, mensaje: null, name: 'José', lastName: 'Muñoz', email: 'jose@ejemplo.mx' }),
      lead({ empresa: '100% Agua_Viva', name: 'Pedro' }),
    ]);
    const search = async (q: string) => names((await inbox(`?q=${encodeURIComponent(q)}`)).props).sort();
    expect(await search('accion')).toEqual(['Lucía']);
    expect(await search('ACCIÓN')).toEqual(['Lucía']);
    expect(await search('  acción   agua ')).toEqual(['Lucía']);
    expect(await search('nandu')).toEqual(['Ñandú']);
    expect(await search('queretaro campana')).toEqual(['Ñandú']);
    expect(await search('RIOS.MX')).toEqual(['Ñandú']);
    expect(await search('munoz')).toEqual(['José']);
    expect(await search('jose muñoz')).toEqual(['José']);
    // LIKE's wildcards are taken literally
    expect(await search('100%')).toEqual(['Pedro']);
    expect(await search('a_v')).toEqual(['Pedro']);
    expect(await search('%')).toEqual(['Pedro']);
    expect(await search('agua nada')).toEqual([]);
    expect((await inbox('?q=ACCI%C3%93N')).props.filters.q).toBe('ACCIÓN');
  });

  it('answers 422 with a Spanish message keyed by the filter for bad filters, never a 500', async () => {
    await seed([lead()]);
    const cases: [string, Record<string, string>][] = [
      ['?desde=23/11/2026', { desde: inboxFilterMessages.date }],
      ['?hasta=2026-02-30', { hasta: inboxFilterMessages.date }],
      ['?desde=2026-11-24&hasta=2026-11-23', { hasta: inboxFilterMessages.range }],
      ['?tipo=otro&estado=cerrado', { tipo: inboxFilterMessages.tipo, estado: inboxFilterMessages.estado }],
      ['?despues=no-es-un-cursor', { despues: inboxFilterMessages.despues }],
      [
        `?despues=${Buffer.from('2026-11-20T18:00:00.000000Z|x').toString('base64url')}`,
        { despues: inboxFilterMessages.despues },
      ],
      [`?q=${'agua'.repeat(60)}`, { q: inboxFilterMessages.q }],
      [`?q=${Array.from({ length: 9 }, () => 'a').join('+')}`, { q: inboxFilterMessages.q }],
    ];
    for (const [query, errors] of cases) {
      const { status, props, component } = await inbox(query);
      expect({ query, status, component, errors: props.errors }).toEqual({
        query,
        status: 422,
        component: 'Panel/Bandeja',
        errors,
      });
      expect(props.leads).toEqual([]);
      expect(props.newCounts.empresa).toBe(1);
    }
    const html = await staff.get('/panel?tipo=otro');
    expect(html.status).toBe(422);
    expect(html.headers.get('Content-Type')).toContain('text/html');
    expect(html.headers.get('Cache-Control')).toBe('no-store');
  });

  it('shows bad filters back in the form as they were typed, trimmed and cut, leaving out a kind or status it does not know', async () => {
    const long = 'agua '.repeat(100);
    const { status, props } = await inbox(
      `?q=${encodeURIComponent(`  ${long}`)}&tipo=otro&estado=+atendido+&desde=${'2'.repeat(50)}&hasta=+2026-11-23+&pagina=3`,
    );
    expect(status).toBe(422);
    expect(props.filters).toEqual({
      q: long.trim().slice(0, 400),
      tipo: '',
      estado: 'atendido',
      desde: '2'.repeat(40),
      hasta: '2026-11-23',
    });
    expect(props.errors).toEqual({ q: inboxFilterMessages.q, tipo: inboxFilterMessages.tipo, desde: inboxFilterMessages.date });
    // the range is checked once both days are real days, whatever else is wrong
    expect((await inbox('?tipo=otro&desde=2026-11-24&hasta=2026-11-23')).props.errors).toEqual({
      tipo: inboxFilterMessages.tipo,
      hasta: inboxFilterMessages.range,
    });
  });

  it("leads the browser's own address of the filters, with every empty field, to the live form's short one (decision 064)", async () => {
    for (const [sent, short] of [
      ['/panel?q=agua&tipo=&estado=&desde=&hasta=', '/panel?q=agua'],
      [
        '/panel?q=ACCI%C3%93N+H%C3%8DDRICA&tipo=empresa&estado=nuevo&desde=&hasta=',
        '/panel?q=ACCI%C3%93N+H%C3%8DDRICA&tipo=empresa&estado=nuevo',
      ],
      ['/panel?q=&tipo=&estado=&desde=&hasta=', '/panel'],
    ] as const) {
      const res = await staff.get(sent, { Accept: 'text/html' });
      expect([res.status, res.headers.get('Location')]).toEqual([302, short]);
    }
  });

  it('reads the first of a repeated filter and ignores parameters it does not know', async () => {
    await seed([lead({ name: 'Empresa' }), lead({ kind: 'registro', empresa: null, mensaje: null, name: 'Registro' })]);
    const { status, props } = await inbox('?tipo=registro&tipo=otro&orden=nombre');
    expect(status).toBe(200);
    expect(names(props)).toEqual(['Registro']);
    expect(props.filters).toEqual({ q: '', tipo: 'registro', estado: '', desde: '', hasta: '' });
    expect(props.errors).toEqual({});
  });
});

async function exportText(query = ''): Promise<{ res: Response; text: string; lines: string[] }> {
  const res = await staff.get(`/panel/exportar.csv${query}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { res, text, lines: text.split('\r\n') };
}

describe(`the CSV export, on ${testDatabaseKind}`, () => {
  it('is UTF-8 with a BOM and a header row, dates in Mexico City time, never stored, named after the day', async () => {
    await seed([
      lead({
        empresa: 'Acción Ñandú',
        name: 'Lucía',
        email: 'lucia@agua.mx',
        mensaje: 'Hola',
        createdAt: new Date('2026-11-23T18:05:00Z'),
      }),
    ]);
    await seed([
      lead({
        kind: 'registro',
        empresa: null,
        mensaje: null,
        name: 'José',
        lastName: 'Muñoz',
        status: 'atendido',
        email: 'jose@agua.mx',
        createdAt: new Date('2026-11-22T18:05:00Z'),
      }),
    ]);
    const { res, text, lines } = await exportText();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="gota-a-gota-contactos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(text.startsWith('\uFEFFFecha,Tipo,Estado,Empresa,Nombre,Apellido,Correo,Mensaje\r\n')).toBe(true);
    expect(lines.slice(1)).toEqual([
      '23/11/2026 12:05,Empresa,Nuevo,Acción Ñandú,Lucía,,lucia@agua.mx,Hola',
      '22/11/2026 12:05,Registro,Atendido,,José,Muñoz,jose@agua.mx,',
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas and quotes commas, quotes and line breaks', async () => {
    await seed([
      lead({
        empresa: '=HYPERLINK("http://malo.example","clic")',
        name: '+52 55 1234',
        email: '-x@ejemplo.mx',
        mensaje: '@SUMA(A1)',
        createdAt: new Date('2026-11-23T18:00:00Z'),
      }),
      lead({
        empresa: '\tTab',
        name: '\rRetorno',
        mensaje: 'Línea uno\r\nLínea "dos", y tres',
        createdAt: new Date('2026-11-22T18:00:00Z'),
      }),
    ]);
    const { text } = await exportText();
    const [, first, second] = text.split(/\r\n(?=\d{2}\/)/);
    expect(first).toBe(
      `23/11/2026 12:00,Empresa,Nuevo,"'=HYPERLINK(""http://malo.example"",""clic"")",'+52 55 1234,,'-x@ejemplo.mx,'@SUMA(A1)`,
    );
    expect(second).toBe(
      `22/11/2026 12:00,Empresa,Nuevo,'\tTab,"'\rRetorno",,persona${serial}@ejemplo.mx,"Línea uno\r\nLínea ""dos"", y tres"\r\n`,
    );
  });

  it('applies the filters of the inbox and ignores a page cursor', async () => {
    await seed([
      lead({ empresa: 'Acción Verde', createdAt: new Date('2026-11-23T18:00:00Z') }),
      lead({ empresa: 'Otra', createdAt: new Date('2026-11-23T18:00:00Z') }),
      lead({ empresa: 'Acción Vieja', createdAt: new Date('2026-10-01T18:00:00Z') }),
    ]);
    const { lines } = await exportText('?q=accion&desde=2026-11-01&despues=cualquiera');
    expect(lines.slice(1, -1).map((line) => line.split(',')[3])).toEqual(['Acción Verde']);
    const refused = await staff.get('/panel/exportar.csv?desde=ayer');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: 'Revisa los filtros de la bandeja.',
      errors: { desde: inboxFilterMessages.date },
    });
  });

  it('writes every matching lead, read from the database in keyset batches', async () => {
    const total = exportBatchSize * 2 + 345;
    await seed(
      Array.from({ length: total }, (_, i) =>
        lead({ name: `Fila ${i}`, createdAt: new Date(Date.UTC(2026, 10, 20, 0, 0, Math.floor(i / 3))) }),
      ),
    );
    selects.length = 0;
    const { lines } = await exportText();
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((line) => line.split(',')[4])).size).toBe(total);
    // the session's look-up, then three batches (1000, 1000, 345): the short one is the last, no query to learn it
    expect(selects).toHaveLength(1 + 3);
  });
});

describe(`the CSV export of a multiple of the batch size, on ${testDatabaseKind}`, () => {
  it('ends after the empty batch that follows a full one', async () => {
    await seed(Array.from({ length: exportBatchSize }, (_, i) => lead({ name: `Fila ${i}` })));
    selects.length = 0;
    const { lines } = await exportText();
    expect(lines.slice(1, -1)).toHaveLength(exportBatchSize);
    expect(selects).toHaveLength(1 + 2);
  });
});

describe(`the CSV export when the database fails, on ${testDatabaseKind}`, () => {
  /** The app over a database whose `failAt`-th select (the session's look-up is the first) throws "unavailable". */
  async function failingStaff(failAt: number) {
    let calls = 0;
    let armed = false;
    const failing = interceptedDatabase(database, (method) => {
      if (method !== 'select' || !armed) return;
      calls += 1;
      if (calls === failAt)
        return () => {
          throw new DatabaseUnavailableError('prueba');
        };
    });
    const { app: failingApp } = testApp({ database: failing, env: { STAFF_EMAILS: staffEmail } });
    const browser = new Browser(failingApp);
    browser.cookies.clear();
    for (const [name, value] of staff.cookies) browser.cookies.set(name, value);
    armed = true;
    return browser;
  }

  it('answers a Spanish 503 when the first batch cannot be read, before any byte is sent', async () => {
    await seed([lead()]);
    const res = await (await failingStaff(2)).get('/panel/exportar.csv');
    expect(res.status).toBe(503);
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect(await res.json()).toEqual({ message: genericErrorMessage });
  });

  it('cuts the download when a later batch fails, instead of ending a file that looks complete', async () => {
    await seed(Array.from({ length: exportBatchSize + 10 }, () => lead()));
    const res = await (await failingStaff(3)).get('/panel/exportar.csv');
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });
});
