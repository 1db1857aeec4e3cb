// The trial render of a release (issue #31 item 4, decision 039), a program of its own: the pre-flight runs it in a child
// process (`trialInChild`), so the trial's app and database never share the serving process, and a trial that hangs is
// killed with its process. The candidate's code runs one step further, in a renderer child of the pool's kind (decision
// 057: no secret, Node's permission model, a time limit per render, a heap limit); a render that loops is stopped
// there and reported as the page's failure.
// It reads a TrialInput as JSON on stdin, serves the candidate's pages with the real app and renderer, and writes a
// TrialOutput as one JSON line after `resultMark` on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { createApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { leads } from '../../db/schema';
import { loadEnv } from '../../env';
import { createLogger } from '../../logging/logger';
import type { RenderedPage } from '../../render/page-renderer';
import { Browser } from '../../testing/browser';
import { enrolAuthenticatorApp } from '../../testing/second-factor';
import type { RouteResult, TrialInput, TrialOutput, TrialVisitor } from './preflight';
import { snapshotRenderer } from './snapshot-renderer';
import type { ReleaseFile } from './schema';
import { resultMark, trialContent } from './trial-runner';

const staffEmail = 'ensayo@gota.invalid';
const password = 'un río que nunca se seca 2026';

/** The text of the first `<h1>` of the markup, tags left out. */
function headingOf(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return (match?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
}

async function signedIn(app: ReturnType<typeof createApp>, email: string): Promise<Browser> {
  const browser = new Browser(app);
  const res = await browser.post('/registro', {
    name: 'Ensayo',
    last_name: 'Previo',
    email,
    password,
    password_confirmation: password,
  });
  if (res.status !== 201) throw new Error(`no se pudo crear la cuenta de ensayo (${res.status})`);
  return browser;
}

async function main(): Promise<void> {
  const input = JSON.parse(await text(process.stdin)) as TrialInput;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gota-ensayo-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://ensayo.gota.invalid',
    SHELL_DIST: input.shellDist,
    REMOTES_ALLOWED_ORIGINS: input.allowedOrigins.join(','),
    HTML_CACHE_ENTRIES: '0',
    STAFF_EMAILS: staffEmail,
    OPERATOR_EMAILS: staffEmail,
    // and an editor: the trial renders the stories' editor pages (decisions 051, 054)
    EDITOR_EMAILS: staffEmail,
    MIN_FILL_MS: '0',
    THROTTLE_IP_LIMIT: '0',
    THROTTLE_IDENTITY_LIMIT: '0',
    CONTACT_COOLDOWN_SECONDS: '0',
  });
  const logger = createLogger({ level: 'silent' });
  const candidate = input.releases.find((release) => release.name === input.candidate)?.code;
  if (!candidate) throw new Error('la candidata no tiene manifiesto');
  // the candidate's server files beside its entry, as the render loads them: pinned with the release
  const serverFiles = new Map<string, string>();
  const { renderer, snapshot } = await snapshotRenderer(input, {
    logger,
    onFetched: (url, digest) => {
      if (url.startsWith(candidate.browserBase) && url !== candidate.serverEntry) serverFiles.set(url, digest);
    },
    ...(input.renderTimeoutMs ? { timeoutMs: input.renderTimeoutMs } : {}),
  });
  const renders = new Map<string, RenderedPage>();
  const recording: typeof renderer = {
    ...renderer,
    async render(page, set) {
      const rendered = await renderer.render(page, set);
      renders.set(page.url, rendered);
      return rendered;
    },
  };

  // the inbox's pages need accounts and a lead: an empty database of the trial's own, in memory
  let database: Database | undefined;
  if (input.routes.some((route) => route.as !== 'anonimo')) {
    database = await openDatabase();
    await database.migrate();
  }
  const releases = {
    current: () => snapshot,
    catchUp: async () => undefined,
    refresh: async () => undefined,
    problem: () => null,
  };
  // the site's content of now: the files, with the stories the site publishes (the routes name its newest one)
  const content = trialContent(input.stories);
  const app = createApp({ env, content, releases, renderer: recording, database, logger });
  const visitors = new Map<TrialVisitor, Browser>([['anonimo', new Browser(app)]]);
  let lead = '';
  if (database) {
    const team = await signedIn(app, staffEmail);
    // a person with a role proves a second factor before the panel answers (decision 055)
    await enrolAuthenticatorApp(team);
    visitors.set('equipo', team);
    visitors.set('visitante', await signedIn(app, 'visitante@gota.invalid'));
    const [row] = await database
      .use()
      .insert(leads)
      .values({
        kind: 'empresa',
        empresa: 'Empresa de ensayo',
        name: 'Ensayo',
        email: 'lead@gota.invalid',
        mensaje: 'Un mensaje para el ensayo.',
      })
      .returning({ id: leads.id });
    lead = row!.id;
  }

  const routes: RouteResult[] = [];
  for (const route of input.routes) {
    const url = route.url.replace('{lead}', lead);
    const started = performance.now();
    await (await visitors.get(route.as)!.get(url)).arrayBuffer();
    const ms = Math.round(performance.now() - started);
    const rendered = renders.get(url);
    const problems: string[] = [];
    if (!rendered?.html) problems.push('la página no se renderizó en el servidor');
    for (const failure of rendered?.failures ?? []) problems.push(`${failure.module}: ${failure.reason} (${failure.detail})`);
    for (const module of route.modules)
      if (rendered?.html && !rendered.modules.includes(module)) problems.push(`${module} no está en el HTML del servidor`);
    const heading = rendered?.html ? headingOf(rendered.html) : '';
    if (rendered?.html && !heading) problems.push('el HTML no tiene el encabezado de la página (h1)');
    routes.push({
      url,
      component: route.component,
      ok: problems.length === 0,
      ms,
      detail: problems.length === 0 ? `«${heading}»` : problems.join('; '),
    });
  }
  await database?.close();
  await renderer.close();
  rmSync(dataDir, { recursive: true, force: true });
  const files: ReleaseFile[] = [...serverFiles].map(([url, sha256]) => ({ url, sha256 }));
  const output: TrialOutput = { routes, serverFiles: files };
  process.stdout.write(`\n${resultMark}${JSON.stringify(output)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  },
);
