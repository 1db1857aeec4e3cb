import { execFileSync } from 'node:child_process';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { heading } from '../support/site';
import { deployRegistryFile, ports, repoRoot, tmpDir } from '../support/servers';

const nextRelease = path.join(tmpDir, 'mf-home-next');
const newHeading = 'Cada gota cuenta: nueva versión desplegada';
let staticHost: ChildProcess | undefined;

// The open page's next navigation is answered 409 (a new version): the browser logs it, then the shell reloads.
test.use({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

test.afterAll(() => {
  staticHost?.kill();
  rmSync(deployRegistryFile, { force: true });
});

test('one remote deploys alone: the server renders it at once, and an open page gets 409, reloads and shows the change', async ({ page, request }) => {
  test.setTimeout(180_000);
  rmSync(deployRegistryFile, { force: true });

  // a visitor has the site open on the stories page
  await page.goto('/historias');
  await expect(heading(page, 'Historias')).toBeVisible();

  // operations build a new release of mf-home alone (the shell is not rebuilt) and put it on its own static host
  rmSync(nextRelease, { recursive: true, force: true });
  mkdirSync(nextRelease, { recursive: true });
  for (const item of ['src', 'webpack.config.mjs', 'package.json']) cpSync(path.join(repoRoot, 'mf-home', item), path.join(nextRelease, item), { recursive: true });
  const pagePath = path.join(nextRelease, 'src/features/hero/hero.tsx'); // where the home headline is written
  writeFileSync(pagePath, readFileSync(pagePath, 'utf8').replace('Cada gota cuenta: cuidemos juntos el agua de México', newHeading));
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: nextRelease, stdio: 'inherit' });
  staticHost = spawn(process.execPath, [path.join(repoRoot, 'e2e/support/static-server.mjs'), `${ports.deployedRemote}:${path.join(nextRelease, 'dist')}`], { stdio: 'inherit' });
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${ports.deployedRemote}/mf-manifest.json`).catch(() => null))?.status).toBe(200);

  // and point the registry at it
  writeFileSync(deployRegistryFile, JSON.stringify({ mf_home: `http://127.0.0.1:${ports.deployedRemote}/mf-manifest.json` }));

  // without a restart, the server's HTML carries the new release (a plain GET: no browser, no script)
  await expect.poll(async () => (await (await request.get('/')).text()).includes(newHeading), { timeout: 20_000 }).toBe(true);

  // the open page's next navigation meets a new version: 409, a full reload, and the new release
  const conflict = page.waitForResponse((response) => response.status() === 409);
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'INICIO', exact: true }).click();
  const response = await conflict;
  expect(response.headers()['x-inertia-location']).toMatch(/\/$/);
  await expect(heading(page, newHeading)).toBeVisible();
  await expect(page).toHaveURL('/');
});
