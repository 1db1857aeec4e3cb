import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageObject } from '@gota/shared/contracts';
import { releaseLog, remoteReleases } from './schema';
import { createLogger } from '../../logging/logger';
import { fakeStyleSheet, overwrite, writeFakeRemote } from '../../testing/fake-builds';
import {
  approvingTrial as approve,
  releaseSuite,
  releaseToken as token,
  writeStoriesRelease,
} from '../../testing/release-fixtures';
import { testApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import type { TrialRunner } from './preflight';
import type { ReleaseView } from './release-operations';
import { repoRoot } from '../../env';
import { versionSeq } from './release-set';
import { trialInChild } from './trial-runner';
import { importRemotesFile } from './remotes-file-import';

const auth = { Authorization: `Bearer ${token}` };
const json = { ...auth, 'Content-Type': 'application/json' };
const inertia = (version?: string) => ({ 'X-Inertia': 'true', ...(version ? { 'X-Inertia-Version': version } : {}) });

// what a hostile candidate's list page reports into its heading: the environment and the files it could read
const privateFile = path.join(mkdtempSync(path.join(tmpdir(), 'gota-datos-')), 'sesiones.txt');
writeFileSync(privateFile, 'secreto-de-una-sesion');
const probe = `
  const fs = require('node:fs');
  const read = (file) => { try { return 'leido:' + fs.readFileSync(file, 'utf8'); } catch (error) { return 'error:' + error.code; } };
  return JSON.stringify({ variables: Object.keys(process.env).sort(), dotEnv: read(${JSON.stringify(path.join(repoRoot, 'api/.env'))}), data: read(${JSON.stringify(privateFile)}) });
`;

const suite = releaseSuite({
  buena: { heading: 'Historias de la versión nueva' },
  'otra-buena': { heading: 'Historias, segunda versión' },
  lanza: { throws: 'el equipo rompió la lista' },
  'sin-encabezado': { noHeading: true },
  cuelga: { hangs: true },
  espia: { runs: probe },
  'en-bucle': { runs: 'for (;;) {}' },
});

beforeAll(() => {
  // every remote's "local build" is a fake one on a CDN (releaseSuite), so the tests do not depend on `npm run build`
  const { root } = suite.cdn;
  writeFakeRemote(root, 'sin-post', 'mf_stories', {
    modules: { Blog: { heading: 'Historias' }, StoryCarousel: { heading: 'Carrusel' }, Buscar: { heading: 'Buscar' } },
  });
  writeFakeRemote(root, 'de-home', 'mf_stories', { manifestName: 'mf_home' });
  writeFakeRemote(root, 'otro-react', 'mf_stories', { shared: { react: '18.3.1' } });
  writeFakeRemote(root, 'otro-runtime', 'mf_stories', { pluginVersion: '0.9.0' });
  writeFakeRemote(root, 'digesto', 'mf_stories', { wrongDigest: true });
  writeFakeRemote(root, 'falta-archivo', 'mf_stories');
  rmSync(path.join(root, 'falta-archivo', fakeStyleSheet('mf_stories', 'Blog').name));
  writeFakeRemote(root, 'sin-cors', 'mf_stories');
  suite.cdn.withoutCors.add('/sin-cors/post.js');
  writeFakeRemote(root, 'a-medias', 'mf_stories');
  overwrite(root, 'a-medias/mf-manifest.json', (text) => text.slice(0, 80));
});
beforeEach(async () => {
  await suite.database.use().execute(sql`truncate ${remoteReleases}, ${releaseLog}`);
});

/** A site whose remotes' local builds are the fake ones, with the release endpoints on. */
async function site(options: { trial?: TrialRunner; env?: Record<string, string>; lines?: Record<string, unknown>[] } = {}) {
  const logger = options.lines
    ? createLogger({
        level: 'info',
        destination: { write: (line) => options.lines!.push(JSON.parse(line) as Record<string, unknown>) },
      })
    : undefined;
  const made = testApp({
    database: suite.database,
    env: { ...suite.env, METRICS_TOKEN: token, ...options.env },
    ...(options.trial ? { trial: options.trial } : {}),
    ...(logger ? { logger } : {}),
  });
  await made.releases.refresh();
  return made;
}

type Site = Awaited<ReturnType<typeof site>>;

async function add(app: Site['app'], folder: string, remote = 'mf-stories') {
  return app.request('/api/releases', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ remote, manifestUrl: suite.cdn.manifest(folder), note: `prueba ${folder}`, by: 'Ana' }),
  });
}

