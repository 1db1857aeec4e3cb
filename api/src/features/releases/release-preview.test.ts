import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageObject, VersionesPageProps } from '@gota/shared/contracts';
import { users } from '../../db/schema';
import { releaseLog, remoteReleases } from './schema';
import { Browser } from '../../testing/browser';
import { announceRelease, approvingTrial, releaseSuite } from '../../testing/release-fixtures';
import { testApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { repoRoot } from '../../env';
import { createLogger } from '../../logging/logger';
import { buildRoots } from '../../static/build-roots';
import type { ReleaseView } from './release-operations';
import { previewRenderer, type PreviewRenderer } from './preview-renderer';
import { previewCookieName, previewCookieValue, readPreviewCookie } from './release-preview';
import { enrolIfOnTeam } from '../../testing/second-factor';

const secret = 'una-clave-de-sesion-de-prueba-de-32-caracteres-o-mas';
const operatorEmail = `operadora.${Date.now()}@gotaagota.mx`;
const staffEmail = `equipo.${Date.now()}@gotaagota.mx`;
const password = 'un río que nunca se seca 2026';
const cookie = previewCookieName(false);
const inertia = { 'X-Inertia': 'true', Accept: 'application/json' };

const suite = releaseSuite({ candidata: { heading: 'Historias de la candidata' }, lanza: { throws: 'la candidata falla' } });
beforeEach(async () => {
  await suite.database.use().execute(sql`truncate ${remoteReleases}, ${releaseLog}`);
});

/** A site whose stories have a candidate release, an operator and a staff member who is not one, both signed in. */
async function site(previews?: PreviewRenderer) {
  const made = testApp({
    ...(previews ? { previewRenderer: previews } : {}),
    database: suite.database,
    env: {
      ...suite.env,
      SESSION_SECRET: secret,
      STAFF_EMAILS: `${operatorEmail},${staffEmail}`,
      OPERATOR_EMAILS: ` ${operatorEmail.toUpperCase()} `,
    },
    trial: approvingTrial,
  });
  await made.releases.refresh();
  const res = await announceRelease(made.app, {
    remote: 'mf-stories',
    manifestUrl: suite.cdn.manifest('candidata'),
    note: 'lista nueva',
    by: 'Equipo de historias',
  });
  expect(res.status).toBe(201);
  const candidate = ((await res.json()) as { release: ReleaseView }).release;
  const signedUp = async (email: string, name: string) => {
    const browser = new Browser(made.app);
    expect(
      (await browser.post('/registro', { name, last_name: 'Prueba', email, password, password_confirmation: password })).status,
    ).toBe(201);
    await enrolIfOnTeam(browser);
    return browser;
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  // the emails are fixed per file; each site's accounts are new rows, so each test signs up with its own address, and
  // the environment's first roles (given once per email, decision 051) are given again to the new rows
  await suite.database
    .use()
    .execute(sql`delete from users where email in (${operatorEmail.toLowerCase()}, ${staffEmail.toLowerCase()})`);
  await suite.database.use().execute(sql`delete from role_bootstrap`);
  const operator = await signedUp(operatorEmail, `Olga${suffix}`);
  const staff = await signedUp(staffEmail, 'Esteban');
  return { ...made, candidate, operator, staff };
}

const visible = (html: string) => ({
  root: /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1] ?? '',
  registry: JSON.parse(/id="remotes-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, string>,
  banner: /<aside id="vista-previa"[\s\S]*?<\/aside>/.exec(html)?.[0],
});
const cleared = (res: Response) =>
  res.headers.getSetCookie().some((line) => line.startsWith(`${cookie}=;`) && /max-age=0/i.test(line));

describe(`previews of a candidate release, on ${testDatabaseKind}`, () => {
  it('put an operator on the candidate (registry, banner, version), private and never cached, while everyone else gets the public release', async () => {
    const { app, candidate, operator, releases } = await site();
    const publicRegistry = releases.current().registry;
    const start = await operator.post(`/panel/versiones/mf-stories/vista-previa`, { release: candidate.id });
    expect(start.status).toBe(200);
    expect(await start.json()).toEqual({ message: `Vista previa de mf-stories ${candidate.id}.`, location: '/historias' });
    const set = start.headers.getSetCookie().find((line) => line.startsWith(`${cookie}=`))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Max-Age=3600/);
    expect(set).toMatch(/SameSite=Lax/);

    const previewed = await operator.get('/historias');
    expect(previewed.status).toBe(200);
    expect(previewed.headers.get('Cache-Control')).toBe('private, no-store');
    const page = visible(await previewed.text());
    // the browser loads and hydrates the candidate; the rest of the page is the server's
    expect(page.registry).toEqual({ ...publicRegistry, mf_stories: suite.cdn.manifest('candidata') });
    expect(page.banner).toContain(`Vista previa: mf-stories ${candidate.id}`);
    expect(page.banner).toContain('<form method="post" action="/vista-previa/salir"');
    expect(page.banner).toContain('Salir de la vista previa');
    // the candidate is never the live code of the process: its slot is left to the browser
    expect(page.root).not.toContain('Historias de la candidata');
    expect(releases.current().registry).toEqual(publicRegistry);

    // an anonymous visitor at the same time: the public release, shareable, and the cache holds no previewed answer
    for (let visit = 0; visit < 2; visit++) {
      const anonymous = await app.request('/historias');
      expect(anonymous.headers.get('Cache-Control')).toMatch(/^public/);
      const seen = visible(await anonymous.text());
      expect(seen.registry).toEqual(publicRegistry);
      expect(seen.banner).toBeUndefined();
    }
    // the operator's navigations stay on the preview: the version is the previewed set's, not the public one
    const publicVersion = ((await (await app.request('/historias', { headers: inertia })).json()) as PageObject).version;
    const navigation = await operator.get('/historias', inertia);
    expect(navigation.headers.get('Cache-Control')).toBe('private, no-store');
    expect(((await navigation.json()) as PageObject).version).not.toBe(publicVersion);
  });

  it("renders the candidate's server HTML in a child process when a preview renderer is at hand; the public and the rollback watch never see it", async () => {
    // a budget for a cold start on a busy machine: a late child would make the page fall back, and this test fail
    const previews = previewRenderer({
      roots: buildRoots({ shellDist: suite.env.SHELL_DIST!, repoRoot }),
      allowedOrigins: [suite.cdn.origin],
      logger: createLogger({ level: 'silent' }),
      budgetMs: 60_000,
    });
    try {
      const { app, candidate, operator, watch } = await site(previews);
      await operator.post(`/panel/versiones/mf-stories/vista-previa`, { release: candidate.id });
      const previewed = await operator.get('/historias');
      expect(previewed.headers.get('Cache-Control')).toBe('private, no-store');
      const page = visible(await previewed.text());
      expect(page.root).toContain('Historias de la candidata');
      expect(page.registry.mf_stories).toBe(suite.cdn.manifest('candidata'));
      expect(previews.running()).toHaveLength(1);
      // the same child for the next previewed page
      expect(visible(await (await operator.get('/historias')).text()).root).toContain('Historias de la candidata');
      expect(previews.running()).toHaveLength(1);
      const anonymous = visible(await (await app.request('/historias')).text());
      expect(anonymous.root).not.toContain('Historias de la candidata');
      expect(anonymous.registry.mf_stories).not.toBe(suite.cdn.manifest('candidata'));
      await watch.idle();
    } finally {
      await previews.close();
    }
    expect(previews.running()).toEqual([]);
  });

  it('reports a previewed candidate that throws as a failure of its render, and the page still answers 200', async () => {
    const error = vi.fn();
    const silent = createLogger({ level: 'silent' });
    const logger = Object.assign(Object.create(silent) as typeof silent, { error });
    const previews = previewRenderer({
      roots: buildRoots({ shellDist: suite.env.SHELL_DIST!, repoRoot }),
      allowedOrigins: [suite.cdn.origin],
      logger,
      budgetMs: 60_000,
    });
    try {
      const { operator, releases } = await site(previews);
      const res = await announceRelease(operator, {
        remote: 'mf-stories',
        manifestUrl: suite.cdn.manifest('lanza'),
        note: 'rota',
        by: 'Equipo de historias',
      });
      const broken = ((await res.json()) as { release: ReleaseView }).release;
      await operator.post(`/panel/versiones/mf-stories/vista-previa`, { release: broken.id });
      const previewed = await operator.get('/historias');
      expect(previewed.status).toBe(200);
      const page = visible(await previewed.text());
      expect(page.registry.mf_stories).toBe(suite.cdn.manifest('lanza'));
      expect(page.root).not.toContain('la candidata falla');
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ module: 'mf_stories/Blog', release: broken.id }),
        'falló el renderizado en el servidor',
      );
      expect(releases.current().registry.mf_stories).not.toBe(suite.cdn.manifest('lanza'));
    } finally {
      await previews.close();
    }
  });

  it('ends with «Salir de la vista previa»: the cookie goes and the page is public again', async () => {
    const { candidate, operator, releases } = await site();
    await operator.post(`/panel/versiones/mf-stories/vista-previa`, { release: candidate.id });
    const exit = await operator.request('/vista-previa/salir', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost:3000',
        Referer: 'http://localhost:3000/historias?pagina=2',
      },
    });
    expect(exit.status).toBe(303);
    expect(exit.headers.get('Location')).toBe('/historias?pagina=2');
    expect(cleared(exit)).toBe(true);
    const page = visible(await (await operator.get('/historias')).text());
    expect(page.registry).toEqual(releases.current().registry);
    expect(page.banner).toBeUndefined();
  });

  it('ends by itself once the previewed release is activated: the public has it now', async () => {
    const { candidate, operator } = await site();
    await operator.post(`/panel/versiones/mf-stories/vista-previa`, { release: candidate.id });
    expect((await operator.post('/panel/versiones/mf-stories/activar', { release: candidate.id })).status).toBe(200);
    const res = await operator.get('/historias');
    expect(cleared(res)).toBe(true);
    const page = visible(await res.text());
    expect(page.banner).toBeUndefined();
    expect(page.registry.mf_stories).toBe(suite.cdn.manifest('candidata'));
  });

  it('gives the public release to a forged, expired, foreign or non-operator cookie, and removes it', async () => {
    const { app, candidate, operator, staff, releases } = await site();
    await operator.post(`/panel/versiones/mf-stories/vista-previa`, { release: candidate.id });
    const good = operator.cookies.get(cookie)!;
    const claim = readPreviewCookie(secret, good)!;
    expect(claim).toMatchObject({ remote: 'mf-stories', release: candidate.id });
    const [payload] = good.split('.');
    // a cookie rightly signed for the staff member's own account: still not an operator
    const [staffRow] = await suite.database
      .use()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, staffEmail.toLowerCase()));
    const forgedPayload = Buffer.from(JSON.stringify({ ...claim, release: candidate.id, expires: claim.expires + 1 })).toString(
      'base64url',
    );
    const cases: [string, Browser, string][] = [
      ['a changed payload', operator, `${forgedPayload}.${good.split('.')[1]}`],
      ['a signature of another secret', operator, previewCookieValue('otra-clave-que-no-es-la-del-sitio-000000000', claim)],
      ['an expired cookie', operator, previewCookieValue(secret, { ...claim, expires: Date.now() - 1000 })],
      [
        'a cookie of another account',
        operator,
        previewCookieValue(secret, { ...claim, userId: '00000000-0000-4000-8000-000000000000' }),
      ],
      ['staff who is not an operator', staff, previewCookieValue(secret, { ...claim, userId: staffRow!.id })],
      ['an anonymous visitor', new Browser(app), good],
      ['nonsense', operator, `${payload}`],
    ];
    for (const [what, browser, value] of cases) {
      browser.cookies.set(cookie, value);
      const res = await browser.get('/historias');
      const page = visible(await res.text());
      expect(page.registry, what).toEqual(releases.current().registry);
      expect(page.banner, what).toBeUndefined();
      expect(cleared(res), what).toBe(true);
      // never shared: a public answer would carry no Set-Cookie, and the cookie would stay
      expect(res.headers.get('Cache-Control'), what).toBe('private, no-store');
    }
  });

  it('is refused for a release of another remote, an unknown one, or one that was refused', async () => {
    const { candidate, operator } = await site();
    expect((await operator.post('/panel/versiones/mf-home/vista-previa', { release: candidate.id })).status).toBe(404);
    expect((await operator.post('/panel/versiones/mf-stories/vista-previa', { release: 'zzzzzzzz' })).status).toBe(404);
    expect((await operator.post('/panel/versiones/mf-nada/vista-previa', { release: candidate.id })).status).toBe(404);
    await suite.database.use().update(remoteReleases).set({ state: 'rechazada' }).where(eq(remoteReleases.id, candidate.id));
    const refused = await operator.post('/panel/versiones/mf-stories/vista-previa', { release: candidate.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'Solo se puede ver en vista previa una versión candidata o retirada.' });
    expect(operator.cookies.has(cookie)).toBe(false);
  });
});

