import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipoPageProps, InvitacionPageProps, PageObject, SesionesPageProps, TeamRole } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { sessions, teamInvitations, teamLog, userRoles, users } from './schema';
import { createLogger } from '../../logging/logger';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { bootstrapTeam, requireRole } from './roles';
import { authenticators } from '../../testing/second-factor';
import type { AppEnv } from '../../types';

const password = 'un río que nunca se seca 2026';
const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };
// fixed per file run: PostgreSQL keeps one database for every file, emptied at the start of each
const stamp = Date.now().toString(36);
const emails = {
  admin: `coordina.${stamp}@gotaagota.mx`,
  inbox: `bandeja.${stamp}@gotaagota.mx`,
  operator: `opera.${stamp}@gotaagota.mx`,
  editor: `edita.${stamp}@gotaagota.mx`,
};
const env = {
  STAFF_EMAILS: `${emails.admin},${emails.inbox}`,
  OPERATOR_EMAILS: emails.operator,
  EDITOR_EMAILS: emails.editor.toUpperCase(),
};

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

type Site = ReturnType<typeof testApp>;
// the authenticator apps of this file's accounts: a person with a role sets one up first (decision 055)
const keys = authenticators();

async function signUp(site: Site, email: string, name = 'Ana'): Promise<Browser> {
  const browser = new Browser(site.app);
  const res = await browser.post('/registro', { name, last_name: 'Prueba', email, password, password_confirmation: password });
  expect(res.status).toBe(201);
  if (((await rolesOf(browser)) ?? []).length > 0) await keys.enrol(browser, email);
  return browser;
}

async function signIn(site: Site, email: string): Promise<Browser> {
  const browser = new Browser(site.app);
  expect((await keys.signIn(browser, email, password)).status).toBe(200);
  return browser;
}

/** The same browser (its cookies and token) on another instance of the fleet. */
function onInstance(browser: Browser, site: Site): Browser {
  const other = new Browser(site.app, browser.ip);
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  other.token = browser.token;
  return other;
}

const rolesOf = async (browser: Browser) =>
  ((await (await browser.get('/', inertia)).json()) as PageObject).props.auth.user?.roles;