async function added(app: Site['app'], folder: string): Promise<ReleaseView> {
  const res = await add(app, folder);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { release: ReleaseView }).release;
}

const activate = (app: Site['app'], release: string, remote = 'mf-stories') =>
  app.request('/api/releases/activate', { method: 'POST', headers: json, body: JSON.stringify({ remote, release, by: 'Ana' }) });
const rollback = (app: Site['app'], remote = 'mf-stories') =>
  app.request('/api/releases/rollback', { method: 'POST', headers: json, body: JSON.stringify({ remote, by: 'Luis' }) });
const rows = () => suite.database.use().select().from(remoteReleases);
const log = () => suite.database.use().select().from(releaseLog).orderBy(releaseLog.id);
const pageOf = async (res: Response) => (await res.json()) as PageObject;
/** What a visitor gets of a document: the server's markup and the registry the browser loads from. */
const visible = (html: string) => ({
  root: /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1],
  registry: /id="remotes-data">(.*?)<\/script>/.exec(html)?.[1],
});

describe(`the release endpoints, on ${testDatabaseKind}`, () => {
  it('do not exist without RELEASE_TOKEN, and refuse a missing or wrong token without saying more', async () => {
    const without = testApp({ database: suite.database }).app;
    expect((await without.request('/api/releases', { headers: auth })).status).toBe(404);
    const { app } = await site({ trial: approve });
    for (const headers of [
      {},
      { Authorization: 'Bearer otro-token-que-no-es-el-de-prueba-000' },
      { Authorization: token },
    ] as Record<string, string>[]) {
      const res = await app.request('/api/releases', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'No autorizado.' });
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses bad input with a Spanish message and stores nothing', async () => {
    const { app } = await site({ trial: approve });
    const cases: [object, number, RegExp][] = [
      [
        { remote: 'mf-storie', manifestUrl: suite.cdn.manifest('buena'), by: 'Ana' },
        422,
        /El remoto «mf-storie» no existe\. Los remotos son: mf-home, mf-stories/,
      ],
      [
        { remote: 'mf-stories', manifestUrl: 'http://127.0.0.1:9/mf-manifest.json', by: 'Ana' },
        422,
        /No se pudo leer el manifiesto .*no se pudo conectar/,
      ],
      [{ remote: 'mf-stories', manifestUrl: suite.cdn.manifest('no-existe'), by: 'Ana' }, 422, /respondió 404/],
      [
        { remote: 'mf-stories', manifestUrl: suite.cdn.manifest('a-medias'), by: 'Ana' },
        422,
        /no es JSON válido \(¿está a medio subir\?\)/,
      ],
      [{ remote: 'mf-stories', manifestUrl: 'mf-manifest.json', by: 'Ana' }, 422, /no es una URL/],
      [{ remote: 'mf-stories', manifestUrl: suite.cdn.manifest('buena') }, 422, /./],
    ];
    for (const [body, status, message] of cases) {
      const res = await app.request('/api/releases', { method: 'POST', headers: json, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect((await app.request('/api/releases', { method: 'POST', headers: json, body: '{"remote": "mf-st' })).status).toBe(400);
    expect((await app.request('/api/releases?remote=mf-nada', { headers: auth })).status).toBe(422);
    expect((await activate(app, 'abcdefgh', 'mf-nada')).status).toBe(422);
    expect(await rows()).toEqual([]);
    expect(await log()).toEqual([]);
  });

  it('registers a release after a real trial render: a candidate with its report, not active', async () => {
    const { app, releases } = await site();
    const release = await added(app, 'buena');
    expect(release).toMatchObject({
      remote: 'mf-stories',
      state: 'candidata',
      manifestUrl: suite.cdn.manifest('buena'),
      by: 'Ana',
      note: 'prueba buena',
      reasons: [],
    });
    expect(release.report.checks.map((check) => [check.check, check.ok])).toEqual([
      ['manifiesto', true],
      ['origen', true],
      ['archivos', true],
      ['digestos', true],
      ['compatibilidad', true],
      ['modulos', true],
      ['ensayo', true],
    ]);
    // every page the remote owns, and the home page that shows its carousel, rendered with the content of now
    expect(release.report.routes.map((page) => [page.url, page.ok])).toEqual([
      ['/', true],
      ['/historias', true],
      [expect.stringMatching(/^\/historias\/[\w-]+$/), true],
      ['/buscar?q=agua', true],
    ]);
    expect(release.report.routes[1]!.detail).toBe('«Historias de la versión nueva»');
    expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('local-mf_stories'));
    expect(await log()).toEqual([]);
  }, 60_000);

  it.each([
    ['lanza', 'ensayo', /\/historias: mf_stories\/Blog: fallback/],
    ['sin-encabezado', 'ensayo', /\/historias: el HTML no tiene el encabezado de la página \(h1\)/],
    ['sin-post', 'modulos', /no expone Post, que la tabla de rutas le pide/],
    ['de-home', 'manifiesto', /el manifiesto es de «mf_home», no de mf_stories/],
    ['otro-react', 'compatibilidad', /react 18\.3\.1, el del shell es 19\./],
    ['otro-runtime', 'compatibilidad', /runtime de federación 0\.9\.0, el del shell es 2\.9\.2/],
    ['digesto', 'digestos', /la entrada de servidor tiene sha256 .*, el manifiesto dice/],
    ['falta-archivo', 'archivos', /blog\.[0-9a-f]{10}\.css respondió 404/],
    ['sin-cors', 'archivos', /post\.js no permite CORS a http:\/\/localhost:3000/],
  ])(
    'refuses the release %s (%s) with its reasons, and visitors see no change',
    async (folder, check, reason) => {
      const { app, releases } = await site();
      const before = visible(await (await app.request('/historias')).text());
      const versionBefore = (await pageOf(await app.request('/historias', { headers: inertia() }))).version;
      const release = await added(app, folder);
      expect(release.state).toBe('rechazada');
      expect(release.reasons.join('\n')).toMatch(new RegExp(`${check}: ${reason.source}`));
      expect(release.report.checks.find((item) => item.check === check)).toMatchObject({ ok: false });
      expect((await activate(app, release.id)).status).toBe(409);
      expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('local-mf_stories'));
      expect(visible(await (await app.request('/historias')).text())).toEqual(before);
      expect((await pageOf(await app.request('/historias', { headers: inertia() }))).version).toBe(versionBefore);
      const metrics = await (await app.request('/metrics', { headers: auth })).text();
      expect(metrics).toMatch(/gota_release_refusals_total\{remote="mf-stories"\} [1-9]/);
    },
    60_000,
  );

  it('refuses a release from an origin the server may not run code from', async () => {
    const { app } = await site({ trial: approve, env: { REMOTES_ALLOWED_ORIGINS: '' } });
    const release = await added(app, 'buena');
    expect(release.state).toBe('rechazada');
    expect(release.reasons.join()).toMatch(
      /origen: el servidor no ejecuta código de http:\/\/127\.0\.0\.1:\d+: añádelo a REMOTES_ALLOWED_ORIGINS/,
    );
  });

  it("tries the inbox's pages in the trial render as its staff and as another account, signed in through the site's forms", async () => {
    writeFakeRemote(suite.cdn.root, 'auth-nueva', 'mf_auth');
    const { app } = await site({ trial: trialInChild({ cwd: repoRoot }) });
    const res = await add(app, 'auth-nueva', 'mf-auth');
    const release = ((await res.json()) as { release: ReleaseView }).release;
    expect(release.reasons).toEqual([]);
    expect(release.state).toBe('candidata');
    const tried = JSON.stringify(release.report);
    for (const page of ['Panel/Bandeja', 'Panel/Mensaje', 'Panel/SinAcceso', 'Panel/Versiones']) expect(tried).toContain(page);
  }, 60_000);

  it("tries the content editors' pages as an editor in a release of mf-content, and only there (decision 063)", async () => {
    writeFakeRemote(suite.cdn.root, 'contenidos-nueva', 'mf_content');
    const { app } = await site({ trial: trialInChild({ cwd: repoRoot }) });
    const release = ((await (await add(app, 'contenidos-nueva', 'mf-content')).json()) as { release: ReleaseView }).release;
    expect(release.reasons).toEqual([]);
    expect(release.state).toBe('candidata');
    expect(release.report.routes.map((page) => [page.url, page.ok])).toEqual([
      ['/panel/historias', true],
      ['/panel/historias/nueva', true],
      ['/panel/datos-agua', true],
      ['/panel/contadores', true],
      ['/panel/textos/quienes-somos', true],
      ['/panel/descargas', true],
      ['/panel/aliados', true],
    ]);
  }, 60_000);

  it('runs the candidate in a renderer child in the pre-flight: no secret, no file of the API (decision 057)', async () => {
    const { app } = await site({ trial: trialInChild({ cwd: repoRoot }) });
    const release = await added(app, 'espia');
    const list = release.report.routes.find((page) => page.url === '/historias')!;
    const seen = JSON.parse(list.detail.slice(1, -1).replaceAll('&quot;', '"')) as Record<string, unknown>;
    expect(seen).toEqual({
      variables: expect.not.arrayContaining(['SESSION_SECRET', 'DATABASE_URL', 'DATA_DIR']) as unknown,
      dotEnv: 'error:ERR_ACCESS_DENIED',
      data: 'error:ERR_ACCESS_DENIED',
    });
    expect(
      (seen.variables as string[]).every((name) => ['PATH', 'HOME', 'NODE_ENV', 'TZ', 'LANG', 'NODE_OPTIONS'].includes(name)),
    ).toBe(true);
  }, 60_000);

  it('fails the pre-flight with a reason when a candidate page renders forever, and goes on with the other pages', async () => {
    const { app } = await site({ trial: trialInChild({ cwd: repoRoot, renderTimeoutMs: 1000 }) });
    const release = await added(app, 'en-bucle');
    expect(release.state).toBe('rechazada');
    // «el renderizado no terminó en 1000 ms, dos veces», or on a busy machine «ningún renderizador estuvo libre…» for the try again
    expect(release.reasons.join('\n')).toMatch(
      /ensayo: \/historias: la página no se renderizó en el servidor; mf_stories\/Blog: timeout \(.+ 1000 ms/,
    );
    expect(release.report.routes.filter((page) => page.ok).map((page) => page.url)).toContain('/');
  }, 60_000);

  it('stops a trial render that hangs past its time budget, and refuses the release', async () => {
    const { app } = await site({ trial: trialInChild({ cwd: repoRoot, budgetMs: 6000 }) });
    const release = await added(app, 'cuelga');
    expect(release.state).toBe('rechazada');
    expect(release.reasons.join()).toMatch(/ensayo: el ensayo no terminó en 6 s y se detuvo/);
  }, 60_000);
});

describe(`activating and rolling back, on ${testDatabaseKind}`, () => {
  it('activates a candidate: one log line, the new registry, version and server code, on this instance before it answers', async () => {
    const { app } = await site({ trial: approve });
    const oldVersion = (await pageOf(await app.request('/historias', { headers: inertia() }))).version;
    const release = await added(app, 'buena');
    const res = await activate(app, release.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { change: object }).change).toMatchObject({
      remote: 'mf-stories',
      from: 'local',
      to: release.id,
      action: 'activacion',
      by: 'Ana',
    });
    expect(await log()).toMatchObject([
      { remote: 'mf-stories', fromRelease: null, toRelease: release.id, action: 'activacion', actor: 'Ana' },
    ]);
    expect((await rows()).find((row) => row.id === release.id)?.state).toBe('activa');

    expect(((await (await app.request('/remotes.json')).json()) as Record<string, string>).mf_stories).toBe(
      suite.cdn.manifest('buena'),
    );
    const html = await (await app.request('/historias')).text();
    expect(html).toContain('<h1>Historias de la versión nueva</h1>');
    expect(html).toContain(`"mf_stories":"${suite.cdn.manifest('buena')}"`);
    // its style sheet reaches the document from its origin, without a new build of the shell (decision 058)
    expect(html).toContain(
      `<style data-href="${suite.cdn.origin}/buena/${fakeStyleSheet('mf_stories', 'Blog').name}">.blog{color:#0b5cad}</style>`,
    );
    // an open tab on the old version reloads once onto the new one
    const stale = await app.request('/historias', { headers: inertia(oldVersion) });
    expect(stale.status).toBe(409);
    const page = await pageOf(await app.request('/historias', { headers: inertia() }));
    expect(versionSeq(page.version)).toBeGreaterThan(versionSeq(oldVersion)!);
    const metrics = await (await app.request('/metrics', { headers: auth })).text();
    expect(metrics).toContain(`gota_remote_release_info{remote="mf_stories",release="${release.id}"} 1`);
    expect(metrics).toContain('gota_remote_release_info{remote="mf_home",release="local"} 1');
    expect(metrics).toMatch(/gota_release_activations_total\{remote="mf-stories",action="activacion"\} [1-9]/);
  });

  it('keeps one active release per remote: the new one retires the old, and the database refuses two', async () => {
    const { app } = await site({ trial: approve });
    const first = await added(app, 'buena');
    const second = await added(app, 'otra-buena');
    expect((await activate(app, first.id)).status).toBe(200);
    expect((await activate(app, second.id)).status).toBe(200);
    const states = Object.fromEntries((await rows()).map((row) => [row.id, row.state]));
    expect(states).toEqual({ [first.id]: 'retirada', [second.id]: 'activa' });
    await expect(
      suite.database.use().execute(sql`update ${remoteReleases} set state = 'activa' where id = ${first.id}`),
    ).rejects.toThrow();
    expect((await activate(app, second.id)).status).toBe(409);
    expect(await log()).toHaveLength(2);
  });

  it('rolls back to the release that was active before, then to the local build, and says so in the log', async () => {
    const { app, releases } = await site({ trial: approve });
    expect((await rollback(app)).status).toBe(409);
    const first = await added(app, 'buena');
    const second = await added(app, 'otra-buena');
    await activate(app, first.id);
    await activate(app, second.id);
    const back = await rollback(app);
    expect(back.status).toBe(200);
    expect(((await back.json()) as { change: object }).change).toMatchObject({
      from: second.id,
      to: first.id,
      action: 'reversion',
      by: 'Luis',
    });
    expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('buena'));
    expect(await (await app.request('/historias')).text()).toContain('<h1>Historias de la versión nueva</h1>');
    const local = await activate(app, 'local');
    expect(local.status).toBe(200);
    expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('local-mf_stories'));
    expect(await (await app.request('/historias')).text()).toContain('<h1>mf_stories/Blog</h1>');
    expect((await log()).map((line) => [line.fromRelease, line.toRelease, line.action])).toEqual([
      [null, first.id, 'activacion'],
      [first.id, second.id, 'activacion'],
      [second.id, first.id, 'reversion'],
      [first.id, null, 'activacion'],
    ]);
  });

  it('keeps the log append-only', async () => {
    const { app } = await site({ trial: approve });
    await activate(app, (await added(app, 'buena')).id);
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'aceptada',
        (error: Error) => ((error.cause as Error | undefined) ?? error).message,
      );
    expect(await refusal(suite.database.use().execute(sql`update ${releaseLog} set actor = 'otra persona'`))).toMatch(
      /solo admite nuevas líneas/,
    );
    expect(await refusal(suite.database.use().execute(sql`delete from ${releaseLog}`))).toMatch(/solo admite nuevas líneas/);
    expect(await log()).toHaveLength(1);
  });

  it('refuses to activate a release whose files changed at its address since it was registered', async () => {
    writeFakeRemote(suite.cdn.root, 'cambiara', 'mf_stories');
    const { app, releases } = await site({ trial: approve });
    const release = await added(app, 'cambiara');
    overwrite(suite.cdn.root, 'cambiara/remoteEntry.js', (text) => `${text}\n// otra compilación`);
    const res = await activate(app, release.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /cambiaron desde que se registró \(la entrada de navegador\)/,
    );
    expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('local-mf_stories'));
    expect(await log()).toEqual([]);
  });

  it('lists releases newest first, with the log, as the command prints them', async () => {
    const { app } = await site({ trial: approve });
    const first = await added(app, 'buena');
    const second = await added(app, 'otra-buena');
    await activate(app, second.id);
    const res = await app.request('/api/releases?remote=mf-stories', { headers: auth });
    const body = (await res.json()) as { active: Record<string, string>; releases: ReleaseView[]; log: { to: string }[] };
    expect(body.active).toEqual({ 'mf-stories': second.id });
    expect(body.releases.map((release) => [release.id, release.state])).toEqual([
      [second.id, 'activa'],
      [first.id, 'candidata'],
    ]);
    expect(body.releases[0]).toEqual({
      id: second.id,
      remote: 'mf-stories',
      state: 'activa',
      manifestUrl: suite.cdn.manifest('otra-buena'),
      by: 'Ana',
      at: expect.any(String),
      note: 'prueba otra-buena',
      report: expect.objectContaining({ checks: expect.any(Array), routes: expect.any(Array) }),
      reasons: [],
    });
    expect(body.log).toMatchObject([{ to: second.id }]);
    expect(
      ((await (await app.request('/api/releases?remote=mf-home', { headers: auth })).json()) as { releases: [] }).releases,
    ).toEqual([]);
  });
});

