import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteNames } from '@gota/shared/routes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../env';
import { createLogger } from '../logging/logger';
import { metrics } from '../observability/metrics';
import { buildRoots } from '../static/build-roots';
import { fakeCdn, fakeShell, writeFakeRemote, type FakeCdn } from '../testing/fake-builds';
import { isAlive as alive } from '../testing/server-process';
import { testApp } from '../testing/test-app';
import { rendererPool } from './renderer-pool';

// A hostile team's release (issue #46 item 2): its server code looks for secrets, loops for one story and leaks on the
// list of stories. Rendered by the pool, it finds nothing and holds no page but its own.
const secret = 'secreto-de-sesion-que-no-debe-salir-0123456789';
const databaseUrl = 'postgres://gota:clave-de-la-base@127.0.0.1:54329/gota';
const looping = 'consejo-consultivo-del-agua';
const calm = 'cerveceria-eficiencia-hidrica';
const dataDir = mkdtempSync(path.join(tmpdir(), 'gota-datos-'));
const dataFile = path.join(dataDir, 'sesiones.txt');
writeFileSync(dataFile, secret);

/** What the release reports into its heading: the environment it sees and what reading the API's files gives. */
const probe = `
  const fs = require('node:fs');
  const read = (file) => { try { return 'leido:' + fs.readFileSync(file, 'utf8'); } catch (error) { return 'error:' + error.code; } };
  if (props.story && props.story.slug === ${JSON.stringify(looping)}) for (;;) {}
  return JSON.stringify({
    secret: process.env.SESSION_SECRET ?? 'sin-secreto',
    database: process.env.DATABASE_URL ?? 'sin-base',
    variables: Object.keys(process.env),
    dotEnv: read(${JSON.stringify(path.join(repoRoot, 'api/.env'))}),
    data: read(${JSON.stringify(dataFile)}),
  });
`;
const leak = `
  const kept = [];
  for (;;) kept.push(new Array(4e6).fill(Math.random()));
`;

let cdn: FakeCdn;
let env: Record<string, string>;
const saved = { SESSION_SECRET: process.env.SESSION_SECRET, DATABASE_URL: process.env.DATABASE_URL };

beforeAll(async () => {
  // the serving process holds the secrets, as in production
  process.env.SESSION_SECRET = secret;
  process.env.DATABASE_URL = databaseUrl;
  cdn = await fakeCdn();
  for (const remote of remoteNames) writeFakeRemote(cdn.root, `local-${remote}`, remote);
  writeFakeRemote(cdn.root, 'local-mf_stories', 'mf_stories', {
    modules: {
      Post: { runs: probe },
      Blog: { runs: leak },
      StoryCarousel: { heading: 'Carrusel' },
      Buscar: { heading: 'Buscar' },
    },
  });
  env = {
    SHELL_DIST: fakeShell(),
    REMOTES: JSON.stringify(Object.fromEntries(remoteNames.map((remote) => [remote, cdn.manifest(`local-${remote}`)]))),
    REMOTES_ALLOWED_ORIGINS: cdn.origin,
    DATA_DIR: dataDir,
    HTML_CACHE_ENTRIES: '0',
  };
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await cdn.close();
});

/** The heading the hostile release rendered into the page, as JSON. */
const findings = (html: string) =>
  JSON.parse(/<h1>([^<]*)<\/h1>/.exec(html)![1]!.replaceAll('&quot;', '"')) as Record<string, unknown>;
const restarts = async (cause: string) =>
  (await metrics.rendererRestarts.get()).values.find((value) => value.labels.cause === cause)?.value ?? 0;

describe('the renderer pool with a hostile release (decision 057)', () => {
  it('would hand the secrets to the release in the serving process: the probe is real', async () => {
    const { app, releases } = testApp({ env });
    await releases.refresh();
    const html = await (await app.request(`/historias/${calm}`)).text();
    expect(findings(html)).toMatchObject({ secret, database: databaseUrl });
  });

  describe('in the pool', { timeout: 60_000 }, () => {
    const pool = () => {
      const renderer = rendererPool({
        roots: buildRoots({ shellDist: env.SHELL_DIST!, repoRoot }),
        allowedOrigins: [cdn.origin],
        logger: createLogger({ level: 'silent' }),
        size: 2,
        timeoutMs: 5000,
        memoryMb: 96,
      });
      const site = testApp({ env, renderer });
      return { ...site, renderer };
    };
    let site: ReturnType<typeof pool>;
    beforeAll(async () => {
      site = pool();
      await site.releases.refresh();
    });
    afterAll(async () => {
      await site.renderer.close();
    });

    it('gives it no secret, no database address, and neither api/.env nor DATA_DIR to read', async () => {
      const res = await site.app.request(`/historias/${calm}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain(secret);
      expect(html).not.toContain('clave-de-la-base');
      const seen = findings(html);
      expect(seen).toMatchObject({
        secret: 'sin-secreto',
        database: 'sin-base',
        dotEnv: 'error:ERR_ACCESS_DENIED',
        data: 'error:ERR_ACCESS_DENIED',
      });
      // its whole environment is the allow-list
      expect(
        (seen.variables as string[]).every((name) => ['PATH', 'HOME', 'NODE_ENV', 'TZ', 'LANG', 'NODE_OPTIONS'].includes(name)),
      ).toBe(true);
    });

    it('leaves a story whose render never ends to the browser, while the other pages keep answering', async () => {
      const before = await restarts('timeout');
      const timeouts = (await metrics.renderTimeouts.get()).values[0]?.value ?? 0;
      const [stuck, other, home] = await Promise.all([
        site.app.request(`/historias/${looping}`),
        site.app.request(`/historias/${calm}`),
        site.app.request('/'),
      ]);
      expect(stuck.status).toBe(200);
      // its slot is left to the browser: the page arrives without the server's HTML of the story
      expect(await stuck.text()).not.toContain('<h1>');
      expect(findings(await other.text())).toMatchObject({ secret: 'sin-secreto' });
      expect(await home.text()).toContain('Carrusel');
      // killed once, and once more when it was tried again in another renderer (it might have been held up by another render)
      await vi.waitFor(async () => expect(await restarts('timeout')).toBe(before + 2));
      expect((await metrics.renderTimeouts.get()).values[0]?.value).toBeGreaterThanOrEqual(timeouts + 2);
      // the killed renderer was replaced: the site renders on the server again
      expect(findings(await (await site.app.request(`/historias/${calm}`)).text())).toMatchObject({ database: 'sin-base' });
    });

    it('contains a release that leaks: its renderer is replaced at its memory limit, the API goes on', async () => {
      const before = await restarts('memory');
      const res = await site.app.request('/historias');
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('<h1>');
      await vi.waitFor(async () => expect(await restarts('memory')).toBe(before + 1));
      expect(findings(await (await site.app.request(`/historias/${calm}`)).text())).toMatchObject({ secret: 'sin-secreto' });
    });

    it('stops every renderer when closed: none outlives the API', async () => {
      const { renderer, releases } = pool();
      await releases.refresh();
      const pids = renderer.pids();
      expect(pids).toHaveLength(2);
      await renderer.close();
      expect(pids.map(alive)).toEqual([false, false]);
    });
  });
});
