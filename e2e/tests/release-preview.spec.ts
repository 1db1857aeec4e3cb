import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { releaseCommand } from '../support/release-command';
import { expectNoAxeViolations, heading } from '../support/site';
import { mainReleaseToken, ports, repoRoot, tmpDir } from '../support/servers';

// The panel's «Versiones» and a preview of a candidate release (issue #31 items 3 and 5, decision 044) against the main
// server: the stories team's candidate changes the stories page's heading; the campaign team's account, an operator,
// previews it, rendered by the server and the browser, while an anonymous visitor keeps the public release.
const previewHeading = 'Historias: versión candidata';
let cdn: ChildProcess | undefined;

test.afterAll(() => cdn?.kill());

/** The stories team builds a release of mf-stories alone, its page's heading changed, and serves it from its own CDN. */
async function candidateOfStories(): Promise<string> {
  const folder = path.join(tmpDir, 'mf-stories-candidata');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const item of ['src', 'webpack.config.mjs', 'package.json'])
    cpSync(path.join(repoRoot, 'mf-stories', item), path.join(folder, item), { recursive: true });
  const page = path.join(folder, 'src/pages/blog-page.tsx'); // where the stories page's heading is written
  writeFileSync(page, readFileSync(page, 'utf8').replace('>Historias</h1>', `>${previewHeading}</h1>`));
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: folder,
    stdio: 'inherit',
  });
  cdn = spawn(
    process.execPath,
    [path.join(repoRoot, 'e2e/support/static-server.mjs'), `${ports.previewedRemote}:${path.join(folder, 'dist')}`],
    { stdio: 'inherit' },
  );
  const manifest = `http://127.0.0.1:${ports.previewedRemote}/mf-manifest.json`;
  await expect.poll(async () => (await fetch(manifest).catch(() => null))?.status).toBe(200);
  return manifest;
}

test('an operator previews a candidate from the panel and sees it with a banner, while an anonymous visitor sees the public release', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(300_000);
  const manifest = await candidateOfStories();
  const added = await releaseCommand(
    { port: ports.main, token: mainReleaseToken, by: 'Equipo de historias' },
    'add',
    'mf-stories',
    manifest,
    '--note',
    'encabezado nuevo',
  );
  expect(added.code, `${added.out.join('\n')}\n${added.err}`).toBe(0);
  const { id } = added;

  await signIn();
  await page.goto('/panel/versiones');
  await expect(heading(page, 'Versiones')).toBeVisible();
  await test.step('axe on /panel/versiones', () => expectNoAxeViolations(page));
  await page
    .getByRole('navigation', { name: 'Remotos' })
    .getByRole('link', { name: /mf-stories/ })
    .click();
  await expect(heading(page, 'Versiones de mf-stories')).toBeVisible();
  const release = page.getByRole('listitem', { name: id });
  await expect(release.getByText('Candidata', { exact: true })).toBeVisible();
  await expect(release.getByText('encabezado nuevo')).toBeVisible();
  await test.step('axe on /panel/versiones/mf-stories', () => expectNoAxeViolations(page));

  // «Activar» asks first; Cancelar changes nothing
  await release.getByRole('button', { name: `Activar la versión ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `¿Activar ${id} de mf-stories?` });
  await expect(dialog).toBeVisible();
  await test.step('axe on the confirmation', () => expectNoAxeViolations(page));
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // the preview: the candidate's page in this browser, with its banner
  await release.getByRole('button', { name: `Vista previa de la versión ${id}` }).click();
  await expect(page).toHaveURL('/historias');
  await expect(heading(page, previewHeading)).toBeVisible();
  const banner = page.getByRole('complementary', { name: 'Vista previa de una versión' });
  await expect(banner).toContainText(`Vista previa: mf-stories ${id}`);
  await test.step('axe on a previewed page', () => expectNoAxeViolations(page));
  // the server renders the candidate too, in a child process of its own (decision 047): its heading is in the HTML the
  // server sends (the first previewed page may fall back to the browser while that child starts)
  await expect
    .poll(async () => (await (await page.request.get('/historias')).text()).includes(`>${previewHeading}</h1>`), {
      timeout: 60_000,
    })
    .toBe(true);

  // at the same time, an anonymous visitor gets the public release, rendered by the server
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  const response = await anonymous.goto('/historias');
  expect(await response!.text()).not.toContain(previewHeading);
  await expect(heading(anonymous, 'Historias')).toBeVisible();
  await expect(anonymous.getByText(previewHeading)).toHaveCount(0);
  await expect(anonymous.getByRole('complementary', { name: 'Vista previa de una versión' })).toHaveCount(0);
  await visitor.close();

  // «Salir de la vista previa»: the public release again, on the same page
  await banner.getByRole('button', { name: 'Salir de la vista previa' }).click();
  await expect(heading(page, 'Historias')).toBeVisible();
  await expect(page).toHaveURL('/historias');
  await expect(banner).toHaveCount(0);
});
