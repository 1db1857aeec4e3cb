import { remoteNames } from '@gota/shared/routes';
import type { Database } from '../db/database';
import { insertRelease, switchActive, type TrialInput, type TrialOutput, type TrialRunner } from '../features/releases';
import { afterAll, beforeAll } from 'vitest';
import { fakeCdn, fakeShell, manifestOf, writeFakeRemote, type FakeCdn, type FakeModule } from './fake-builds';
import { testDatabase } from './test-database';

/** The token of the release endpoints in tests. */
export const releaseToken = 'token-de-versiones-de-prueba-0123456789';

export interface ReleaseFixtures {
  cdn: FakeCdn;
  /** The settings of a site whose shell and remotes' local builds are the fake ones, with the release endpoints on. */
  env: Record<string, string>;
}

/**
 * A team's CDN with a fake build of every remote as its "local build", and a fake shell: a site over them renders
 * pages on the server without `npm run build` (API tests run before it). Write the releases a test needs with
 * `writeFakeRemote(fixtures.cdn.root, folder, remote)`.
 *
 * @example
 * const { cdn, env } = await releaseFixtures()
 * const { app, releases } = testApp({ database, env })
 * await releases.refresh()
 */
export async function releaseFixtures(): Promise<ReleaseFixtures> {
  const cdn = await fakeCdn();
  for (const remote of remoteNames) writeFakeRemote(cdn.root, `local-${remote}`, remote);
  return {
    cdn,
    env: {
      SHELL_DIST: fakeShell(),
      REMOTES: JSON.stringify(Object.fromEntries(remoteNames.map((remote) => [remote, cdn.manifest(`local-${remote}`)]))),
      REMOTES_ALLOWED_ORIGINS: cdn.origin,
      RELEASE_TOKEN: releaseToken,
    },
  };
}

/**
 * Announces a release to the API as `npm run release` does: `POST /api/releases` with the token and the JSON body, sent
 * by `client` (the app itself, or a signed-in browser).
 */
export async function announceRelease(
  client: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  release: { remote: string; manifestUrl: string; note?: string; by: string },
): Promise<Response> {
  return client.request('/api/releases', {
    method: 'POST',
    headers: { Authorization: `Bearer ${releaseToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(release),
  });
}

/** A trial's answer without rendering a page: every page of `input` gets the same `verdict`. */
export function trialVerdict(input: TrialInput, verdict: { ok: boolean; ms: number; detail: string }): TrialOutput {
  return { routes: input.routes.map((route) => ({ url: route.url, component: route.component, ...verdict })), serverFiles: [] };
}

/** A trial that passes every page without rendering one (for tests about what happens after the pre-flight). */
export const approvingTrial: TrialRunner = async (input) => trialVerdict(input, { ok: true, ms: 1, detail: 'aprobada' });

/**
 * A release of `remote` (its folder name) written straight into the database, with no pre-flight, and made the active
 * one: what another instance's `npm run release` leaves behind. Its code is never fetched; returns its manifest's address.
 */
export async function activateInDatabase(database: Database, remote: string, folder: string): Promise<string> {
  const manifestUrl = `https://cdn.ejemplo.mx/${folder}/mf-manifest.json`;
  const release = await insertRelease(database.use(), {
    remote,
    manifestUrl,
    manifest: manifestOf(remote.replace('-', '_'), `// ${folder}`, []),
    manifestSha256: '',
    browserEntrySha256: '',
    serverEntrySha256: '',
    exposes: [],
    shared: [],
    state: 'candidata',
    report: {},
    createdBy: 'otra instancia',
  });
  await switchActive(database.use(), { remote, to: release.id, action: 'activacion', actor: 'Ana', reason: 'prueba' });
  return manifestUrl;
}

/** What the tests' mf-stories releases have beside their list page (`Blog`): every other module, each a heading. */
const besideTheList = {
  Post: { heading: 'Una historia' },
  StoryCarousel: { heading: 'Carrusel' },
  Buscar: { heading: 'Buscar' },
};

/** Writes an mf-stories release in `folder` of the CDN at `root`: its list page (`Blog`) as given, the other modules plain. */
export function writeStoriesRelease(root: string, folder: string, list: FakeModule): void {
  writeFakeRemote(root, folder, 'mf_stories', { modules: { Blog: list, ...besideTheList } });
}

export interface ReleaseSuite extends ReleaseFixtures {
  database: Database;
}

/**
 * A test file's migrated database and release fixtures, with an mf-stories release in each folder of `stories` (its
 * list page as given, the other modules plain), closed after the file. Its fields are set in `beforeAll`.
 *
 * @example
 * const suite = releaseSuite({ buena: { heading: 'Historias nuevas' }, lanza: { throws: 'falla' } })
 * it('…', () => testApp({ database: suite.database, env: suite.env }))
 */
export function releaseSuite(stories: Record<string, FakeModule> = {}): ReleaseSuite {
  const suite = {} as ReleaseSuite;
  beforeAll(async () => {
    suite.database = await testDatabase();
    Object.assign(suite, await releaseFixtures());
    for (const [folder, list] of Object.entries(stories)) writeStoriesRelease(suite.cdn.root, folder, list);
  });
  afterAll(async () => {
    await suite.cdn.close();
    await suite.database.close();
  });
  return suite;
}