const userIdOf = async (email: string) =>
  (await database.use().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const equipo = async (browser: Browser) =>
  ((await (await browser.get('/panel/equipo', inertia)).json()) as PageObject<EquipoPageProps>).props;

describe(`the team's roles, on ${testDatabaseKind}`, () => {
  let site: Site;
  let other: Site;
  let admin: Browser;
  let inbox: Browser;
  let operator: Browser;
  let editor: Browser;
  let visitor: Browser;

  beforeAll(async () => {
    // two instances of the fleet over one database
    site = testApp({ database, clock: keys.clock, env });
    other = testApp({ database, clock: keys.clock, env });
    admin = await signUp(site, emails.admin, 'Coral');
    inbox = await signUp(site, emails.inbox, 'Berta');
    operator = await signUp(site, emails.operator, 'Olga');
    editor = await signUp(site, emails.editor, 'Elena');
    visitor = await signUp(site, `visita.${stamp}@ejemplo.mx`, 'Víctor');
  });

  it('gives each listed email its role and «administrador» when its account is created, and logs it', async () => {
    expect(await rolesOf(admin)).toEqual(['administrador', 'bandeja']);
    expect(await rolesOf(inbox)).toEqual(['administrador', 'bandeja']);
    expect(await rolesOf(operator)).toEqual(['administrador', 'operador']);
    expect(await rolesOf(editor)).toEqual(['administrador', 'editor']);
    expect(await rolesOf(visitor)).toEqual([]);
    const lines = await database.use().select().from(teamLog).where(eq(teamLog.subject, emails.editor));
    expect(lines.map((line) => [line.action, line.actor, line.role])).toEqual(
      expect.arrayContaining([
        ['arranque', 'sistema', 'administrador'],
        ['arranque', 'sistema', 'editor'],
      ]),
    );
  });

  it('opens each part of the panel to its role only: bandeja, operador, administrador', async () => {
    const page = async (browser: Browser, path: string) => (await browser.get(path, inertia)).status;
    expect(await page(inbox, '/panel')).toBe(200);
    expect(await page(operator, '/panel')).toBe(403);
    expect((await operator.get('/panel/exportar.csv')).status).toBe(403);
    expect(await page(operator, '/panel/versiones')).toBe(200);
    expect(await page(editor, '/panel/versiones')).toBe(403);
    expect((await editor.post('/panel/versiones/mf-stories/revertir', {})).status).toBe(403);
    expect(await page(admin, '/panel/equipo')).toBe(200);
    expect(await page(visitor, '/panel/equipo')).toBe(403);
    const refused = await visitor.post('/panel/equipo/invitaciones', { email: 'x@ejemplo.mx', roles: ['bandeja'] });
    expect(refused.status).toBe(403);
    expect((await new Browser(site.app).get('/panel/equipo')).headers.get('Location')).toBe('/login?volver=%2Fpanel%2Fequipo');
  });

  it('lets requireRole("editor") through for an editor only, reading the roles the session loaded', async () => {
    const probe = (roles: TeamRole[] | null) => {
      const app = new Hono<AppEnv>();
      app.use('*', async (c, next) => {
        c.set('authUser', roles && { firstName: 'Prueba', staff: roles.length > 0, roles, secondFactor: true });
        await next();
      });
      app.post('/historias', requireRole('editor'), (c) => c.json({ ok: true }));
      return app.request('/historias', { method: 'POST' });
    };
    expect((await probe(['editor'])).status).toBe(200);
    const refused = await probe(['bandeja', 'administrador']);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Tu cuenta no puede editar ni publicar historias.' });
    expect((await probe(null)).status).toBe(401);
  });

  it('lists who holds which role, since when, given by whom and their last sign-in', async () => {
    const props = await equipo(admin);
    const berta = props.members.find((member) => member.email === emails.inbox);
    expect(berta).toMatchObject({
      name: 'Berta Prueba',
      roles: [
        expect.objectContaining({ role: 'administrador', by: null }),
        expect.objectContaining({ role: 'bandeja', by: null }),
      ],
    });
    expect(berta?.lastSignIn).toEqual(expect.any(String));
    expect(props.members.some((member) => member.email.startsWith('visita.'))).toBe(false);
    expect(props.me).toBe(await userIdOf(emails.admin));
  });

  it('changes a person’s roles with the version the page showed, and refuses a stale tab with a 409', async () => {
    const id = await userIdOf(emails.inbox);
    const { version } = (await equipo(admin)).members.find((member) => member.userId === id)!;
    const changed = await admin.post(`/panel/equipo/${id}/roles`, { roles: ['bandeja', 'operador'], version });
    expect(changed.status).toBe(200);
    const { version: next } = (await changed.json()) as { version: number };
    expect(next).toBeGreaterThan(version);
    // the removal of «administrador» counts on Berta's very next request
    expect(await rolesOf(inbox)).toEqual(['bandeja', 'operador']);
    const stale = await admin.post(`/panel/equipo/${id}/roles`, { roles: ['bandeja'], version });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: expect.stringContaining('Otra persona cambió los roles') as unknown });
    expect(await rolesOf(inbox)).toEqual(['bandeja', 'operador']);
    const row = (await equipo(admin)).members.find((member) => member.userId === id)!;
    expect(row.roles.find((grant) => grant.role === 'operador')?.by).toBe(`Coral <${emails.admin}>`);
    const bad = await admin.post(`/panel/equipo/${id}/roles`, { roles: [], version: next });
    expect(bad.status).toBe(422);
    expect((await admin.post(`/panel/equipo/${id}/roles`, { roles: ['jefe'], version: next })).status).toBe(422);
  });

  it('does not let the last administrator remove themself, and a removed role does not come back at the next start', async () => {
    // only Coral stays an administrator
    for (const email of [emails.operator, emails.editor]) {
      const id = await userIdOf(email);
      const { version, roles } = (await equipo(admin)).members.find((member) => member.userId === id)!;
      const kept = roles.map((grant) => grant.role).filter((role) => role !== 'administrador');
      expect((await admin.post(`/panel/equipo/${id}/roles`, { roles: kept, version })).status).toBe(200);
    }
    const me = await userIdOf(emails.admin);
    const mine = (await equipo(admin)).members.find((member) => member.userId === me)!;
    const alone = await admin.post(`/panel/equipo/${me}/roles`, { roles: ['bandeja'], version: mine.version });
    expect(alone.status).toBe(422);
    expect(await alone.json()).toEqual({
      message: expect.stringContaining('última persona con el rol de administración') as unknown,
    });
    expect((await admin.post(`/panel/equipo/${me}/quitar`, { version: mine.version })).status).toBe(422);
    expect(await rolesOf(admin)).toEqual(['administrador', 'bandeja']);

    // a restart reads the same lists: nothing taken away comes back, nor at the next sign-in
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await bootstrapTeam({ db: database.use(), env: site.env, logger });
    expect(lines.filter((line) => line.event === 'team_bootstrap')).toEqual([]);
    expect(await rolesOf(await signIn(site, emails.editor))).toEqual(['editor']);
  });

  it('gives an account that existed before its email was listed its roles at start, and logs it', async () => {
    const email = `antes.${stamp}@gotaagota.mx`;
    await signUp(site, email);
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const later = testApp({
      database,
      clock: keys.clock,
      env: { ...env, EDITOR_EMAILS: email, OPERATOR_EMAILS: `nadie.${stamp}@gotaagota.mx` },
    });
    await bootstrapTeam({ db: database.use(), env: later.env, logger });
    expect(lines).toContainEqual(expect.objectContaining({ event: 'team_bootstrap', roles: ['administrador', 'editor'] }));
    expect(lines).toContainEqual(expect.objectContaining({ event: 'team_bootstrap_waiting', accounts: 1 }));
    const rows = await database
      .use()
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, await userIdOf(email)));
    expect(rows.map((row) => row.role).sort()).toEqual(['administrador', 'editor']);
  });

  it('removes a person: every role and every session, refused at once on another instance of the fleet', async () => {
    const id = await userIdOf(emails.operator);
    const elsewhere = onInstance(operator, other);
    expect((await elsewhere.get('/panel/versiones', inertia)).status).toBe(200);
    const { version } = (await equipo(admin)).members.find((member) => member.userId === id)!;
    const removed = await onInstance(admin, other).post(`/panel/equipo/${id}/quitar`, { version });
    expect(removed.status).toBe(200);
    expect(await database.use().select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    // the other instance never cached anything: the next request is anonymous, and the panel sends it to sign in
    const next = await operator.get('/panel/versiones', inertia);
    expect(next.status).toBe(409);
    expect(next.headers.get('X-Inertia-Location')).toBe('/login?volver=%2Fpanel%2Fversiones');
    expect((await onInstance(operator, other).post('/panel/versiones/mf-stories/revertir', {})).status).not.toBe(200);
    expect((await equipo(admin)).members.some((member) => member.userId === id)).toBe(false);
    expect(
      (await database.use().select().from(teamLog).where(eq(teamLog.subject, emails.operator))).map((line) => line.action),
    ).toContain('quitado');
  });

  it('lists a member’s own open sessions and closes another one at once, never someone else’s nor this browser’s', async () => {
    const here = await signIn(site, emails.inbox);
    const there = await signIn(other, emails.inbox);
    const listed = ((await (await here.get('/panel/sesiones', inertia)).json()) as PageObject<SesionesPageProps>).props.sessions;
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const mine = listed.find((session) => session.current)!;
    expect((await here.post(`/panel/sesiones/${mine.id}/cerrar`, {})).status).toBe(422);
    // another account's session is not this member's to close
    const adminSession = (
      (await (await admin.get('/panel/sesiones', inertia)).json()) as PageObject<SesionesPageProps>
    ).props.sessions.find((session) => session.current)!;
    expect((await here.post(`/panel/sesiones/${adminSession.id}/cerrar`, {})).status).toBe(404);
    expect(await rolesOf(admin)).toEqual(['administrador', 'bandeja']);
    expect((await here.post('/panel/sesiones/no-es-una-sesion/cerrar', {})).status).toBe(404);

    const others = listed.filter((session) => !session.current);
    for (const session of others) expect((await here.post(`/panel/sesiones/${session.id}/cerrar`, {})).status).toBe(200);
    expect(((await (await there.get('/', inertia)).json()) as PageObject).props.auth.user).toBeNull();
    expect(await rolesOf(here)).toEqual(['bandeja', 'operador']);
    expect((await visitor.get('/panel/sesiones', inertia)).status).toBe(403);
  });

  it('keeps the team’s log append-only in the database', async () => {
    await expect(database.use().execute(sql`update team_log set actor = 'otra persona'`)).rejects.toThrow();
    await expect(database.use().execute(sql`delete from team_log`)).rejects.toThrow();
  });

  it('ends a session of a person with a role after ROLE_SESSION_IDLE_MINUTES without a request, and not a visitor’s', async () => {
    const sometime = new Date(Date.now() - 31 * 60_000);
    const roleHolder = await signIn(site, emails.inbox);
    const plain = await signIn(site, `visita.${stamp}@ejemplo.mx`);
    for (const email of [emails.inbox, `visita.${stamp}@ejemplo.mx`]) {
      await database
        .use()
        .update(sessions)
        .set({ lastSeenAt: sometime })
        .where(eq(sessions.userId, await userIdOf(email)));
    }
    expect(((await (await roleHolder.get('/', inertia)).json()) as PageObject).props.auth.user).toBeNull();
    expect(((await (await plain.get('/', inertia)).json()) as PageObject).props.auth.user).toMatchObject({ firstName: 'Víctor' });
  });
});

