import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  secondFactorMessages,
  type PageObject,
  type SegundoPasoPageProps,
  type SeguridadPageProps,
} from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { teamLog, users } from './schema';
import { Browser } from '../../testing/browser';
import { authenticators, totpCode } from '../../testing/second-factor';
import { softPasskey } from '../../testing/soft-passkey';
import { testApp } from '../../testing/test-app';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { signUp as register } from '../../testing/sign-up';

const password = 'un río que nunca se seca 2026';
const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };
const stamp = Date.now().toString(36);
let serial = 0;
const newEmail = (who: string) => `${who}.${stamp}.${serial++}@gotaagota.mx`;

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

/** A site whose environment makes `email` an administrator with the inbox, and its clock. */
function siteFor(email: string, env: Record<string, string> = {}) {
  const keys = authenticators();
  const site = testApp({ database, clock: keys.clock, env: { STAFF_EMAILS: email, ...env } });
  return { ...site, keys };
}

async function signUp(app: ReturnType<typeof testApp>['app'], email: string): Promise<Browser> {
  const browser = new Browser(app);
  await register(browser, email, password, { name: 'Sara', lastName: 'Segura' });
  return browser;
}

const propsOf = async <T extends object>(res: Response) => ((await res.json()) as PageObject<T>).props;

