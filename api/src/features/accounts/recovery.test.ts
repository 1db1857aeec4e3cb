import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidResetTokenMessage, passwordMessages, recoverySentMessage } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { passwordResetTokens, users } from './schema';
import { Browser } from '../../testing/browser';
import { interceptedDatabase } from '../../testing/intercepted-database';
import { recordingMailer, testApp, type TestApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';

let database: Database;
let app: TestApp['app'];
let deliverMail: TestApp['deliverMail'];
const mailer = recordingMailer();

beforeAll(async () => {
  database = await testDatabase();
  ({ app, deliverMail } = testApp({ database, mailer }));
});
afterAll(() => database.close());

const password = 'contraseña original 1';
let counter = 0;
async function account() {
  const email = `recupera${++counter}.${Date.now()}@ejemplo.mx`;
  const res = await new Browser(app).post('/registro', {
    name: 'Lucía',
    last_name: 'Pérez',
    email,
    password,
    password_confirmation: password,
  });
  expect(res.status).toBe(201);
  return email;
}

async function linkFor(email: string): Promise<string | undefined> {
  await deliverMail();
  return mailer.sent.filter((mail) => mail.to === email && mail.link).at(-1)?.link;
}
const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

async function signedIn(email: string, pass = password) {
  const browser = new Browser(app);
  const res = await browser.post('/login', { email, password: pass });
  return { browser, status: res.status };
}

async function topBarUser(browser: Browser) {
  const res = await browser.get('/', { 'X-Inertia': 'true' });
  return ((await res.json()) as { props: { auth: { user: unknown } } }).props.auth.user;
}

/** The database, recording each statement the handlers start (select, insert, execute…), in order. */
function recording(inner: Database): { database: Database; calls: string[] } {
  const calls: string[] = [];
  const statements = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  const database = interceptedDatabase(inner, (method) => {
    if (statements.has(method)) calls.push(method);
  });
  return { database, calls };
}

describe(`password recovery on ${testDatabaseKind}`, () => {
  it('mails no text a registrant typed, and at most 5 links per account a day (#12 row 9)', async () => {
    const email = `victima.${Date.now()}@ejemplo.mx`;
    const bait = 'Tu cuenta fue suspendida, entra en https://malo.example';
    const res = await new Browser(app).post('/registro', {
      name: bait,
      last_name: 'Soporte',
      email,
      password,
      password_confirmation: password,
    });
    expect(res.status).toBe(201);
    for (let i = 0; i < 7; i++) {
      // each request after the previous link's resend window
      await database
        .use()
        .update(passwordResetTokens)
        .set({ createdAt: new Date(Date.now() - 120_000) });
      expect((await new Browser(app).post('/recuperar-contrasena', { email })).status).toBe(200);
    }
    await deliverMail();
    const mails = mailer.sent.filter((mail) => mail.to === email);
    expect(mails.filter((mail) => mail.link)).toHaveLength(5);
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/suspendida|malo\.example/);
    }
  });

  it('does the same database work whether or not the account exists (#12 row 8)', async () => {
    const email = await account();
    const { database: counted, calls } = recording(database);
    const { app: countedApp } = testApp({ database: counted, mailer });
    const work = async (address: string) => {
      const browser = new Browser(countedApp);
      await browser.get('/recuperar-contrasena');
      calls.length = 0;
      expect((await browser.post('/recuperar-contrasena', { email: address })).status).toBe(200);
      return [...calls];
    };
    const known = await work(email);
    const unknown = await work(`nadie.${Date.now()}@ejemplo.mx`);
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
  });

  it('answers the same whether or not the account exists, and mails only an existing one', async () => {
    const email = await account();
    const unknown = `nadie.${Date.now()}@ejemplo.mx`;
    const known = await new Browser(app).post('/recuperar-contrasena', { email: email.toUpperCase() });
    const missing = await new Browser(app).post('/recuperar-contrasena', { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(await known.json()).toEqual({ message: recoverySentMessage });
    expect(await missing.json()).toEqual({ message: recoverySentMessage });
    expect(await linkFor(email)).toMatch(/^http:\/\/localhost:3000\/resetear-contrasena\/[A-Za-z0-9_-]{43}$/);
    expect(mailer.sent.some((mail) => mail.to === unknown)).toBe(false);
    const mail = mailer.sent.find((m) => m.to === email && m.link)!;
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain(mail.link);
    expect(mail.subject).toMatch(/Restablece tu contraseña/);
  });

  it('validates the email with a Spanish 422', async () => {
    const res = await new Browser(app).post('/recuperar-contrasena', { email: 'no es correo' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: 'Correo electrónico inválido',
      errors: { email: ['Correo electrónico inválido'] },
    });
  });

  it('sends at most one link a minute per account; the first link keeps working', async () => {
    const email = await account();
    await new Browser(app).post('/recuperar-contrasena', { email });
    const first = (await linkFor(email))!;
    const again = await new Browser(app).post('/recuperar-contrasena', { email });
    expect(again.status).toBe(200);
    await deliverMail();
    expect(mailer.sent.filter((mail) => mail.to === email && mail.link)).toHaveLength(1);
    // a minute later a new link replaces the old one
    await database
      .use()
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) });
    await new Browser(app).post('/recuperar-contrasena', { email });
    const second = (await linkFor(email))!;
    expect(second).not.toBe(first);
    const old = await new Browser(app).post(`/resetear-contrasena/${tokenOf(first)}`, {
      password: 'nueva contraseña 2',
      password_confirmation: 'nueva contraseña 2',
    });
    expect(old.status).toBe(422);
  });

  it('resets: new password works, old does not, every session ends, a notice is mailed, the link is spent', async () => {
    const email = await account();
    const phone = await signedIn(email);
    const laptop = await signedIn(email);
    expect(await topBarUser(phone.browser)).toEqual({ firstName: 'Lucía', staff: false, roles: [] });

    await new Browser(app).post('/recuperar-contrasena', { email });
    const token = tokenOf((await linkFor(email))!);
    const page = await new Browser(app).get(`/resetear-contrasena/${token}`, { 'X-Inertia': 'true' });
    expect((await page.json()) as { component: string; props: { token: string } }).toMatchObject({
      component: 'Auth/ResetearContrasena',
      props: { token },
    });

    const fresh = 'una contraseña nueva';
    const res = await laptop.browser.post(`/resetear-contrasena/${token}`, { password: fresh, password_confirmation: fresh });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Se restableció correctamente la contraseña', url: '/login' });
    expect(laptop.browser.cookies.has('sid')).toBe(false);
    expect(await topBarUser(phone.browser)).toBeNull();
    await deliverMail();
    expect(mailer.sent.some((mail) => mail.to === email && /cambió/.test(mail.subject))).toBe(true);

    expect((await signedIn(email)).status).toBe(422);
    expect((await signedIn(email, fresh)).status).toBe(200);
    const reuse = await new Browser(app).post(`/resetear-contrasena/${token}`, {
      password: 'otra más segura',
      password_confirmation: 'otra más segura',
    });
    expect(reuse.status).toBe(422);
    expect(await reuse.json()).toEqual({ message: invalidResetTokenMessage, errors: { token: [invalidResetTokenMessage] } });
  });

  it('refuses an expired, unknown or malformed token with the same 422', async () => {
    const email = await account();
    await new Browser(app).post('/recuperar-contrasena', { email });
    const token = tokenOf((await linkFor(email))!);
    const [user] = await database.use().select({ id: users.id }).from(users).where(eq(users.email, email));
    await database
      .use()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user!.id));
    const body = { password: 'nueva contraseña 3', password_confirmation: 'nueva contraseña 3' };
    for (const candidate of [token, 'A'.repeat(43), 'corto', '..%2F..%2Fetc', `${'x'.repeat(500)}`]) {
      const res = await new Browser(app).post(`/resetear-contrasena/${candidate}`, body);
      expect(res.status, candidate).toBe(422);
      expect(((await res.json()) as { errors: object }).errors).toEqual({ token: [invalidResetTokenMessage] });
    }
    expect((await signedIn(email)).status).toBe(200);
  });

  it('shows the reset page whatever the address carries: the token is judged when the form is sent', async () => {
    for (const token of ['corto', 'A'.repeat(43), '..%2F..%2Fetc']) {
      const page = await new Browser(app).get(`/resetear-contrasena/${token}`, { 'X-Inertia': 'true' });
      expect(page.status, token).toBe(200);
      expect(((await page.json()) as { props: { token: string } }).props.token).toBe(decodeURIComponent(token));
    }
  });

  it('validates the new password before looking at the token', async () => {
    const res = await new Browser(app).post(`/resetear-contrasena/${'A'.repeat(43)}`, {
      password: 'corta',
      password_confirmation: 'corta',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: object }).errors).toEqual({
      password: ['La contraseña debe tener al menos 8 caracteres'],
    });
  });

  it('refuses a weak new password with the Spanish message and keeps the link usable (#12 row 3)', async () => {
    const email = await account();
    await new Browser(app).post('/recuperar-contrasena', { email });
    await deliverMail();
    const token = tokenOf((await linkFor(email))!);
    const weak = await new Browser(app).post(`/resetear-contrasena/${token}`, {
      password: 'password',
      password_confirmation: 'password',
    });
    expect(weak.status).toBe(422);
    expect(((await weak.json()) as { errors: object }).errors).toEqual({ password: [passwordMessages.weak] });
    const strong = 'otra frase nueva y larga';
    expect(
      (await new Browser(app).post(`/resetear-contrasena/${token}`, { password: strong, password_confirmation: strong })).status,
    ).toBe(200);
  });
});