describe(`invitations to the team, on ${testDatabaseKind}`, () => {
  let site: Site;
  let admin: Browser;
  beforeAll(async () => {
    site = testApp({ database, clock: keys.clock, env: { STAFF_EMAILS: `jefa.${stamp}@gotaagota.mx` } });
    admin = await signUp(site, `jefa.${stamp}@gotaagota.mx`, 'Julia');
  });

  /** Invites `email` and answers the link's path, read from the mail the outbox sends. */
  async function invite(email: string, roles: TeamRole[]): Promise<string> {
    await site.deliverMail();
    const res = await admin.post('/panel/equipo/invitaciones', { email, roles });
    expect(res.status).toBe(201);
    const [mail] = (await site.deliverMail()).filter((message) => message.to === email);
    expect(mail?.subject).toContain('Te invitaron al equipo');
    expect(mail!.text).toContain('72 horas');
    const link = /http:\/\/localhost:3000(\/invitacion\/[A-Za-z0-9_-]{43})\n/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    return link!;
  }

  const pageOf = async (browser: Browser, path: string) => {
    const res = await browser.get(path, inertia);
    return { status: res.status, props: ((await res.json()) as PageObject<InvitacionPageProps>).props };
  };

  it('lets the invited person create the account, accept once, and get the roles; a second use is refused', async () => {
    const email = `nueva.${stamp}@gotaagota.mx`;
    const path = await invite(email, ['editor', 'bandeja']);
    const anonymous = await pageOf(new Browser(site.app), path);
    expect(anonymous).toMatchObject({
      status: 200,
      props: { state: 'valida', email, roles: ['editor', 'bandeja'], signedIn: false },
    });
    expect((await equipo(admin)).invitations).toEqual([
      expect.objectContaining({ email, roles: ['editor', 'bandeja'], by: `Julia <jefa.${stamp}@gotaagota.mx>` }),
    ]);

    // the page sends a person without an account to create it and back (`/registro?volver=`)
    const registration = await new Browser(site.app).get(`/registro?volver=${encodeURIComponent(path)}`, inertia);
    expect(((await registration.json()) as PageObject<{ returnTo: string }>).props.returnTo).toBe(path);
    const person = new Browser(site.app);
    const created = await person.post('/registro', {
      name: 'Nora',
      last_name: 'Prueba',
      email,
      password,
      password_confirmation: password,
      volver: path,
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ url: path });
    expect(await rolesOf(person)).toEqual([]);
    expect((await pageOf(person, path)).props).toMatchObject({ state: 'valida', signedIn: true });
    const accepted = await person.post(path, {});
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ message: 'Ya formas parte del equipo.', url: '/panel' });
    expect(await rolesOf(person)).toEqual(['editor', 'bandeja']);
    const grant = (await equipo(admin)).members.find((member) => member.email === email)!.roles[0]!;
    expect(grant.by).toBe(`Julia <jefa.${stamp}@gotaagota.mx>`);

    const again = await person.post(path, {});
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ message: expect.stringContaining('ya se usó') as unknown });
    expect(await pageOf(new Browser(site.app), path)).toMatchObject({
      status: 410,
      props: { state: 'usada', token: null, email: null },
    });
  });

  it('refuses an expired link, one for another address, an unknown one, and an anonymous acceptance, in Spanish', async () => {
    const email = `tarde.${stamp}@gotaagota.mx`;
    const path = await invite(email, ['operador']);
    const stranger = await signUp(site, `otra.${stamp}@ejemplo.mx`);
    expect(await pageOf(stranger, path)).toMatchObject({ status: 403, props: { state: 'otra-cuenta' } });
    expect((await stranger.post(path, {})).status).toBe(403);
    expect((await new Browser(site.app).post(path, {})).status).toBe(401);

    await database
      .use()
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, email));
    const expired = await pageOf(new Browser(site.app), path);
    expect(expired).toMatchObject({
      status: 410,
      props: { state: 'caducada', message: expect.stringContaining('caducó') as unknown },
    });
    const person = await signUp(site, email);
    const late = await person.post(path, {});
    expect(late.status).toBe(410);
    expect(await rolesOf(person)).toEqual([]);

    expect(await pageOf(new Browser(site.app), '/invitacion/no-es-un-enlace')).toMatchObject({
      status: 404,
      props: { state: 'desconocida' },
    });
    expect(await pageOf(new Browser(site.app), `/invitacion/${'A'.repeat(43)}`)).toMatchObject({
      status: 404,
      props: { state: 'desconocida' },
    });
  });
});
