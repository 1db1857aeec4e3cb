import * as OTPAuth from 'otpauth';
import type { PageObject, SeguridadPageProps } from '@gota/shared/contracts';
import type { Browser } from './browser';

const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };

/** The code an authenticator app shows for `secret` at `now` (ms). */
export function totpCode(secret: string, now: number = Date.now()): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: now });
}

/**
 * Sets up an authenticator app on the signed-in account of `browser` through «Seguridad de la cuenta», as a person
 * would (decision 055): reads the secret the page shows and confirms it with its code at `now`. Its session then
 * proved the second factor. Returns the secret and the recovery codes shown once.
 */
export async function enrolAuthenticatorApp(
  browser: Browser,
  now: number = Date.now(),
): Promise<{ secret: string; codes: string[] }> {
  const enrolled = await enrolIfOnTeam(browser, now);
  if (!enrolled) throw new Error('la cuenta no forma parte del equipo');
  return enrolled;
}

/** `enrolAuthenticatorApp` for an account with a role; null (nothing done) for one without. */
export async function enrolIfOnTeam(
  browser: Browser,
  now: number = Date.now(),
): Promise<{ secret: string; codes: string[] } | null> {
  const page = await browser.get('/panel/seguridad', inertia);
  if (page.status === 403) return null;
  if (page.status !== 200) throw new Error(`GET /panel/seguridad: ${page.status} ${await page.text()}`);
  const { setup } = ((await page.json()) as PageObject<SeguridadPageProps>).props;
  if (!setup) throw new Error('la cuenta ya tiene una app de autenticación');
  const res = await browser.post('/panel/seguridad/app', { code: totpCode(setup.secret, now) });
  if (res.status !== 201) throw new Error(`POST /panel/seguridad/app: ${res.status} ${await res.text()}`);
  const { codes } = (await res.json()) as { codes: string[] | null };
  return { secret: setup.secret, codes: codes ?? [] };
}

/**
 * The authenticator apps of a test's accounts, and the clock the test's app checks their codes against (pass `clock`
 * to `testApp`). Every code it computes moves the clock one step on, so no code is ever the one spent before it.
 *
 * @example
 * const keys = authenticators()
 * const site = testApp({ database, clock: keys.clock })
 * await keys.enrol(browser, email)
 * await keys.signIn(new Browser(site.app), email, password)
 */
export function authenticators() {
  let now = Date.now();
  const secrets = new Map<string, string>();
  const tick = () => (now += 30_000);
  return {
    clock: () => now,
    /** Moves the clock on by `ms`. */
    advance(ms: number) {
      now += ms;
    },
    secretOf: (email: string) => secrets.get(email),
    /** The next code of the account's app (the clock moves a step first). */
    code(email: string): string {
      const secret = secrets.get(email);
      if (!secret) throw new Error(`${email} no tiene app de autenticación en esta prueba`);
      return totpCode(secret, tick());
    },
    /** Sets up the app of the account signed in on `browser`, when it holds a role. */
    async enrol(browser: Browser, email: string): Promise<string[]> {
      const enrolled = await enrolIfOnTeam(browser, tick());
      if (enrolled) secrets.set(email, enrolled.secret);
      return enrolled?.codes ?? [];
    },
    /** Signs in with the password and, when the answer asks for it, the app's code; returns the last answer. */
    async signIn(browser: Browser, email: string, password: string): Promise<Response> {
      const first = await browser.post('/login', { email, password });
      if (first.status !== 200 || !((await first.clone().json()) as { secondStep?: boolean }).secondStep) return first;
      return browser.post('/login/segundo-paso', { code: this.code(email) });
    },
  };
}
