import type { Hono } from 'hono';
import { contentFollower, type ContentFollower } from '../content/content-source';
import { loadBaseContent, loadStoryFiles } from '../content/load-content';
import type { Database } from '../db/database';
import { repoRoot } from '../env';
import { createLogger } from '../logging/logger';
import { Browser } from './browser';
import { enrolAuthenticatorApp } from './second-factor';
import { testApp } from './test-app';
import { testDatabaseKind } from './test-database';

const contentDir = `${repoRoot}/api/content`;

/**
 * One instance of the site over a shared test database, following its content as a fleet's instances do (a 50 ms
 * poll, and on PostgreSQL the notifications). Make two to see a change reach the other one; call `importOnce` and
 * `start` on each, and `stop` in `afterAll`.
 */
export function followingInstance(database: Database, env: Record<string, string>): { app: Hono; content: ContentFollower } {
  const content = contentFollower({
    database,
    base: loadBaseContent(contentDir),
    files: loadStoryFiles(contentDir),
    logger: createLogger({ level: 'silent' }),
    pollMs: 50,
    listenUrl: testDatabaseKind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
  });
  const { app } = testApp({ database, env, content });
  return { app, content };
}

/**
 * Two instances over one database that both import at start, as a fleet's do (the import happens once), then follow
 * it; `stop` stops both (the database stays open).
 */
export async function instancePair(database: Database, env: Record<string, string>) {
  const first = followingInstance(database, env);
  const second = followingInstance(database, env);
  await Promise.all([first.content.importOnce(), second.content.importOnce()]);
  first.content.start();
  second.content.start();
  return { first, second, stop: () => Promise.all([first.content.stop(), second.content.stop()]) };
}

/** Waits (bounded) until `check` holds: another instance hears of a change through the database. */
export async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`no ocurrió en ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What the shell sends for a page object (the JSON of a page, not its HTML). */
export const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };

/** Sends JSON as the panel's scripts do: with the browser's anti-forgery token. */
export function sendJson(browser: Browser, method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': browser.token };
  return browser.request(path, { method, body: JSON.stringify(body), headers });
}

/** A member of the campaign team, signed up on `app` with the second factor the panel asks of a role (decision 055). */
export async function teamMember(app: Hono, email: string): Promise<Browser> {
  const browser = new Browser(app);
  const password = 'un río que nunca se seca 2026';
  const res = await browser.post('/registro', { name: 'Elena', last_name: 'Ríos', email, password, password_confirmation: password });
  if (res.status !== 201) throw new Error(`el registro de ${email} respondió ${res.status}`);
  await enrolAuthenticatorApp(browser);
  return browser;
}

/** A page object's props as the shell asks for them, by an anonymous visitor or by `browser`; a non-200 fails. */
export async function pageProps<P>(app: Hono, path: string, browser?: Browser): Promise<P> {
  const res = browser ? await browser.get(path, inertia) : await app.request(path, { headers: inertia });
  if (res.status !== 200) throw new Error(`${path} respondió ${res.status}`);
  return ((await res.json()) as { props: P }).props;
}
