import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import type { TrialRunner } from '../src/features/releases';
import { writeFakeRemote, type FakeCdn } from '../src/testing/fake-builds';
import { approvingTrial, releaseFixtures, releaseToken, trialVerdict } from '../src/testing/release-fixtures';
import { testApp } from '../src/testing/test-app';
import { testDatabase } from '../src/testing/test-database';
import { runRelease } from './release';

let database: Database;
let cdn: FakeCdn;
let site: string;
const servers: Server[] = [];

/** Refuses the release of the folder `rota` as a failed trial render would; passes the rest. */
const trial: TrialRunner = async (input) => {
  const candidate = input.releases.find((release) => release.name === input.candidate);
  if (!candidate?.browserUrl.includes('/rota/')) return approvingTrial(input);
  return trialVerdict(input, { ok: false, ms: 3, detail: 'mf_stories/Blog: fallback (lanzó un error)' });
};

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  database = await testDatabase();
  const fixtures = await releaseFixtures();
  cdn = fixtures.cdn;
  writeFakeRemote(cdn.root, 'buena', 'mf_stories');
  writeFakeRemote(cdn.root, 'rota', 'mf_stories');
  const { app, releases } = testApp({ database, env: fixtures.env, trial });
  await releases.refresh();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const server of servers) server.close();
  await cdn.close();
  await database.close();
});

/** Runs `npm run release -- …args` against the site, with the environment an operator would have. */
async function release(args: string[], env: Record<string, string | undefined> = { APP_URL: site, RELEASE_TOKEN: releaseToken }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRelease(args, env, { out: (line) => out.push(...line.split('\n')), err: (line) => err.push(line) });
  return { code, out, err: err.join('\n') };
}