describe(`the panel's «Versiones», on ${testDatabaseKind}`, () => {
  it('is for operators only: anonymous visitors sign in, staff who are not operators get 403', async () => {
    const { app, candidate, staff } = await site();
    const anonymous = await new Browser(app).get('/panel/versiones');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toBe('/login?volver=%2Fpanel%2Fversiones');
    const page = await staff.get('/panel/versiones/mf-stories', inertia);
    expect(page.status).toBe(403);
    expect(((await page.json()) as PageObject).component).toBe('Panel/SinAcceso');
    for (const [path, body] of [
      ['/panel/versiones/mf-stories/activar', { release: candidate.id }],
      ['/panel/versiones/mf-stories/revertir', {}],
      ['/panel/versiones/mf-stories/vista-previa', { release: candidate.id }],
    ] as const) {
      const res = await staff.post(path, body);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ message: 'Tu cuenta no puede administrar las versiones del sitio.' });
    }
    expect((await suite.database.use().select().from(releaseLog)).length).toBe(0);
  });

  it("tells an operator's pages, and only theirs, that the menu leads to «Versiones» (the role «operador»)", async () => {
    const { operator, staff } = await site();
    const userOf = async (browser: Browser) =>
      ((await (await browser.get('/historias', inertia)).json()) as PageObject).props.auth.user;
    expect(await userOf(operator)).toMatchObject({ staff: true, roles: ['administrador', 'bandeja', 'operador'] });
    expect(await userOf(staff)).toEqual({ firstName: 'Esteban', staff: true, roles: ['administrador', 'bandeja'] });
  });

  it("lists each remote, and a remote's releases with state, who, when, note and pre-flight report", async () => {
    const { candidate, operator } = await site();
    const list = (await (await operator.get('/panel/versiones', inertia)).json()) as PageObject<VersionesPageProps>;
    expect(list.component).toBe('Panel/Versiones');
    expect(list.props.selected).toBeNull();
    expect(list.props.remotes).toContainEqual({ remote: 'mf-stories', active: 'local', candidates: 1 });
    const res = await operator.get('/panel/versiones/mf-stories', inertia);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { props } = (await res.json()) as PageObject<VersionesPageProps>;
    expect(props.selected).toMatchObject({ remote: 'mf-stories', active: 'local', rollbackTo: null, log: [] });
    expect(props.selected!.releases).toEqual([
      expect.objectContaining({
        id: candidate.id,
        state: 'candidata',
        by: 'Equipo de historias',
        note: 'lista nueva',
        manifestUrl: suite.cdn.manifest('candidata'),
      }),
    ]);
    expect(props.selected!.releases[0]!.checks.map((check) => [check.name, check.ok])).toContainEqual(['ensayo', true]);
    expect(props.selected!.releases[0]!.pages.map((check) => check.name)).toContain('/historias (Blog)');
    expect((await operator.get('/panel/versiones/mf-nada', inertia)).status).toBe(404);
  });

  it('activates and rolls back with the same operations as the command, logged with the staff member', async () => {
    const { app, candidate, operator, releases } = await site();
    const activated = await operator.post('/panel/versiones/mf-stories/activar', { release: candidate.id });
    expect(activated.status).toBe(200);
    expect(await activated.json()).toEqual({ message: `mf-stories sirve ahora la versión ${candidate.id}.` });
    expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('candidata'));
    expect(visible(await (await app.request('/historias')).text()).root).toContain('Historias de la candidata');

    const back = await operator.post('/panel/versiones/mf-stories/revertir', {});
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ message: 'mf-stories volvió a la versión local.' });
    expect(releases.current().registry.mf_stories).toBe(suite.cdn.manifest('local-mf_stories'));
    const lines = await suite.database.use().select().from(releaseLog).orderBy(releaseLog.id);
    expect(lines.map((line) => [line.action, line.toRelease, line.actor])).toEqual([
      [
        'activacion',
        candidate.id,
        expect.stringMatching(new RegExp(`^Olga\\w+ <${operatorEmail.toLowerCase().replace(/\./g, '\\.')}>$`)),
      ],
      ['reversion', null, expect.stringMatching(/^Olga\w+ </)],
    ]);
    // a refusal the operator can act on: a Spanish message, nothing changed
    const again = await operator.post('/panel/versiones/mf-stories/activar', { release: 'zzzzzzzz' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/mf-stories no tiene una versión zzzzzzzz/);
    expect((await operator.post('/panel/versiones/mf-stories/activar', {})).status).toBe(422);
  });
});