describe(`the release set every instance serves, on ${testDatabaseKind}`, () => {
  it('an instance behind on a newer version catches up before answering, instead of sending the tab to reload', async () => {
    const one = await site({ trial: approve });
    const other = await site({ trial: approve });
    await activate(one.app, (await added(one.app, 'buena')).id);
    const newer = (await pageOf(await one.app.request('/historias', { headers: inertia() }))).version;
    // the other instance has not heard of it (no notification in this test): the browser's version tells it
    expect(other.releases.current().registry.mf_stories).toBe(suite.cdn.manifest('local-mf_stories'));
    const res = await other.app.request('/historias', { headers: inertia(newer) });
    expect(res.status).toBe(200);
    expect((await pageOf(res)).version).toBe(newer);
    expect(other.releases.current().registry.mf_stories).toBe(suite.cdn.manifest('buena'));
  });

  it('a request that took the set before a switch never pairs its registry with the new code: its slot is left to the browser', async () => {
    const { app, releases, renderer } = await site({ trial: approve });
    const before = releases.current();
    const page = await pageOf(await app.request('/historias', { headers: inertia() }));
    await activate(app, (await added(app, 'buena')).id);
    const late = await renderer.render(page, before);
    expect(late.html).toContain('<p data-slot="mf_stories/Blog">Cargando...</p>');
    expect(late.html).not.toContain('Historias de la versión nueva');
    expect(late).toMatchObject({ modules: [], complete: false, failures: [] });
    expect((await renderer.render(page, releases.current())).html).toContain('<h1>Historias de la versión nueva</h1>');
  });

  it('renders the code registered, never what the address holds later', async () => {
    writeStoriesRelease(suite.cdn.root, 'reescrita', { heading: 'La registrada' });
    const one = await site({ trial: approve });
    const release = await added(one.app, 'reescrita');
    await activate(one.app, release.id);
    // the team uploads another build to the same folder; an instance that starts now reads the set
    writeStoriesRelease(suite.cdn.root, 'reescrita', { heading: 'La que sobrescribió' });
    const fresh = await site({ trial: approve });
    for (const instance of [one, fresh]) {
      const html = await (await instance.app.request('/historias')).text();
      expect(html).not.toContain('La que sobrescribió');
      // (this process has the registered code loaded already; another one refuses the new file by its digest)
      expect(html).toContain('<h1>La registrada</h1>');
    }
    await activate(one.app, 'local');
    const again = await activate(one.app, release.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/cambiaron desde que se registró \(el manifiesto\)/);
  });

  it('a failed render is logged with remote, release and route, counted, and public and kept for seconds only', async () => {
    const lines: Record<string, unknown>[] = [];
    const { app } = await site({ trial: approve, lines });
    const release = await added(app, 'lanza');
    expect(release.state).toBe('candidata');
    await activate(app, release.id);
    for (const headers of [{}, {}, { 'User-Agent': 'otra visita' }] as Record<string, string>[]) {
      const res = await app.request('/historias', { headers });
      // an edge absorbs a spike during the failure, for 5 s at most, never stale (decision 052)
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=5');
      expect(res.headers.get('ETag')).not.toBeNull();
      const html = await res.text();
      expect(html).not.toContain('<!--$!-->');
      expect(html).toContain('<p data-slot="mf_stories/Blog">Cargando...</p>');
    }
    const failures = lines.filter((line) => line.msg === 'falló el renderizado en el servidor');
    // three visits within its seconds, one render: the next ones got the answer kept (page-answers.test.ts shows it
    // forgotten when they are over)
    expect(failures).toEqual([
      expect.objectContaining({
        level: 50,
        remote: 'mf_stories',
        release: release.id,
        route: '/historias',
        module: 'mf_stories/Blog',
        reason: 'fallback',
      }),
    ]);
    const metrics = await (await app.request('/metrics', { headers: auth })).text();
    expect(metrics).toMatch(
      new RegExp(`gota_render_failures_total\\{remote="mf_stories",release="${release.id}",reason="fallback"\\} 1`),
    );
    // the home page shows its carousel: the other modules still render on the server
    const home = await (await app.request('/')).text();
    expect(home).toContain('<h1>mf_home/Index</h1>');
    expect(home).toContain('<h1>Carrusel</h1>');
  });
});

