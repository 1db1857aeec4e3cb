import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageObject } from '@gota/shared/contracts';
import { pruneExpired } from '../../db/maintenance';
import { mailOutbox } from '../../db/schema';
import { releaseLog, releaseSignals, remoteReleases } from './schema';
import { createLogger } from '../../logging/logger';
import { Browser } from '../../testing/browser';
import { approvingTrial, releaseSuite, releaseToken as token, writeStoriesRelease } from '../../testing/release-fixtures';
import { testApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import type { ReleaseView } from './release-operations';

const auth = { Authorization: `Bearer ${token}` };
const json = { ...auth, 'Content-Type': 'application/json' };
const operator = 'operaciones@gotaagota.mx';

const suite = releaseSuite({
  buena: { heading: 'Historias que funcionan' },
  'otra-buena': { heading: 'Historias, otra versión' },
  lanza: { throws: 'la lista nueva falla con el contenido de hoy' },
});
beforeEach(async () => {
  await suite.database
    .use()
    .execute(sql`truncate ${remoteReleases}, ${releaseLog}, ${releaseSignals}, ${mailOutbox}, throttle_counters`);
});

/**
 * A site over the fake builds, watching releases with a small threshold so a test needs few failures. It keeps no
 * answer, so each visit renders (a page whose module failed is otherwise kept for five seconds, decision 052).
 */
async function site(env: Record<string, string> = {}, lines?: Record<string, unknown>[]) {
  const logger = lines
    ? createLogger({ level: 'info', destination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } })
    : undefined;
  const made = testApp({
    database: suite.database,
    env: {
      ...suite.env,
      METRICS_TOKEN: token,
      RELEASE_ROLLBACK_THRESHOLD: '3',
      RELEASE_REPORT_MIN_ADDRESSES: '2',
      OPERATOR_EMAILS: operator,
      HTML_CACHE_ENTRIES: '0',
      ...env,
    },
    trial: approvingTrial,
    ...(logger ? { logger } : {}),
  });
  await made.releases.refresh();
  return made;
}

type Site = Awaited<ReturnType<typeof site>>;

async function release(app: Site['app'], folder: string): Promise<string> {
  const res = await app.request('/api/releases', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ remote: 'mf-stories', manifestUrl: suite.cdn.manifest(folder), by: 'Ana' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = ((await res.json()) as { release: ReleaseView }).release;
  const activated = await app.request('/api/releases/activate', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ remote: 'mf-stories', release: id, by: 'Ana' }),
  });
  expect(activated.status, await activated.clone().text()).toBe(200);
  return id;
}

/** `visits` visitors open /historias, and the counts of their renders are written. */
async function visit(made: Site, visits: number): Promise<void> {
  for (let n = 0; n < visits; n++) expect((await made.app.request('/historias')).status).toBe(200);
  await made.watch.idle();
}

const log = () => suite.database.use().select().from(releaseLog).orderBy(releaseLog.id);
const active = async () => (await suite.database.use().select().from(remoteReleases)).find((row) => row.state === 'activa')?.id;
const metricsOf = async (app: Site['app']) => (await app.request('/metrics', { headers: auth })).text();