describe('npm run release', () => {
  it('adds a release: prints the pre-flight report and the id on its last line, and does not activate it', async () => {
    const added = await release(['add', 'mf-stories', cdn.manifest('buena'), '--note', 'la lista nueva', '--by', 'Ana']);
    expect(added.code).toBe(0);
    const id = added.out.at(-1)!;
    expect(id).toMatch(/^[a-z2-9]{8}$/);
    expect(added.out.join('\n')).toMatch(
      /Verificación previa de mf-stories .*\n {2}✓ manifiesto: .*\n[\s\S]*✓ ensayo: [\s\S]*Ensayo de renderizado[\s\S]*✓ \/historias aprobada/,
    );
    const list = await release(['list', 'mf-stories', '--json']);
    expect(list.code).toBe(0);
    const releases = JSON.parse(list.out.join('\n')) as Record<string, unknown>[];
    expect(releases).toHaveLength(1);
    expect(Object.keys(releases[0]!)).toEqual(['id', 'remote', 'state', 'manifestUrl', 'by', 'at', 'note', 'report']);
    expect(releases[0]).toMatchObject({
      id,
      remote: 'mf-stories',
      state: 'candidata',
      manifestUrl: cdn.manifest('buena'),
      by: 'Ana',
      note: 'la lista nueva',
    });
  });

  it('exits non-zero when the release is refused, still with the id on the last line', async () => {
    const added = await release(['add', 'mf-stories', cdn.manifest('rota'), '--by', 'Ana']);
    expect(added.code).toBe(1);
    expect(added.out.at(-1)).toMatch(/^[a-z2-9]{8}$/);
    expect(added.out.join('\n')).toMatch(/✗ ensayo: .*\/historias: mf_stories\/Blog: fallback \(lanzó un error\)/);
    expect(added.err).toMatch(/RECHAZADA: no se puede activar\. Nada cambió para los visitantes\./);
  });

  it('activates, lists and rolls back', async () => {
    const id = (await release(['add', 'mf-stories', cdn.manifest('buena'), '--by', 'Ana'])).out.at(-1)!;
    const activated = await release(['activate', 'mf-stories', id, '--by', 'Ana']);
    expect(activated).toMatchObject({ code: 0, err: '' });
    expect(activated.out).toEqual([
      `mf-stories: local → ${id} (activada por Ana). Las demás instancias la sirven en menos de 2 s.`,
    ]);
    const list = await release(['list']);
    expect(list.out[0]).toBe(
      `En servicio: mf-home local · mf-stories ${id} · mf-allies local · mf-campaign local · mf-auth local · mf-content local`,
    );
    expect(list.out.find((line) => line.startsWith(id))).toMatch(new RegExp(`^${id} {2}mf-stories {2}ACTIVA`));
    expect(list.out.join('\n')).toMatch(new RegExp(`Últimos cambios:\\n.*mf-stories: local → ${id} {2}activacion, Ana`));
    const back = await release(['rollback', 'mf-stories', '--by', 'Luis', '--note', 'la lista no carga en Safari']);
    expect(back.out).toEqual([`mf-stories: ${id} → local (revertido por Luis). Las demás instancias la sirven en menos de 2 s.`]);
    expect((await release(['activate', 'mf-stories', 'local', '--by', 'Luis'])).err).toBe(
      'mf-stories ya sirve su compilación local',
    );
  });

  it('says clearly what is wrong, and changes nothing', async () => {
    const before = (await release(['list', '--json'])).out.join('\n');
    const cases: [string[], Record<string, string | undefined>, number, RegExp][] = [
      [
        ['add', 'mf-storie', cdn.manifest('buena')],
        { APP_URL: site, RELEASE_TOKEN: releaseToken },
        1,
        /El remoto «mf-storie» no existe\. Los remotos son: mf-home, mf-stories, mf-allies, mf-campaign, mf-auth, mf-content\./,
      ],
      [
        ['add', 'mf-stories', `${cdn.origin}/nada/mf-manifest.json`],
        { APP_URL: site, RELEASE_TOKEN: releaseToken },
        1,
        /No se pudo leer el manifiesto .*respondió 404/,
      ],
      [
        ['activate', 'mf-stories', 'noexiste'],
        { APP_URL: site, RELEASE_TOKEN: releaseToken },
        1,
        /mf-stories no tiene una versión noexiste/,
      ],
      [['list'], { APP_URL: site, RELEASE_TOKEN: 'otro-token-cualquiera-0123456789' }, 1, /rechazó RELEASE_TOKEN/],
      [['list'], { APP_URL: site }, 2, /Falta RELEASE_TOKEN/],
      [['list'], { RELEASE_TOKEN: releaseToken }, 2, /Falta el sitio: --site https:\/\/… o APP_URL\./],
      [
        ['list', '--site', 'http://127.0.0.1:9'],
        { RELEASE_TOKEN: releaseToken },
        1,
        /No se pudo conectar con el sitio http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)/,
      ],
      [['publish', 'mf-stories'], { APP_URL: site, RELEASE_TOKEN: releaseToken }, 2, /Orden desconocida: publish/],
      [['activate', 'mf-stories'], { APP_URL: site, RELEASE_TOKEN: releaseToken }, 2, /Uso:/],
    ];
    for (const [args, env, code, message] of cases) {
      const result = await release(args, env);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.err, args.join(' ')).toMatch(message);
    }
    expect((await release(['list', '--json'])).out.join('\n')).toBe(before);
  });

  it('tells a site without releases, and an answer cut short, apart from a refusal', async () => {
    const { app } = testApp({ database });
    const plain = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    servers.push(plain);
    await new Promise((resolve) => plain.once('listening', resolve));
    const without = await release(['list'], {
      APP_URL: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`,
      RELEASE_TOKEN: releaseToken,
    });
    expect(without.err).toMatch(/no tiene las versiones habilitadas \(sus instancias no tienen RELEASE_TOKEN\)/);
    const cut = await listen((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end('{"release": {"id": "abcd');
    });
    const half = await release(['add', 'mf-stories', cdn.manifest('buena')], { APP_URL: cut, RELEASE_TOKEN: releaseToken });
    expect(half.code).toBe(1);
    expect(half.err).toMatch(
      /La respuesta del sitio \(201\) llegó incompleta o no es JSON\. Comprueba con «npm run release -- list» si el cambio se aplicó\./,
    );
  });
});
