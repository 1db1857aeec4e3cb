import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidCredentialsMessage, passwordMessages } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { sessions, users } from './schema';
import { sha256 } from '../../security/tokens';
import { Browser } from '../../testing/browser';
import { recordingMailer, testApp, type TestApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
let app: TestApp['app'];
let deliverMail: TestApp['deliverMail'];
const mailer = recordingMailer();
let counter = 0;

beforeAll(async () => {
  database = await testDatabase();
  ({ app, deliverMail } = testApp({ database, mailer }));
});
afterAll(() => database.close());

const password = 'agua limpia para todos';
function person(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    name: 'María José',
    last_name: 'López',
    email: `maria${counter}.${Date.now()}@ejemplo.mx`,
    password,
    password_confirmation: password,
    ...overrides,
  };
}

async function registered(overrides: Record<string, unknown> = {}) {
  const data = person(overrides);
  const res = await new Browser(app).post('/registro', data);
  expect(res.status).toBe(201);
  const [user] = await database
    .use()
    .select()
    .from(users)
    .where(eq(users.email, String(data.email).toLowerCase()));
  return { ...data, username: user!.username, id: user!.id };
}

async function sharedUser(browser: Browser) {
  const res = await browser.get('/', { 'X-Inertia': 'true' });
  return ((await res.json()) as { props: { auth: { user: { firstName: string } | null } } }).props.auth.user;
}

/** A new browser signed in as `user` through the sign-in form. */
async function signedIn(user: { email: string }) {
  const browser = new Browser(app);
  expect((await browser.post('/login', { email: user.email, password })).status).toBe(200);
  return browser;
}

/** The sessions row of a `sid` cookie's value, if there still is one. */
async function sessionOf(sid: string) {
  const [row] = await database
    .use()
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, sha256(sid)));
  return row;
}

