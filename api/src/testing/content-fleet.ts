import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { EditablePage, PageTextsPageProps } from '@gota/shared/contracts';
import { contentFollower, type ContentFollower, loadBaseContent, loadStoryFiles } from '../features/content';
import type { Database } from '../db/database';
import { contentLog } from '../db/schema';
import { testDatabase } from './test-database';
import { repoRoot } from '../env';
import { createLogger } from '../logging/logger';
import { afterAll, beforeAll, expect } from 'vitest';
import { Browser } from './browser';
import { enrolAuthenticatorApp } from './second-factor';
import { testApp } from './test-app';
import { testDatabaseKind } from './test-database';
import type { AppEnv } from '../types';
import { signUp } from './sign-up';

const contentDir = `${repoRoot}/api/content`;

/**
 * One instance of the site over a shared test database, following its content as a fleet's instances do (a 50 ms
 * poll, and on PostgreSQL the notifications). Make two to see a change reach the other one; call `importOnce` and
 * `start` on each, and `stop` in `afterAll`.
 */
export function followingInstance(
  database: Database,
  env: Record<string, string>,
): { app: Hono<AppEnv>; content: ContentFollower } {
  const content = contentFollower({
    database,
    base: loadBaseContent(contentDir),
    files: loadStoryFiles(contentDir),
    kitDir: `${contentDir}/campaign`,
    logger: createLogger({ level: 'silent' }),
    pollMs: 50,
    listenUrl: testDatabaseKind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
  });
  const { app } = testApp({ database, env, content });
  return { app, content };
}

/**
 * Two instances over one database that both import at start, as a fleet's do (what they import is imported once), and
 * follow its content; `stop` them in `afterAll`.
 */
async function startedFleet(database: Database, env: Record<string, string>) {
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

/** The lines of the content's log for one kind (`aliados`, `descargas`…), oldest first: what, who, and its detail. */
export function contentLogOf(database: Database, kind: string) {
  return database
    .use()
    .select({ action: contentLog.action, actor: contentLog.actor, detail: contentLog.detail })
    .from(contentLog)
    .where(eq(contentLog.kind, kind))
    .orderBy(asc(contentLog.id));
}

/** What the shell sends for a page object (the JSON of a page, not its HTML). */
export const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };

/** Sends JSON as the panel's scripts do: with the browser's anti-forgery token. */
export function sendJson(browser: Browser, method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-CSRF-TOKEN': browser.token,
  };
  return browser.request(path, { method, body: JSON.stringify(body), headers });
}

/**
 * An account signed up on `app` (a role comes from the env's email lists), past its second factor, as the panel's
 * tests need it: a person with a role proves one before the panel answers (decision 055).
 */
async function signUpWithRole(app: Hono<AppEnv>, email: string): Promise<Browser> {
  const browser = new Browser(app);
  const password = 'un río que nunca se seca 2026';
  await signUp(browser, email, password, { name: 'Elena', lastName: 'Ríos' });
  await enrolAuthenticatorApp(browser);
  return browser;
}

/** A page's props as the shell reads them (its JSON page object), anonymously or as `browser`; it must answer 200. */
export async function pageProps<P>(app: Hono<AppEnv>, path: string, browser?: Browser): Promise<P> {
  const res = browser ? await browser.get(path, inertia) : await app.request(path, { headers: inertia });
  expect(res.status).toBe(200);
  return ((await res.json()) as { props: P }).props;
}

/** The props of «Textos» for one of the site's pages in the panel, as the fleet's editor reads them on the first instance. */
export const pageTextsPanel = (site: PanelFleet, page: EditablePage) =>
  pageProps<PageTextsPageProps>(site.first.app, `/panel/textos/${page}`, site.editor);

/**
 * What `panelFleet` makes: the database, its two instances, and an editor's and an inbox member's signed-in browsers,
 * with their emails (what the content's log names as who saved).
 */
export interface PanelFleet {
  emails: { editor: string; inbox: string };
  database: Database;
  first: { app: Hono<AppEnv>; content: ContentFollower };
  second: { app: Hono<AppEnv>; content: ContentFollower };
  editor: Browser;
  inbox: Browser;
}

/**
 * A test file's site for the panel's content pages: before all, a test database, a started fleet of two instances, an
 * editor and an account of the inbox, their emails named after the file's subject and the run (`datos…@gotaagota.mx`,
 * `bandeja-datos…@gotaagota.mx`) and put in the env's role lists; `editorReadsInbox` gives the editor the inbox too.
 * After all, all stopped. Read its fields in tests.
 */
export function panelFleet(subject: string, { editorReadsInbox = false } = {}): PanelFleet {
  const stamp = Date.now();
  const emails = { editor: `${subject}${stamp}@gotaagota.mx`, inbox: `bandeja-${subject}${stamp}@gotaagota.mx` };
  const env = {
    EDITOR_EMAILS: emails.editor,
    STAFF_EMAILS: editorReadsInbox ? `${emails.inbox},${emails.editor}` : emails.inbox,
  };
  const site = { emails } as PanelFleet;
  let stop: () => Promise<unknown> = async () => undefined;
  beforeAll(async () => {
    site.database = await testDatabase();
    const fleet = await startedFleet(site.database, env);
    stop = fleet.stop;
    Object.assign(site, { first: fleet.first, second: fleet.second });
    site.editor = await signUpWithRole(site.first.app, emails.editor);
    site.inbox = await signUpWithRole(site.first.app, emails.inbox);
  });
  afterAll(async () => {
    await stop();
    await site.database.close();
  });
  return site;
}