describe(`the automatic rollback, on ${testDatabaseKind}`, () => {
  it('does nothing while the failed renders stay within the threshold, and past it goes back to the previous release once: log, metric, mail', async () => {
    const lines: Record<string, unknown>[] = [];
    const made = await site({}, lines);
    // the mail goes to the accounts holding «operador»: OPERATOR_EMAILS gives it to this one once it exists (decision 051)
    const password = 'un río que nunca se seca 2026';
    const signedUp = await new Browser(made.app).post('/registro', {
      name: 'Olga',
      last_name: 'Operaciones',
      email: operator,
      password,
      password_confirmation: password,
    });
    expect(signedUp.status).toBe(201);
    await made.deliverMail(); // the welcome mail
    const good = await release(made.app, 'buena');
    const broken = await release(made.app, 'lanza');
    // a tab opened on the broken release
    const tab = ((await (await made.app.request('/historias', { headers: { 'X-Inertia': 'true' } })).json()) as PageObject)
      .version;

    await visit(made, 3); // as many failed renders as the threshold: not more
    expect(await active()).toBe(broken);
    expect(await log()).toHaveLength(2);

    await visit(made, 1);
    expect(await active()).toBe(good);
    const lastLine = (await log()).at(-1);
    expect(lastLine).toMatchObject({
      remote: 'mf-stories',
      fromRelease: broken,
      toRelease: good,
      action: 'reversion-automatica',
      actor: 'sistema',
    });
    expect(lastLine?.reason).toMatch(
      /^reversión automática: 4 fallos en los 10 min tras su activación, más que el umbral de 3 \(4 renderizados fallidos en el servidor/,
    );
    // this instance serves the previous release at once; the log line says which instance acted
    expect(await (await made.app.request('/historias')).text()).toContain('<h1>Historias que funcionan</h1>');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'versión revertida automáticamente',
        remote: 'mf-stories',
        from: broken,
        to: good,
        instance: expect.any(String) as unknown,
      }),
    );
    expect(await metricsOf(made.app)).toContain('gota_release_auto_rollbacks_total{remote="mf-stories"} 1');
    const mail = await made.deliverMail();
    expect(mail).toEqual([
      expect.objectContaining({ to: operator, subject: expect.stringContaining('mf-stories volvió a') as unknown }),
    ]);
    expect(mail[0]!.text).toContain(`La versión ${broken} de mf-stories se revirtió sola: ahora se sirve ${good}`);

    // more failures of the broken release (a render that took the old set) change nothing more
    await visit(made, 5);
    expect((await log()).filter((line) => line.action === 'reversion-automatica')).toHaveLength(1);
    expect(await made.deliverMail()).toEqual([]);

    // the open tab: its next navigation gets 409 and one full reload onto the active release
    const stale = await made.app.request('/historias', { headers: { 'X-Inertia': 'true', 'X-Inertia-Version': tab } });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('X-Inertia-Location')).toMatch(/\/historias$/);
  });

  it('rolls back once when two instances count: the other one, deciding late, changes nothing', async () => {
    const one = await site();
    const other = await site();
    await release(one.app, 'buena');
    const broken = await release(one.app, 'lanza');
    await other.releases.refresh();
    await visit(other, 1);
    await visit(one, 3);
    expect(await active()).not.toBe(broken);
    // meanwhile a person activates another release; the other instance has not heard of either change (no
    // notification here): its renders still fail, count, and pass the threshold again
    const chosen = await release(one.app, 'otra-buena');
    await visit(other, 2);
    expect(await active()).toBe(chosen);
    expect((await log()).map((line) => line.action)).toEqual(['activacion', 'activacion', 'reversion-automatica', 'activacion']);
    const counted = await suite.database.use().select().from(releaseSignals);
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe(6);
  });

  it('watches a release activated long ago too: only the failures of the last RELEASE_WATCH_MINUTES count (decision 052)', async () => {
    const lines: Record<string, unknown>[] = [];
    const made = await site({}, lines);
    const good = await release(made.app, 'buena');
    const broken = await release(made.app, 'lanza');
    // the activation eleven minutes ago (the log refuses updates: its guard is lifted for this one line)
    await suite.database.use().execute(sql`alter table release_log disable trigger release_log_append_only`);
    await suite.database
      .use()
      .execute(sql`update release_log set at = now() - interval '11 minutes' where to_release = ${broken}`);
    await suite.database.use().execute(sql`alter table release_log enable trigger release_log_append_only`);
    await made.releases.refresh();
    await visit(made, 3);
    // those three counted eleven minutes ago, in a minute of their own: out of the window
    await suite.database
      .use()
      .execute(sql`update ${releaseSignals} set last_at = now() - interval '11 minutes', source = 'antes|' || source`);
    await visit(made, 3);
    expect(await active()).toBe(broken);
    await visit(made, 1);
    expect(await active()).toBe(good);
    expect((await log()).at(-1)?.reason).toMatch(/^reversión automática: 4 fallos en los últimos 10 min, más que el umbral de 3/);
  });

  it('pages the operator, and rolls nothing back, when the failing release is one a rollback restored', async () => {
    const lines: Record<string, unknown>[] = [];
    const made = await site({}, lines);
    const broken = await release(made.app, 'lanza');
    await release(made.app, 'buena');
    // a person rolls the good one back: the broken one is active again, and going back would bring the good one back
    const rolledBack = await made.app.request('/api/releases/rollback', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ remote: 'mf-stories', by: 'Ana' }),
    });
    expect(rolledBack.status, await rolledBack.clone().text()).toBe(200);
    await made.releases.refresh();
    expect(await active()).toBe(broken);
    await visit(made, 6);
    expect(await active()).toBe(broken);
    expect((await log()).map((line) => line.action)).toEqual(['activacion', 'activacion', 'reversion']);
    const paged = lines.filter((line) => line.reason === 'restaurada');
    expect(paged).toEqual([expect.objectContaining({ level: 50, remote: 'mf-stories', release: broken })]);
    expect(Number(paged[0]!.server)).toBeGreaterThan(3);
    expect(String(paged[0]!.msg)).toMatch(/^no se puede revertir una versión que falla .*hace falta una persona$/);
    expect(await metricsOf(made.app)).toMatch(
      /gota_release_rollback_impossible_total\{remote="mf-stories",reason="restaurada"\} [1-9]/,
    );
  });

  it('pages the operator when the local build fails past the threshold: there is nothing to roll back to', async () => {
    const lines: Record<string, unknown>[] = [];
    const made = await site({}, lines);
    const failure = {
      module: 'mf_campaign/Descargas',
      remote: 'mf_campaign',
      release: 'local',
      reason: 'throw' as const,
      detail: 'falla',
    };
    for (let n = 0; n < 3; n++) made.watch.renderFailed(made.releases.current(), [failure]);
    expect(lines.filter((line) => line.reason === 'compilacion-local')).toEqual([]);
    made.watch.renderFailed(made.releases.current(), [failure]);
    expect(lines.filter((line) => line.reason === 'compilacion-local')).toEqual([
      expect.objectContaining({ level: 50, remote: 'mf-campaign', release: 'local' }),
    ]);
    expect(await metricsOf(made.app)).toMatch(
      /gota_release_rollback_impossible_total\{remote="mf-campaign",reason="compilacion-local"\} [1-9]/,
    );
  });
});

