import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { LeadPageProps } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { mailOutbox, users } from '../../db/schema';
import { leadEvents, leads } from './schema';
import { Browser } from '../../testing/browser';
import { sendCompanyMessage } from '../../testing/company-message';
import { interceptedDatabase } from '../../testing/intercepted-database';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { authenticators } from '../../testing/second-factor';
import type { AppEnv } from '../../types';

const password = 'un río que nunca se seca 2026';
const staffEmail = `ana.equipo${Date.now()}@gotaagota.mx`;
const env = { STAFF_EMAILS: staffEmail, CONTACT_NOTIFY_TO: 'equipo@gotaagota.mx' };
let database: Database;
let app: Hono<AppEnv>;
/** When set, the next insert into lead_events inside a transaction fails (a failure between the two writes). */
let failAudit = false;
let failingApp: Hono<AppEnv>;
beforeAll(async () => {
  database = await testDatabase();
  ({ app } = testApp({ database, env, clock: keys.clock }));
  const failing = interceptedDatabase(database, (method) => {
    if (method !== 'transaction') return;
    const real = database.use();
    return (...args: unknown[]) =>
      real.transaction((tx) =>
        (args[0] as (tx: unknown) => Promise<unknown>)(
          new Proxy(tx, {
            get(target, property, receiver) {
              if (property === 'insert' && failAudit) {
                return (table: unknown) => {
                  if (table === leadEvents) throw new Error('fallo simulado al escribir la auditoría');
                  return target.insert(table as typeof leads);
                };
              }
              return Reflect.get(target, property, receiver) as unknown;
            },
          }),
        ),
      );
  });
  ({ app: failingApp } = testApp({ database: failing, env, clock: keys.clock }));
});
afterAll(() => database.close());

// a person with a role sets up an authenticator app first (decision 055)
const keys = authenticators();
let counter = 0;
async function signedUp(target: Hono<AppEnv>, email: string, name = 'Ana') {
  const browser = new Browser(target);
  const res = await browser.post('/registro', { name, last_name: 'Quiroz', email, password, password_confirmation: password });
  expect(res.status).toBe(201);
  await keys.enrol(browser, email);
  return browser;
}
async function signedIn(target: Hono<AppEnv>, email: string) {
  const browser = new Browser(target);
  const res = await keys.signIn(browser, email, password);
  expect(res.status).toBe(200);
  return browser;
}
const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };

function send(browser: Browser, method: 'POST' | 'DELETE' | 'PUT', path: string, body?: unknown) {
  return browser.request(path, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': browser.token,
    },
  });
}

/** What a company sent through the contact form (every lead of these tests starts from it). */
const companyMessage = {
  kind: 'empresa',
  empresa: 'Aguas del Valle S.A. de C.V.',
  name: 'Sofía Ramírez',
  mensaje: 'Queremos sumarnos a la campaña.\nTenemos 3 plantas en Jalisco.',
} as const;

async function newLead(values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await database
    .use()
    .insert(leads)
    .values({
      ...companyMessage,
      email: `sofia${++counter}@aguasdelvalle.mx`,
      createdAt: new Date('2026-11-23T18:05:00Z'),
      ...values,
    })
    .returning({ id: leads.id });
  return row!.id;
}

async function leadProps(browser: Browser, path: string) {
  const res = await browser.get(path, inertia);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { component: string; props: LeadPageProps & { seo: { robots?: string } } };
  expect(body.component).toBe('Panel/Mensaje');
  return body.props;
}

let staff: Browser;
let visitor: Browser;
beforeAll(async () => {
  staff = await signedUp(app, staffEmail, 'Ana');
  visitor = await signedUp(app, `visitante.${Date.now()}@ejemplo.mx`, 'Marta');
});

