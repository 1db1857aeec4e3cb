import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import {
  emailTakenMessage,
  leadMessages,
  passwordMessages,
  recoverySentMessage,
  resetDoneMessage,
  resetRedirectSeconds,
} from '@gota/shared/contracts';
import type { Database } from '../db/database';
import { leadEvents, leads, users } from '../db/schema';
import { Browser } from '../testing/browser';
import { recordingMailer, testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { enrolAuthenticatorApp } from '../testing/second-factor';
import type { AppEnv } from '../types';

// Issue #32 item 3, decision 043: the account forms and a lead's actions posted by a browser without JavaScript.

const password = 'un río que nunca se seca 2026';
const staffEmail = `nativo.equipo${Date.now()}@gotaagota.mx`;
const mailer = recordingMailer();
let database: Database;
let app: Hono<AppEnv>;
let deliverMail: () => Promise<unknown>;

beforeAll(async () => {
  database = await testDatabase();
  ({ app, deliverMail } = testApp({ database, mailer, env: { STAFF_EMAILS: staffEmail } }));
});
afterAll(() => database.close());

/** What a browser sends with a form it posts itself: no script's headers, no token, its own origin. */
const sameOrigin = { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost:3000' };

function post(
  browser: Browser,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = sameOrigin,
): Promise<Response> {
  return browser.request(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      ...headers,
    },
  });
}

/** The page object a document carries (what the server rendered and the browser hydrates). */
async function pageOf(
  res: Response,
): Promise<{ component: string; props: Record<string, unknown> & { errors: Record<string, string> } }> {
  expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
  const html = await res.text();
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? '') as never;
}

let counter = 0;
const newEmail = () => `nativo${++counter}.${Date.now()}@ejemplo.mx`;
const account = (email: string) => ({ name: 'Lucía', last_name: 'Pérez', email, password, password_confirmation: password });
const userOf = async (email: string) =>
  (await database.use().select({ id: users.id }).from(users).where(eq(users.email, email)))[0];

async function topBarUser(browser: Browser) {
  const res = await browser.get('/', { 'X-Inertia': 'true', Accept: 'application/json' });
  return ((await res.json()) as { props: { auth: { user: unknown } } }).props.auth.user;
}