describe(`accounts on ${testDatabaseKind}`, () => {
  it('registers, signs the new user in and mails the username', async () => {
    const browser = new Browser(app);
    const data = person({ email: `  Nueva.${Date.now()}@Ejemplo.MX ` });
    const res = await browser.post('/registro', data);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ url: '/' });
    expect(browser.cookies.has('sid')).toBe(true);
    expect(await sharedUser(browser)).toEqual({ firstName: 'María José', staff: false, roles: [] });

    const email = String(data.email).trim().toLowerCase();
    const [row] = await database.use().select().from(users).where(eq(users.email, email));
    expect(row?.username).toMatch(/^maria\.lopez\d*$/);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const welcome = (await deliverMail()).find((mail) => mail.to === email);
    expect(welcome?.text).toContain(row!.username);
  });

  it('answers 422 with Spanish messages per field', async () => {
    const res = await new Browser(app).post('/registro', {
      name: '',
      email: 'no-es-correo',
      password: 'corta',
      password_confirmation: 'otra',
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors).toMatchObject({
      name: ['El nombre es obligatorio'],
      last_name: ['El apellido es obligatorio'],
      email: ['Correo electrónico inválido'],
      password: ['La contraseña debe tener al menos 8 caracteres'],
    });
    expect(body.message).toBe('El nombre es obligatorio');
  });

  it('checks that the confirmation matches and the password is at most 64 characters', async () => {
    const mismatch = await new Browser(app).post('/registro', person({ password_confirmation: 'otra contraseña distinta' }));
    expect(((await mismatch.json()) as { errors: object }).errors).toEqual({
      password_confirmation: ['Las contraseñas no coinciden'],
    });
    const long = 'x'.repeat(65);
    const tooLong = await new Browser(app).post('/registro', person({ password: long, password_confirmation: long }));
    expect(((await tooLong.json()) as { errors: object }).errors).toEqual({
      password: ['La contraseña debe tener como máximo 64 caracteres'],
    });
  });

  it('refuses common and weak passwords with a Spanish message on the field (#12 row 3)', async () => {
    for (const weak of ['12345678', 'password', 'aaaaaaaa', 'MariaJoseLopez']) {
      const data = person({ password: weak, password_confirmation: weak });
      const res = await new Browser(app).post('/registro', data);
      expect(res.status, weak).toBe(422);
      expect(await res.json(), weak).toEqual({ message: passwordMessages.weak, errors: { password: [passwordMessages.weak] } });
      const [row] = await database
        .use()
        .select()
        .from(users)
        .where(eq(users.email, String(data.email)));
      expect(row, weak).toBeUndefined();
    }
  });

  it('refuses an email that is already registered, in any case', async () => {
    const user = await registered();
    const res = await new Browser(app).post('/registro', person({ email: user.email.toUpperCase() }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: object }).errors).toEqual({ email: ['Este correo ya está registrado'] });
  });

  it('gives a second María López the next free username', async () => {
    const first = await registered({ name: 'Ana', last_name: 'Núñez' });
    const second = await registered({ name: 'ana', last_name: 'NUÑEZ' });
    expect(first.username).toMatch(/^ana\.nunez\d*$/);
    expect(second.username).not.toBe(first.username);
    expect(second.username).toMatch(/^ana\.nunez\d+$/);
  });

  it('signs in with the email in any case, or with the username', async () => {
    const user = await registered();
    const byEmail = new Browser(app);
    const res = await byEmail.post('/login', { email: user.email.toUpperCase(), password, remember: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ route: 'index' });
    expect(await sharedUser(byEmail)).toEqual({ firstName: 'María José', staff: false, roles: [] });

    const byUsername = new Browser(app);
    expect((await byUsername.post('/login', { username: user.username.toUpperCase(), password })).status).toBe(200);
    expect(await sharedUser(byUsername)).toEqual({ firstName: 'María José', staff: false, roles: [] });
  });

  it('answers the same generic 422 for a wrong password and for an unknown account', async () => {
    const user = await registered();
    const wrong = await new Browser(app).post('/login', { email: user.email, password: 'no es la contraseña' });
    const unknown = await new Browser(app).post('/login', { email: `nadie.${Date.now()}@ejemplo.mx`, password });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    const body = await wrong.json();
    expect(body).toEqual(await unknown.json());
    expect(body).toEqual({ message: invalidCredentialsMessage, errors: { email: [invalidCredentialsMessage] } });
    const noIdentity = await new Browser(app).post('/login', { password });
    expect(((await noIdentity.json()) as { errors: object }).errors).toEqual({ email: ['Escribe tu correo o tu usuario'] });
  });

  it("keeps a 'Recordarme' session 7 idle days and a normal one 120 idle minutes", async () => {
    const user = await registered();
    const remembered = new Browser(app);
    const res = await remembered.post('/login', { email: user.email, password, remember: true });
    expect(res.headers.getSetCookie().find((line) => line.startsWith('sid='))).toMatch(/Max-Age=2592000/);
    const normal = new Browser(app);
    const res2 = await normal.post('/login', { email: user.email, password, remember: false });
    expect(res2.headers.getSetCookie().find((line) => line.startsWith('sid='))).not.toMatch(/Max-Age/);

    const expiry = async (browser: Browser) => {
      const row = await sessionOf(browser.cookies.get('sid')!);
      return row!.expiresAt.getTime() - Date.now();
    };
    // 'Recordarme': idle for at most 7 days, and 30 days from sign-in at most
    expect(await expiry(remembered)).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(await expiry(remembered)).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(await expiry(normal)).toBeGreaterThan(119 * 60_000);
    expect(await expiry(normal)).toBeLessThanOrEqual(120 * 60_000);
  });

  it('rotates the session at sign-in and hands the browser a new anti-forgery token', async () => {
    const user = await registered();
    const browser = await signedIn(user);
    const firstSid = browser.cookies.get('sid')!;
    const tokenBefore = browser.token;
    await browser.post('/login', { email: user.email, password });
    expect(browser.cookies.get('sid')).not.toBe(firstSid);
    expect(browser.token).not.toBe(tokenBefore);
    expect(await sessionOf(firstSid)).toBeUndefined();
    // the token of the previous session no longer works
    const stale = await browser.post('/logout', {}, { headers: { 'X-CSRF-TOKEN': tokenBefore } });
    expect(stale.status).toBe(419);
  });

  it('signs out: the row is gone, the cookie cleared and the top bar anonymous', async () => {
    const user = await registered();
    const browser = await signedIn(user);
    const sid = browser.cookies.get('sid')!;
    const res = await browser.post('/logout', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: '/' });
    expect(browser.cookies.has('sid')).toBe(false);
    expect(await sharedUser(browser)).toBeNull();
    expect(await sessionOf(sid)).toBeUndefined();
    // the token from the logout answer works for the next form
    expect((await browser.post('/login', { email: user.email, password })).status).toBe(200);
  });

  it('treats an expired session as anonymous and clears its cookie', async () => {
    const user = await registered();
    const browser = await signedIn(user);
    await database
      .use()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await sharedUser(browser)).toBeNull();
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('ends a session 12 h after sign-in, or 30 days with Recordarme, however much it is used (#12 row 2)', async () => {
    const user = await registered();
    const hours = (n: number) => new Date(Date.now() - n * 3600_000);
    const cases = [
      // [remember, signed in, last request, signed in still?]
      [false, hours(11), hours(0.1), true],
      [false, hours(13), hours(0.1), false],
      [true, hours(29 * 24), hours(1), true],
      [true, hours(31 * 24), hours(1), false],
      // and 'Recordarme' has an idle limit too: a week without a request
      [true, hours(10 * 24), hours(8 * 24), false],
    ] as const;
    for (const [remember, createdAt, lastSeenAt, alive] of cases) {
      const browser = new Browser(app);
      expect((await browser.post('/login', { email: user.email, password, remember })).status).toBe(200);
      const idHash = sha256(browser.cookies.get('sid')!);
      // the row as a session used every day since `createdAt` would look under the old rules (never expiring)
      const expiresAt = new Date(Date.now() + 3600_000);
      await database.use().update(sessions).set({ createdAt, lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
      expect(await sharedUser(browser), `${remember} ${createdAt.toISOString()}`).toEqual(
        alive ? { firstName: 'María José', staff: false, roles: [] } : null,
      );
    }
  });

  it('extends an idle session on use', async () => {
    const user = await registered();
    const browser = await signedIn(user);
    const sid = browser.cookies.get('sid')!;
    const soon = new Date(Date.now() + 60_000);
    await database
      .use()
      .update(sessions)
      .set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.idHash, sha256(sid)));
    expect(await sharedUser(browser)).toEqual({ firstName: 'María José', staff: false, roles: [] });
    const row = await sessionOf(sid);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
  });

  it('answers logout without a session too', async () => {
    const res = await new Browser(app).post('/logout', {});
    expect(res.status).toBe(200);
  });

  it('counts failures per account whether the email or the username is typed, 429 with Retry-After (#12 row 7)', async () => {
    const { app: limited } = testApp({ database, mailer, env: { THROTTLE_IDENTITY_LIMIT: '5' } });
    const user = await registered();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      // a new browser (and address) each time: only the account's counter can stop it
      const typed = i % 2 === 0 ? { email: user.email.toUpperCase() } : { username: user.username };
      last = await new Browser(limited).post('/login', { ...typed, password: `intento ${i}` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429]);
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('answers JSON 405 with Allow for other methods', async () => {
    const browser = new Browser(app);
    const res = await browser.get('/logout');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(await res.json()).toEqual({ message: 'Método no permitido en esta dirección.' });
    browser.fillToken();
    // a body-less request counts as a form post for the origin check: a browser always sends Origin with it
    const put = await browser.request('/login', {
      method: 'PUT',
      headers: { 'X-CSRF-TOKEN': browser.token, Origin: 'http://localhost' },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('Allow')).toBe('GET, HEAD, POST');
  });
});