describe(`one lead of the inbox, on ${testDatabaseKind}`, () => {
  it('shows every field, no history yet, the notification state and the inbox to go back to', async () => {
    const id = await newLead();
    await database.use().insert(mailOutbox).values({
      kind: 'contacto',
      recipient: 'equipo@gotaagota.mx',
      subject: 'Nuevo mensaje',
      text: 't',
      html: 'h',
      leadId: id,
      status: 'pendiente',
      attempts: 2,
      lastError: 'ECONNREFUSED',
    });
    const res = await staff.get(
      `/panel/mensajes/${id}?volver=${encodeURIComponent('/panel?q=acci%C3%B3n&estado=nuevo')}`,
      inertia,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const props = ((await res.json()) as { props: LeadPageProps & { seo: { robots?: string } } }).props;
    expect(props.lead).toEqual({
      ...companyMessage,
      id,
      status: 'nuevo',
      lastName: null,
      email: expect.stringMatching(/@aguasdelvalle\.mx$/) as string,
      excerpt: companyMessage.mensaje,
      createdAt: '2026-11-23T18:05:00.000Z',
    });
    expect(props.history).toEqual([]);
    expect(props.notification).toEqual({ status: 'pendiente', attempts: 2, lastError: 'ECONNREFUSED' });
    expect(props.backUrl).toBe('/panel?q=acci%C3%B3n&estado=nuevo');
    expect(props.seo.robots).toBe('noindex, nofollow');
  });

  it('shows the delivery state of the notification the contact form wrote with the lead', async () => {
    const email = `formulario${++counter}@aguasdelvalle.mx`;
    const sent = await sendCompanyMessage(new Browser(app), database, {
      empresa: 'Formulario S.A.',
      name: 'Eva',
      email,
      mensaje: 'Hola',
    });
    const props = await leadProps(staff, `/panel/mensajes/${sent.id}`);
    expect(props.lead).toMatchObject({ empresa: 'Formulario S.A.', name: 'Eva', email, mensaje: 'Hola' });
    expect(props.notification).toMatchObject({
      status: expect.stringMatching(/^(pendiente|enviado)$/) as string,
      attempts: expect.any(Number) as number,
    });
  });

  it('goes back to the plain inbox when ?volver= is missing, off-site or outside /panel', async () => {
    const id = await newLead({ kind: 'registro', empresa: null, mensaje: null, lastName: 'Hernández', name: 'Diego' });
    for (const volver of [
      '',
      '//malo.example/panel',
      'https://malo.example/panel',
      '/historias',
      '/panelito',
      '/\\malo.example',
    ]) {
      const props = await leadProps(staff, `/panel/mensajes/${id}${volver ? `?volver=${encodeURIComponent(volver)}` : ''}`);
      expect(props.backUrl).toBe('/panel');
    }
    const props = await leadProps(staff, `/panel/mensajes/${id}`);
    expect(props.lead).toMatchObject({
      kind: 'registro',
      empresa: null,
      mensaje: null,
      excerpt: null,
      name: 'Diego',
      lastName: 'Hernández',
    });
    expect(props.notification).toBeNull();
  });

  it('takes a lead id in capitals, and the first of a repeated ?volver=', async () => {
    const id = await newLead();
    const res = await staff.get(`/panel/mensajes/${id.toUpperCase()}?volver=%2Fpanel%3Ftipo%3Dempresa&volver=%2Fpanel`, inertia);
    expect(res.status).toBe(200);
    const props = ((await res.json()) as { props: LeadPageProps }).props;
    expect({ id: props.lead.id, backUrl: props.backUrl }).toEqual({ id, backUrl: '/panel?tipo=empresa' });
  });

  it('answers the Spanish 404 page to an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1", '00000000-0000-4000-8000-00000000000g']) {
      const page = await staff.get(`/panel/mensajes/${encodeURIComponent(id)}`, inertia);
      expect(page.status).toBe(404);
      expect(((await page.json()) as { component: string }).component).toBe('NotFound');
    }
    const html = await staff.get('/panel/mensajes/abc');
    expect(html.status).toBe(404);
    expect(html.headers.get('Content-Type')).toContain('text/html');
    expect(await html.text()).toContain('<html lang="es');
  });

  it('marks a lead attended and reopens it, each change an audit line with who and when; the same status records nothing', async () => {
    const id = await newLead();
    const before = Date.now();
    const attended = await send(staff, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'atendido' });
    expect(attended.status).toBe(200);
    expect(await attended.json()).toEqual({ message: 'Mensaje marcado como atendido.', estado: 'atendido' });
    const again = await send(staff, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'atendido' });
    expect(await again.json()).toEqual({ message: 'El mensaje ya tenía ese estado.', estado: 'atendido' });
    const reopened = await send(staff, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'nuevo' });
    expect(await reopened.json()).toEqual({ message: 'Mensaje reabierto.', estado: 'nuevo' });

    const [account] = await database.use().select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
    const events = await database.use().select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.createdAt);
    expect(events.map(({ action, actorId, actorName, leadKind }) => ({ action, actorId, actorName, leadKind }))).toEqual([
      { action: 'atendido', actorId: account!.id, actorName: 'Ana', leadKind: 'empresa' },
      { action: 'reabierto', actorId: account!.id, actorName: 'Ana', leadKind: 'empresa' },
    ]);
    for (const event of events) expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const props = await leadProps(staff, `/panel/mensajes/${id}`);
    expect(props.lead.status).toBe('nuevo');
    expect(props.history.map(({ action, actorName }) => ({ action, actorName }))).toEqual([
      { action: 'atendido', actorName: 'Ana' },
      { action: 'reabierto', actorName: 'Ana' },
    ]);
    expect(props.history[0]!.createdAt).toBe(events[0]!.createdAt.toISOString());
  });

  it('answers a bad body with a Spanish 422 and an unknown lead with a 404 JSON', async () => {
    const id = await newLead();
    for (const body of [{}, { estado: 'borrado' }, { estado: 1 }]) {
      const res = await send(staff, 'POST', `/panel/mensajes/${id}/estado`, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        message: 'Elige un estado válido: nuevo o atendido.',
        errors: { estado: ['Elige un estado válido: nuevo o atendido.'] },
      });
    }
    expect((await send(staff, 'POST', `/panel/mensajes/${id}/estado`, '{no es json')).status).toBe(400);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await send(staff, 'POST', `/panel/mensajes/${unknown}/estado`, { estado: 'atendido' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'No encontramos este mensaje: puede que ya se haya eliminado.' });
      const gone = await send(staff, 'DELETE', `/panel/mensajes/${unknown}`);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ message: 'No encontramos este mensaje: puede que ya se haya eliminado.' });
    }
    const [row] = await database.use().select({ status: leads.status }).from(leads).where(eq(leads.id, id));
    expect(row!.status).toBe('nuevo');
    expect(await database.use().select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  });

  it('refuses every action to a visitor account (403), to the anonymous (401) and without the anti-forgery token (419)', async () => {
    const id = await newLead();
    expect((await visitor.get(`/panel/mensajes/${id}`, inertia)).status).toBe(403);
    expect((await send(visitor, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'atendido' })).status).toBe(403);
    expect((await send(visitor, 'DELETE', `/panel/mensajes/${id}`)).status).toBe(403);
    const anonymous = new Browser(app);
    anonymous.fillToken();
    expect((await send(anonymous, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'atendido' })).status).toBe(401);
    expect((await send(anonymous, 'DELETE', `/panel/mensajes/${id}`)).status).toBe(401);
    const forged = await staff.request(`/panel/mensajes/${id}`, {
      method: 'DELETE',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
    expect(forged.status).toBe(419);
    const crossSite = await staff.request(`/panel/mensajes/${id}/estado`, {
      method: 'POST',
      body: 'estado=atendido',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://malo.example',
        'X-CSRF-TOKEN': staff.token,
      },
    });
    expect(crossSite.status).toBe(403);
    const [row] = await database.use().select({ status: leads.status }).from(leads).where(eq(leads.id, id));
    expect(row!.status).toBe('nuevo');
    expect(await database.use().select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  });

  it('answers a JSON 405 to another method on the lead and its status', async () => {
    const id = await newLead();
    const put = await send(staff, 'PUT', `/panel/mensajes/${id}`, { estado: 'atendido' });
    expect(put.status).toBe(405);
    expect(put.headers.get('Allow')).toBe('GET, HEAD, DELETE');
    const get = await staff.get(`/panel/mensajes/${id}/estado`, { Accept: 'application/json' });
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
  });

  it('deletes a lead and its notification, keeping an audit line without personal data', async () => {
    const id = await newLead({
      empresa: 'Borrar S.A.',
      name: 'Persona Borrable',
      email: 'borrable@ejemplo.mx',
      mensaje: 'Datos que deben irse',
    });
    await database.use().insert(mailOutbox).values({
      kind: 'contacto',
      recipient: 'equipo@gotaagota.mx',
      subject: 'Borrar S.A.',
      text: 'Persona Borrable',
      html: 'h',
      leadId: id,
    });
    expect((await send(staff, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'atendido' })).status).toBe(200);

    const res = await send(staff, 'DELETE', `/panel/mensajes/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Mensaje eliminado.' });
    expect(await database.use().select().from(leads).where(eq(leads.id, id))).toEqual([]);
    expect(await database.use().select().from(mailOutbox).where(eq(mailOutbox.leadId, id))).toEqual([]);
    const events = await database.use().select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.createdAt);
    expect(events.map((event) => event.action)).toEqual(['atendido', 'eliminado']);
    expect(events[1]).toMatchObject({ leadId: id, leadKind: 'empresa', actorName: 'Ana' });
    // nothing the person wrote survives in the audit
    expect(JSON.stringify(events)).not.toMatch(/Borrar|Borrable|borrable@|Datos que/);
    // and the lead is gone for the page and its actions
    expect((await staff.get(`/panel/mensajes/${id}`, inertia)).status).toBe(404);
    expect((await send(staff, 'DELETE', `/panel/mensajes/${id}`)).status).toBe(404);
  });

  it('leaves nothing half-done when the audit line cannot be written', async () => {
    const id = await newLead();
    const browser = await signedIn(failingApp, staffEmail);
    failAudit = true;
    try {
      const change = await send(browser, 'POST', `/panel/mensajes/${id}/estado`, { estado: 'atendido' });
      expect(change.status).toBe(500);
      const deletion = await send(browser, 'DELETE', `/panel/mensajes/${id}`);
      expect(deletion.status).toBe(500);
    } finally {
      failAudit = false;
    }
    const [row] = await database.use().select({ status: leads.status }).from(leads).where(eq(leads.id, id));
    expect(row).toEqual({ status: 'nuevo' });
    expect(await database.use().select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  });
});

describe(`signing in and coming back, on ${testDatabaseKind}`, () => {
  it('passes a path of this site to the sign-in page, and the sign-in answers it', async () => {
    const id = await newLead();
    const back = `/panel/mensajes/${id}?volver=%2Fpanel%3Festado%3Dnuevo`;
    const anonymous = new Browser(app);
    const guarded = await anonymous.get(back);
    expect(guarded.status).toBe(302);
    const login = guarded.headers.get('Location')!;
    const page = await anonymous.get(login, inertia);
    expect(((await page.json()) as { props: { returnTo: string | null } }).props.returnTo).toBe(back);
    const res = await anonymous.post('/login', { email: staffEmail, password, volver: back });
    expect(res.status).toBe(200);
    // the password is the first step of an account with a second factor (decision 055): the second one leads back
    expect(await res.json()).toEqual({ url: `/login/segundo-paso?volver=${encodeURIComponent(back)}`, secondStep: true });
    const second = await anonymous.post('/login/segundo-paso', { code: keys.code(staffEmail), volver: back });
    expect(await second.json()).toEqual({ url: back });
    expect((await anonymous.get(back, inertia)).status).toBe(200);
  });

  it('ignores a return address that leaves the site, on the page and on the sign-in', async () => {
    const hostile = [
      '//malo.example',
      'https://malo.example/panel',
      '/\\malo.example',
      '/\t/malo.example',
      'javascript:alert(1)',
      'panel',
      `/${'a'.repeat(2001)}`,
    ];
    for (const volver of hostile) {
      const page = await new Browser(app).get(`/login?volver=${encodeURIComponent(volver)}`, inertia);
      expect(((await page.json()) as { props: { returnTo: string | null } }).props.returnTo).toBeNull();
      const res = await new Browser(app).post('/login', { email: staffEmail, password, volver });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ url: '/login/segundo-paso', secondStep: true });
    }
    const notText = await new Browser(app).post('/login', { email: staffEmail, password, volver: { url: '/panel' } });
    expect(await notText.json()).toEqual({ url: '/login/segundo-paso', secondStep: true });
    const plain = new Browser(app);
    await plain.post('/login', { email: staffEmail, password });
    expect(
      await (await plain.post('/login/segundo-paso', { code: keys.code(staffEmail), volver: '//malo.example' })).json(),
    ).toEqual({ url: '/' });
  });

  it('reads the first of a repeated ?volver= on the sign-in page', async () => {
    const returnTo = async (query: string) =>
      ((await (await new Browser(app).get(`/login${query}`, inertia)).json()) as { props: { returnTo: string | null } }).props
        .returnTo;
    expect(await returnTo('?volver=%2Fpanel&volver=%2F%2Fmalo.example')).toBe('/panel');
    expect(await returnTo('?volver=%2F%2Fmalo.example&volver=%2Fpanel')).toBeNull();
    expect(await returnTo('?volver=')).toBeNull();
  });

  it('sends a visitor who is already signed in (on another tab) straight on', async () => {
    const browser = await signedIn(app, staffEmail);
    const res = await browser.get(`/login?volver=${encodeURIComponent('/panel/mensajes/abc')}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/panel/mensajes/abc');
    const offSite = await browser.get(`/login?volver=${encodeURIComponent('//malo.example')}`);
    expect(offSite.status).toBe(200);
    // and signing in again from a page loaded before works too: it answers the same way
    const again = await browser.post('/login', { email: staffEmail, password, volver: '/panel' });
    expect(await again.json()).toEqual({ url: '/login/segundo-paso?volver=%2Fpanel', secondStep: true });
  });
});