describe(`the account forms without JavaScript, on ${testDatabaseKind}`, () => {
  it('registers: 303 home, signed in', async () => {
    const browser = new Browser(app);
    const email = newEmail();
    const res = await post(browser, '/registro', account(email));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await userOf(email)).toBeDefined();
    expect(await topBarUser(browser)).toMatchObject({ firstName: 'Lucía' });
  });

  it('refuses a registration with 422 and the page again: Spanish messages on the fields, what was typed but the passwords', async () => {
    const email = newEmail();
    const res = await post(new Browser(app), '/registro', {
      ...account(email),
      name: '',
      password_confirmation: 'otra cosa distinta 1',
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const page = await pageOf(res);
    expect(page.component).toBe('Auth/Registro');
    // the schema's own order: the confirmation is compared once every field is valid, with JSON as without a script
    expect(page.props.errors).toEqual({ name: 'El nombre es obligatorio' });
    expect(page.props.values).toEqual({ name: '', last_name: 'Pérez', email });
    expect(JSON.stringify(page)).not.toContain(password);
    expect((page.props.seo as { title: string }).title).toMatch(/^Error: /);
    expect(await userOf(email)).toBeUndefined();
  });

  it('says a taken address, or passwords that differ, on their fields', async () => {
    const email = newEmail();
    expect((await post(new Browser(app), '/registro', account(email))).status).toBe(303);
    const page = await pageOf(await post(new Browser(app), '/registro', account(email)));
    expect(page.props.errors).toEqual({ email: emailTakenMessage });
    const other = newEmail();
    const mismatch = await pageOf(
      await post(new Browser(app), '/registro', { ...account(other), password_confirmation: 'otra cosa distinta 1' }),
    );
    expect(mismatch.props.errors).toEqual({ password_confirmation: passwordMessages.mismatch });
    expect(await userOf(other)).toBeUndefined();
  });

  it('signs in: 303 to where the visitor was going, and refuses a wrong password with the identity kept', async () => {
    const email = newEmail();
    await post(new Browser(app), '/registro', account(email));
    const browser = new Browser(app);
    const wrong = await post(browser, '/login', { email, password: 'no es esta', remember: 'on' });
    expect(wrong.status).toBe(422);
    const page = await pageOf(wrong);
    expect(page.component).toBe('Auth/Login');
    expect(Object.keys(page.props.errors)).not.toHaveLength(0);
    expect(page.props.values).toEqual({ email, remember: 'on' });
    expect(await topBarUser(browser)).toBeNull();

    const res = await post(browser, '/login', { email, password, remember: 'on', volver: '/historias' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/historias');
    expect(await topBarUser(browser)).toMatchObject({ firstName: 'Lucía' });

    const out = await post(browser, '/logout', {});
    expect(out.status).toBe(303);
    expect(out.headers.get('Location')).toBe('/');
    expect(await topBarUser(browser)).toBeNull();
  });

  it('sends a recovery link and shows the one message; a reset sets the password and counts down to sign in', async () => {
    const email = newEmail();
    await post(new Browser(app), '/registro', account(email));
    const bad = await post(new Browser(app), '/recuperar-contrasena', { email: 'no es un correo' });
    expect(bad.status).toBe(422);
    expect((await pageOf(bad)).props.values).toEqual({ email: 'no es un correo' });

    const res = await post(new Browser(app), '/recuperar-contrasena', { email });
    expect(res.status).toBe(200);
    const page = await pageOf(res);
    expect(page.component).toBe('Auth/RecuperarContrasena');
    expect(page.props.notice).toBe(recoverySentMessage);
    await deliverMail();
    const link = mailer.sent.filter((mail) => mail.to === email && mail.link).at(-1)?.link;
    expect(link).toBeDefined();
    const path = new URL(link!).pathname;

    const weak = await post(new Browser(app), path, { password: 'corta', password_confirmation: 'corta' });
    expect(weak.status).toBe(422);
    expect(JSON.stringify(await pageOf(weak))).not.toContain('corta"');

    const fresh = 'otro río que sí llega al mar 2027';
    const done = await post(new Browser(app), path, { password: fresh, password_confirmation: fresh });
    expect(done.status).toBe(200);
    expect(done.headers.get('Refresh')).toBe(`${resetRedirectSeconds}; url=/login`);
    expect((await pageOf(done)).props.notice).toBe(resetDoneMessage);
    expect((await post(new Browser(app), '/login', { email, password: fresh })).status).toBe(303);
  });

  it('refuses a post from another site, or from a browser that says nothing of where it comes from, and stores nothing', async () => {
    const senders: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://malo.example' },
      { Origin: 'https://malo.example' },
      {},
    ];
    for (const headers of senders) {
      const email = newEmail();
      const res = await post(new Browser(app), '/registro', account(email), headers);
      expect(res.status).toBe(403);
      expect(await userOf(email)).toBeUndefined();
    }
  });

  it('keeps answering a script in JSON, whatever the form posts natively get', async () => {
    const res = await new Browser(app).post('/registro', { ...account(newEmail()), name: '' });
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });
});

describe(`a lead's actions without JavaScript, on ${testDatabaseKind}`, () => {
  let staff: Browser;
  beforeAll(async () => {
    staff = new Browser(app);
    expect((await post(staff, '/registro', account(staffEmail))).status).toBe(303);
    await enrolAuthenticatorApp(staff);
  });
  const newLead = async () => {
    const [row] = await database
      .use()
      .insert(leads)
      .values({ kind: 'registro', name: 'Sofía', lastName: 'Ramírez', email: newEmail() })
      .returning({ id: leads.id });
    return row!.id;
  };

  it('marks a lead attended and leads back to it (303), keeping the inbox view to return to', async () => {
    const id = await newLead();
    const res = await post(staff, `/panel/mensajes/${id}/estado?volver=${encodeURIComponent('/panel?estado=nuevo')}`, {
      estado: 'atendido',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/panel/mensajes/${id}?volver=${encodeURIComponent('/panel?estado=nuevo')}`);
    expect((await database.use().select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0]?.status).toBe(
      'atendido',
    );
    expect(await database.use().select().from(leadEvents).where(eq(leadEvents.leadId, id))).toHaveLength(1);
  });

  it("answers a refused action with the error page and the server's Spanish message, changing nothing", async () => {
    const id = await newLead();
    const res = await post(staff, `/panel/mensajes/${id}/estado`, { estado: 'cerrado' });
    expect(res.status).toBe(422);
    // the staff guard's own `no-store` (every answer under /panel)
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
    const page = await pageOf(res);
    expect(page.component).toBe('Error');
    expect(page.props.message).toBe(leadMessages.invalidStatus);
    expect((await database.use().select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0]?.status).toBe('nuevo');
  });

  it('deletes a lead through its own address and leads back to the inbox', async () => {
    const id = await newLead();
    const res = await post(staff, `/panel/mensajes/${id}/eliminar`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/panel');
    expect(await database.use().select().from(leads).where(eq(leads.id, id))).toHaveLength(0);
  });

  it('sends an anonymous visitor to sign in, and refuses a post from another site, changing nothing', async () => {
    const id = await newLead();
    const anonymous = await post(new Browser(app), `/panel/mensajes/${id}/estado`, { estado: 'atendido' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('Location')).toBe('/login?volver=%2Fpanel');
    const forged = await post(
      staff,
      `/panel/mensajes/${id}/estado`,
      { estado: 'atendido' },
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://malo.example' },
    );
    expect(forged.status).toBe(403);
    expect((await database.use().select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0]?.status).toBe('nuevo');
  });
});