describe(`REMOTES_FILE, on ${testDatabaseKind}`, () => {
  it('is imported once as the active releases, and the log says so', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gota-remotes-')), 'remotes.json');
    writeFileSync(
      file,
      JSON.stringify({
        mf_stories: suite.cdn.manifest('buena'),
        mf_home: 'http://127.0.0.1:9/mf-manifest.json',
        mf_auth: '/mf/mf-auth/mf-manifest.json',
      }),
    );
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await importRemotesFile({ file, database: suite.database, logger });
    const imported = await rows();
    expect(imported.map((row) => [row.remote, row.state]).sort()).toEqual([
      ['mf-home', 'rechazada'],
      ['mf-stories', 'activa'],
    ]);
    expect(await log()).toMatchObject([
      {
        remote: 'mf-stories',
        fromRelease: null,
        action: 'importacion',
        actor: 'sistema',
        reason: expect.stringContaining(`importada de REMOTES_FILE ${file}`) as unknown,
      },
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        remote: 'mf-home',
        msg: 'una entrada de REMOTES_FILE no se pudo importar; ese remoto sirve su compilación local',
      }),
    );
    const { app } = await site({ trial: approve });
    expect(await (await app.request('/historias')).text()).toContain('<h1>Historias de la versión nueva</h1>');

    // a later start (or the fleet's other instance) imports nothing: the releases are the database's now
    writeFileSync(file, JSON.stringify({ mf_stories: suite.cdn.manifest('otra-buena') }));
    await importRemotesFile({ file, database: suite.database, logger });
    expect(await rows()).toHaveLength(2);
    expect(await log()).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({
      level: 40,
      msg: 'REMOTES_FILE ya no se lee: las versiones están en la base de datos (npm run release); quita la variable',
    });
  });
});