describe(`browsers' reports of files that do not load, on ${testDatabaseKind}`, () => {
  /** A release whose page module's chunk is gone from its CDN after it was activated (a purge, a bad upload). */
  async function withMissingChunk() {
    const folder = `sin-trozo-${Math.random().toString(36).slice(2, 8)}`;
    writeStoriesRelease(suite.cdn.root, folder, { heading: 'Historias nuevas' });
    const made = await site();
    const good = await release(made.app, 'buena');
    const broken = await release(made.app, folder);
    rmSync(path.join(suite.cdn.root, folder, 'blog.js'));
    const report = (browser: Browser, file: string) =>
      browser.post('/api/release-reports', {
        remote: 'mf_stories',
        manifest: suite.cdn.manifest(folder),
        file: `${suite.cdn.origin}/${folder}/${file}`,
      });
    return { made, good, broken, report };
  }

  it('count only from several addresses: one address alone rolls nothing back, a second one does', async () => {
    const { made, good, broken, report } = await withMissingChunk();
    const first = new Browser(made.app);
    for (let n = 0; n < 5; n++) {
      const res = await report(first, 'blog.js');
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ counted: true });
    }
    expect(await active()).toBe(broken);
    expect(await metricsOf(made.app)).toContain(
      `gota_browser_load_failures_total{remote="mf_stories",release="${broken}",outcome="confirmed"} 5`,
    );

    expect(await (await report(new Browser(made.app), 'blog.js')).json()).toEqual({ counted: true });
    expect(await active()).toBe(good);
    expect((await log()).at(-1)).toMatchObject({ action: 'reversion-automatica', fromRelease: broken, toRelease: good });
    expect((await log()).at(-1)?.reason).toMatch(/6 archivos que no cargaron en navegadores desde 2 direcciones/);
  });

  it('do not count when the server gets the file itself, nor for a file outside the release, nor for another release', async () => {
    const { made, broken, report } = await withMissingChunk();
    for (let n = 0; n < 4; n++) {
      const browser = new Browser(made.app);
      expect(await (await report(browser, 'post.js')).json()).toEqual({ counted: false });
      expect(
        await (
          await browser.post('/api/release-reports', {
            remote: 'mf_stories',
            manifest: suite.cdn.manifest('buena'),
            file: `${suite.cdn.origin}/buena/nada.js`,
          })
        ).json(),
      ).toEqual({ counted: false });
      expect(
        await (
          await browser.post('/api/release-reports', {
            remote: 'mf_stories',
            manifest: suite.cdn.manifest(`sin-trozo`),
            file: 'http://127.0.0.1:9/blog.js',
          })
        ).json(),
      ).toEqual({ counted: false });
    }
    expect(await active()).toBe(broken);
    expect(await suite.database.use().select().from(releaseSignals)).toEqual([]);
    const metrics = await metricsOf(made.app);
    expect(metrics).toContain(`gota_browser_load_failures_total{remote="mf_stories",release="${broken}",outcome="file_ok"} 4`);
    expect(metrics).toMatch(
      new RegExp(`gota_browser_load_failures_total\\{remote="mf_stories",release="${broken}",outcome="unchecked"\\} 8`),
    );
  });

  it('refuses a malformed report with a 422 and one from another site with a 403, and throttles each address', async () => {
    const { made } = await withMissingChunk();
    const browser = new Browser(made.app);
    expect(
      (await browser.post('/api/release-reports', { remote: 'mf_stories', manifest: '', file: 'no es una url' })).status,
    ).toBe(422);
    expect(
      (
        await browser.post(
          '/api/release-reports',
          { remote: 'mf_stories', manifest: 'x' },
          { headers: { 'Sec-Fetch-Site': 'cross-site' } },
        )
      ).status,
    ).toBe(403);
    const limited = await site({ THROTTLE_IP_LIMIT: '2' });
    const visitor = new Browser(limited.app);
    const statuses = [];
    for (let n = 0; n < 3; n++)
      statuses.push((await visitor.post('/api/release-reports', { remote: 'mf_stories', manifest: 'x' })).status);
    expect(statuses).toEqual([202, 202, 429]);
  });

  it('are deleted by the maintenance two days after their last failure, past any watch', async () => {
    const db = suite.database.use();
    await db.insert(releaseSignals).values([
      {
        watchId: 1,
        releaseId: 'vieja',
        kind: 'navegador',
        source: 'a'.repeat(32),
        count: 3,
        lastAt: new Date(Date.now() - 3 * 86_400_000),
      },
      {
        watchId: 2,
        releaseId: 'reciente',
        kind: 'servidor',
        source: 'api-1',
        count: 1,
        lastAt: new Date(Date.now() - 86_400_000),
      },
    ]);
    await pruneExpired(suite.database);
    expect((await db.select().from(releaseSignals)).map((row) => row.releaseId)).toEqual(['reciente']);
  });
});
