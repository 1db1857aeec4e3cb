import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { anyOf, expect, notFoundError, test } from '../support/fixtures';
import { heading } from '../support/site';
import { ports, repoRoot, rollbackReleaseToken, tmpDir } from '../support/servers';

const alliesHeading = 'Impulsando un cambio sostenible, una gota a la vez';
const auth = { Authorization: `Bearer ${rollbackReleaseToken}` };
let cdn: ChildProcess | undefined;

// What the browser prints when the release's chunk answers 404 (the preload, then the runtime's load, then the section),
// and the 409 of «Reintentar» meeting the new version.
test.use({
  expectedConsoleErrors: anyOf(
    notFoundError,
    /\[federación\]/,
    /Failed to load resource: the server responded with a status of 409/,
  ),
});

test.afterAll(() => {
  cdn?.kill();
});

/**
 * `page`'s visitor comes from `address` (the balancer names it in X-Forwarded-For) and opens /aliados; resolves with
 * the answer to the report its browser sends.
 */
async function visit(page: Page, address: string) {
  // only the site's own request carries the address: another origin would ask its CDN for a CORS preflight
  await page.route(/\/api\/release-reports$/, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  const report = page.waitForResponse(/\/api\/release-reports$/);
  await page.goto('/aliados');
  await expect(page.getByRole('alert').getByRole('heading', { name: 'No pudimos cargar los aliados' })).toBeVisible();
  return (await report).json() as Promise<{ counted: boolean }>;
}

async function releaseLog(request: APIRequestContext) {
  const res = await request.get('/api/releases?remote=mf-allies', { headers: auth });
  return (
    (await res.json()) as {
      active: Record<string, string>;
      log: { from: string; to: string; action: string; by: string; reason: string }[];
    }
  ).log;
}

test('a release whose chunks answer 404 in browsers is rolled back by itself, and «Reintentar» moves an open tab onto the active release', async ({
  page: first,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // a previous run may have left a release active: start from the local build (409 when it already is)
  await request.post('/api/releases/activate', {
    headers: auth,
    data: { remote: 'mf-allies', release: 'local', by: 'Operaciones' },
  });

  // the allies team uploads its build to its CDN and releases it: the pre-flight passes, it goes live
  const folder = path.join(tmpDir, 'mf-allies-cdn');
  rmSync(folder, { recursive: true, force: true });
  cpSync(path.join(repoRoot, 'mf-allies/dist'), folder, { recursive: true });
  cdn = spawn(process.execPath, [path.join(repoRoot, 'e2e/support/static-server.mjs'), `${ports.rollbackCdn}:${folder}`], {
    stdio: 'inherit',
  });
  const manifestUrl = `http://127.0.0.1:${ports.rollbackCdn}/mf-manifest.json`;
  await expect.poll(async () => (await fetch(manifestUrl).catch(() => null))?.status).toBe(200);
  const added = await request.post('/api/releases', {
    headers: auth,
    data: { remote: 'mf-allies', manifestUrl, by: 'Equipo de aliados', note: 'aliados nuevos' },
    timeout: 120_000,
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = ((await added.json()) as { release: { id: string; state: string } }).release;
  expect(
    (
      await request.post('/api/releases/activate', {
        headers: auth,
        data: { remote: 'mf-allies', release: id, by: 'Equipo de aliados' },
      })
    ).status(),
  ).toBe(200);

  // then the CDN loses the page's chunks (a purge, a bad sync): the server still renders the page with the code it
  // pinned, browsers cannot load it
  const manifest = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const aliados = manifest.exposes.find((expose) => expose.name.replace(/^\.\//, '') === 'Aliados');
  expect(aliados?.assets.js.sync.length).toBeGreaterThan(0);
  for (const file of aliados!.assets.js.sync) rmSync(path.join(folder, file), { force: true });

  // a first visitor sees the section fail, and its browser reports it; one address alone rolls nothing back
  expect(await visit(first, '203.0.113.10')).toEqual({ counted: true });
  expect((await releaseLog(request))[0]).toMatchObject({ to: id, action: 'activacion' });

  // a second address: the server fetched the missing chunk itself, and the release goes back to the local build
  const other = await browser.newContext();
  expect(await visit(await other.newPage(), '203.0.113.20')).toEqual({ counted: true });
  expect((await releaseLog(request))[0]?.action).toBe('reversion-automatica');
  const [rollback] = await releaseLog(request);
  expect(rollback).toMatchObject({ from: id, to: 'local', by: 'sistema' });
  expect(rollback!.reason).toMatch(/2 archivos que no cargaron en navegadores desde 2 direcciones/);

  // the first visitor presses «Reintentar»: its page's version is gone, so the tab reloads onto the active release
  const reload = first.waitForResponse((response) => response.status() === 409);
  await first.getByRole('button', { name: 'Reintentar' }).click();
  await reload;
  await expect(heading(first, alliesHeading)).toBeVisible();
  await expect(first.getByRole('alert')).toHaveCount(0);
  // and a new visitor gets the local build, whole
  const third = await other.newPage();
  await third.goto('/aliados');
  await expect(heading(third, alliesHeading)).toBeVisible();
  await other.close();
});
