import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { expectSameDocument, heading, markDocument } from '../support/site';
import { releaseCommand } from '../support/release-command';
import { deployReleaseToken, ports, repoRoot, tmpDir } from '../support/servers';

const oldHeading = 'Cada gota cuenta: cuidemos juntos el agua de México';
const newHeading = 'Cada gota cuenta: nueva versión desplegada';
const cdns: ChildProcess[] = [];

// The open page's next navigation after the good release is answered 409 (a new version): the browser logs it, then the
// shell reloads.
test.use({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

test.afterAll(() => {
  for (const cdn of cdns) cdn.kill();
});

/**
 * A team builds a release of mf-home alone (the shell is not rebuilt), with its hero changed by `change`, and uploads it
 * to a CDN of its own (a static host with CORS on `port`). Returns the manifest's address.
 */
async function teamRelease(name: string, port: number, change: (hero: string) => string): Promise<string> {
  const folder = path.join(tmpDir, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const item of ['src', 'webpack.config.mjs', 'package.json'])
    cpSync(path.join(repoRoot, 'mf-home', item), path.join(folder, item), { recursive: true });
  const hero = path.join(folder, 'src/features/hero/hero.tsx'); // where the home headline is written
  writeFileSync(hero, change(readFileSync(hero, 'utf8')));
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: folder,
    stdio: 'inherit',
  });
  cdns.push(
    spawn(process.execPath, [path.join(repoRoot, 'e2e/support/static-server.mjs'), `${port}:${path.join(folder, 'dist')}`], {
      stdio: 'inherit',
    }),
  );
  const manifest = `http://127.0.0.1:${port}/mf-manifest.json`;
  await expect.poll(async () => (await fetch(manifest).catch(() => null))?.status).toBe(200);
  return manifest;
}

/** `npm run release -- …args` against this server, as operations run it. */
const release = (...args: string[]) =>
  releaseCommand({ port: ports.deploy, token: deployReleaseToken, by: 'Operaciones' }, ...args);

test('a release whose page throws is refused by its trial render and changes nothing; a good one goes live at once and an open page reloads onto it', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  // a previous run's release leaves its data folder behind: start from the local build
  await release('activate', 'mf-home', 'local');

  // a visitor has the site open on the stories page
  await page.goto('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();
  await markDocument(page);
  const versionBefore = ((await (await request.get('/', { headers: { 'X-Inertia': 'true' } })).json()) as { version: string })
    .version;

  // the home team's new headline throws when it renders
  const broken = await teamRelease('mf-home-rota', ports.deployedRemoteNext, (hero) =>
    hero
      .replace(
        'const heroTitle =',
        "function brokenTitle(): string {\n  throw new Error('La portada nueva falla al renderizarse');\n}\n\nconst heroTitle =",
      )
      .replace('{heroTitle}', '{brokenTitle()}'),
  );
  const refused = await release('add', 'mf-home', broken, '--note', 'portada nueva');
  expect(refused.code, refused.err).toBe(1);
  expect(refused.out.join('\n')).toMatch(/✗ ensayo: .*\/: mf_home\/Index: fallback/);
  expect(refused.err).toMatch(/RECHAZADA: no se puede activar/);
  expect((await release('activate', 'mf-home', refused.id)).code).toBe(1);

  // visitors see no change: the same headline from the server, the same version, and the open page navigates in place
  const home = await (await request.get('/')).text();
  expect(home).toContain(oldHeading);
  expect(home).not.toContain(broken);
  expect(((await (await request.get('/', { headers: { 'X-Inertia': 'true' } })).json()) as { version: string }).version).toBe(
    versionBefore,
  );
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'INICIO', exact: true }).click();
  await expect(heading(page, oldHeading)).toBeVisible();
  await expectSameDocument(page);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'HISTORIAS', exact: true }).click();
  await expect(heading(page, 'Historias')).toBeVisible();

  // the fixed release passes, and goes live when activated
  const good = await teamRelease('mf-home-buena', ports.deployedRemote, (hero) => hero.replace(oldHeading, newHeading));
  const added = await release('add', 'mf-home', good, '--note', 'portada nueva, corregida');
  expect(added.code, added.out.join('\n')).toBe(0);
  expect(added.out.join('\n')).toMatch(/✓ ensayo: /);
  const activated = await release('activate', 'mf-home', added.id);
  expect(activated.code, activated.err).toBe(0);

  // the server's HTML carries it as soon as the command returns (a plain GET: no browser, no script)
  const document = await (await request.get('/')).text();
  expect(document).toContain(newHeading);
  // its registry of remotes names the released one alone, at its CDN; the others are at their default address, which
  // the shell derives (decision 063, 2026-11-29)
  expect(JSON.parse(/id="remotes-data">(.*?)<\/script>/.exec(document)?.[1] ?? 'null')).toEqual({ mf_home: good });

  // the open page's next navigation meets a new version: 409, one full reload, and the new release, from its CDN
  const conflict = page.waitForResponse((response) => response.status() === 409);
  const fromRelease = page.waitForRequest(good);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'INICIO', exact: true }).click();
  const response = await conflict;
  expect(response.headers()['x-inertia-location']).toMatch(/\/$/);
  await fromRelease;
  await expect(heading(page, newHeading)).toBeVisible();
  await expect(page).toHaveURL('/');
});