describe(`the second factor, on ${testDatabaseKind}`, () => {
  it('leads a person with a role and no second factor to set one up first, and refuses the role actions in Spanish', async () => {
    const email = newEmail('nueva');
    const { app } = siteFor(email);
    const browser = await signUp(app, email);
    // pages: to «Seguridad de la cuenta»; a navigation of the shell by 409 + its location
    const page = await browser.get('/panel');
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe('/panel/seguridad');
    expect((await browser.get('/panel/equipo', inertia)).headers.get('X-Inertia-Location')).toBe('/panel/seguridad');
    // actions: 403 with the message
    const action = await browser.post('/panel/equipo/invitaciones', { email: 'otra@ejemplo.mx', roles: ['bandeja'] });
    expect(action.status).toBe(403);
    expect(await action.json()).toEqual({ message: secondFactorMessages.required });
    // the set-up page answers, and says why it was shown
    const security = await propsOf<SeguridadPageProps>(await browser.get('/panel/seguridad', inertia));
    expect(security).toMatchObject({ required: true, totp: null, passkeys: [], recoveryLeft: 0 });
    expect(security.setup?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(security.setup?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // new recovery codes ask for a session that proved a factor, before any code is counted
    const codes = await browser.post('/panel/seguridad/codigos', { code: '123456' });
    expect(codes.status).toBe(403);
    expect(await codes.json()).toEqual({ message: secondFactorMessages.required });
  });

  it('sets up the app with a code of its secret (a wrong one refused), shows ten recovery codes once, and opens the panel', async () => {
    const email = newEmail('alta');
    const { app, keys } = siteFor(email);
    const browser = await signUp(app, email);
    const { setup } = await propsOf<SeguridadPageProps>(await browser.get('/panel/seguridad', inertia));
    const wrong = await browser.post('/panel/seguridad/app', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.code).toEqual([
      secondFactorMessages.wrongSetupCode,
    ]);
    const done = await browser.post('/panel/seguridad/app', { code: totpCode(setup!.secret, keys.clock()) });
    expect(done.status).toBe(201);
    const { codes } = (await done.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await browser.get('/panel', inertia)).status).toBe(200);
    const after = await propsOf<SeguridadPageProps>(await browser.get('/panel/seguridad', inertia));
    expect(after).toMatchObject({ required: false, setup: null, recoveryLeft: 10, freshCodes: null });
    expect(after.totp).not.toBeNull();
    // the change is in the team's log
    const lines = await database.use().select().from(teamLog).where(eq(teamLog.subject, email));
    expect(lines.map((line) => line.action)).toContain('factor-activado');
  });

  it('asks for the second step after the password; until then the visitor is anonymous; a good code signs in', async () => {
    const email = newEmail('paso');
    const { app, keys } = siteFor(email);
    await keys.enrol(await signUp(app, email), email);
    const browser = new Browser(app);
    const first = await browser.post('/login', { email, password, volver: '/panel' });
    expect(await first.json()).toEqual({ url: '/login/segundo-paso?volver=%2Fpanel', secondStep: true });
    expect((await propsOf<{ auth: { user: unknown } }>(await browser.get('/', inertia))).auth.user).toBeNull();
    expect((await browser.get('/panel')).headers.get('Location')).toBe('/login?volver=%2Fpanel');
    const step = await propsOf<SegundoPasoPageProps>(await browser.get('/login/segundo-paso?volver=%2Fpanel', inertia));
    expect(step).toMatchObject({ totp: true, passkeys: false, returnTo: '/panel', expired: false });
    const wrong = await browser.post('/login/segundo-paso', { code: '123456', volver: '/panel' });
    expect(wrong.status).toBe(422);
    const right = await browser.post('/login/segundo-paso', { code: keys.code(email), volver: '/panel' });
    expect(await right.json()).toEqual({ url: '/panel' });
    expect((await browser.get('/panel', inertia)).status).toBe(200);
    // the page of the step, now: straight on
    expect((await browser.get('/login/segundo-paso?volver=%2Fpanel')).headers.get('Location')).toBe('/panel');
  });

  it('takes the code by a form sent without JavaScript: a refusal is the page with its message, a success a 303 on', async () => {
    const email = newEmail('sinjs');
    const { app, keys, env } = siteFor(email);
    await keys.enrol(await signUp(app, email), email);
    const browser = new Browser(app);
    await browser.post('/login', { email, password });
    const form = (fields: Record<string, string>) =>
      browser.request('/login/segundo-paso', {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html',
          'Sec-Fetch-Site': 'same-origin',
          Origin: env.appUrl,
        },
      });
    const wrong = await form({ code: '111111', volver: '/panel' });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain(secondFactorMessages.wrongCode);
    const right = await form({ code: keys.code(email), volver: '/panel' });
    expect(right.status).toBe(303);
    expect(right.headers.get('Location')).toBe('/panel');
  });

  it('never asks a visitor without a role and without a factor', async () => {
    const email = newEmail('visita');
    const { app } = siteFor(newEmail('otra'));
    await signUp(app, email);
    const res = await new Browser(app).post('/login', { email, password });
    expect(await res.json()).toEqual({ route: 'index' });
    // and the second step's page, without a sign-in waiting: says to sign in again
    expect(await propsOf<SegundoPasoPageProps>(await new Browser(app).get('/login/segundo-paso', inertia))).toMatchObject({
      expired: true,
    });
  });

  it('accepts a code of the step before or after (±30 s), refuses older ones, and refuses a code already used', async () => {
    const email = newEmail('reloj');
    const { app, keys } = siteFor(email);
    await keys.enrol(await signUp(app, email), email);
    const secret = keys.secretOf(email)!;
    const signInWith = async (code: string) => {
      const browser = new Browser(app);
      await browser.post('/login', { email, password });
      return (await browser.post('/login/segundo-paso', { code })).status;
    };
    keys.advance(10 * 60_000);
    expect(await signInWith(totpCode(secret, keys.clock() - 90_000))).toBe(422);
    expect(await signInWith(totpCode(secret, keys.clock() - 30_000))).toBe(200);
    // the same code again, within its window: spent
    expect(await signInWith(totpCode(secret, keys.clock() - 30_000))).toBe(422);
    const now = totpCode(secret, keys.clock());
    expect(await signInWith(now)).toBe(200);
    expect(await signInWith(now)).toBe(422);
    expect(await signInWith(totpCode(secret, keys.clock() + 30_000))).toBe(200);
    // an older step than the newest used is spent too
    expect(await signInWith(totpCode(secret, keys.clock()))).toBe(422);
  });

  it('lets each recovery code in once, and makes a new set with a code (the old set stops working)', async () => {
    const email = newEmail('codigos');
    const { app, keys } = siteFor(email);
    const codes = await keys.enrol(await signUp(app, email), email);
    const signInWith = async (code: string) => {
      const browser = new Browser(app);
      await browser.post('/login', { email, password });
      return { status: (await browser.post('/login/segundo-paso', { code })).status, browser };
    };
    const first = await signInWith(codes[0]!.toUpperCase().replace('-', ' '));
    expect(first.status).toBe(200);
    expect((await signInWith(codes[0]!)).status).toBe(422);
    expect((await propsOf<SeguridadPageProps>(await first.browser.get('/panel/seguridad', inertia))).recoveryLeft).toBe(9);
    // a new set needs the current second factor
    expect((await first.browser.post('/panel/seguridad/codigos', { code: '999999' })).status).toBe(422);
    const renewed = await first.browser.post('/panel/seguridad/codigos', { code: keys.code(email) });
    expect(renewed.status).toBe(201);
    const fresh = ((await renewed.json()) as { codes: string[] }).codes;
    expect((await signInWith(codes[1]!)).status).toBe(422);
    expect((await signInWith(fresh[0]!)).status).toBe(200);
  });

  it('throttles wrong codes like passwords: per account, with Retry-After', async () => {
    const email = newEmail('freno');
    const { app, keys } = siteFor(email, { THROTTLE_IDENTITY_LIMIT: '3' });
    await keys.enrol(await signUp(app, email), email);
    const browser = new Browser(app);
    expect((await browser.post('/login', { email, password })).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await browser.post('/login/segundo-paso', { code: '000000' })).status).toBe(422);
    const limited = await browser.post('/login/segundo-paso', { code: keys.code(email) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('registers a passkey, then signs in with it as the second step; a passkey of another account is refused', async () => {
    const email = newEmail('llave');
    const { app, env } = siteFor(email);
    const browser = await signUp(app, email);
    const key = softPasskey(env.appUrl);
    const options = (await (await browser.post('/panel/seguridad/llaves/opciones', {})).json()) as {
      challenge: string;
      rp: { id: string };
    };
    expect(options.rp.id).toBe('localhost');
    // an answer to another challenge is refused, and spends the one given
    expect(
      (await browser.post('/panel/seguridad/llaves', { name: 'Teléfono', response: key.register('b3RybyByZXRv') })).status,
    ).toBe(422);
    const again = (await (await browser.post('/panel/seguridad/llaves/opciones', {})).json()) as { challenge: string };
    const added = await browser.post('/panel/seguridad/llaves', {
      name: 'Teléfono de Sara',
      response: key.register(again.challenge),
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as { codes: string[] }).codes).toHaveLength(10);
    expect(
      (await propsOf<SeguridadPageProps>(await browser.get('/panel/seguridad', inertia))).passkeys.map((passkey) => passkey.name),
    ).toEqual(['Teléfono de Sara']);

    const next = new Browser(app);
    expect(((await (await next.post('/login', { email, password })).json()) as { secondStep: boolean }).secondStep).toBe(true);
    const stranger = softPasskey(env.appUrl);
    const challenge1 = ((await (await next.post('/login/segundo-paso/llave/opciones', {})).json()) as { challenge: string })
      .challenge;
    expect((await next.post('/login/segundo-paso/llave', { response: stranger.sign(challenge1) })).status).toBe(422);
    const challenge2 = ((await (await next.post('/login/segundo-paso/llave/opciones', {})).json()) as { challenge: string })
      .challenge;
    const signed = await next.post('/login/segundo-paso/llave', { response: key.sign(challenge2), volver: '/panel' });
    expect(await signed.json()).toEqual({ url: '/panel' });
    expect((await next.get('/panel', inertia)).status).toBe(200);
    // the only factor cannot be removed
    const id = (await propsOf<SeguridadPageProps>(await next.get('/panel/seguridad', inertia))).passkeys[0]!.id;
    const last = await next.post(`/panel/seguridad/llaves/${id}/quitar`, {});
    expect(last.status).toBe(422);
    expect(await last.json()).toEqual({ message: secondFactorMessages.lastFactor });
  });

  it("lets an administrator reset another person's second factor: their factors and sessions end, and the log says who", async () => {
    const admin = newEmail('jefa');
    const person = newEmail('perdio');
    const { app, keys } = siteFor(admin, { EDITOR_EMAILS: person });
    const adminBrowser = await signUp(app, admin);
    await keys.enrol(adminBrowser, admin);
    const personBrowser = await signUp(app, person);
    await keys.enrol(personBrowser, person);
    const [row] = await database.use().select({ id: users.id }).from(users).where(eq(users.email, person));
    const reset = await adminBrowser.post(`/panel/equipo/${row!.id}/segundo-factor`, {});
    expect(reset.status).toBe(200);
    expect((await personBrowser.get('/panel/historias', inertia)).status).toBe(409);
    // the next sign-in asks for no step, and leads to set one up
    const fresh = new Browser(app);
    expect(await (await fresh.post('/login', { email: person, password })).json()).toEqual({ route: 'index' });
    expect((await fresh.get('/panel/historias')).headers.get('Location')).toBe('/panel/seguridad');
    const lines = await database.use().select().from(teamLog).where(eq(teamLog.subject, person));
    expect(lines.find((line) => line.action === 'factor-restablecido')?.actor).toContain(admin);
  });
});
