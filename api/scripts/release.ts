#!/usr/bin/env node
// npm run release -- add|activate|rollback|list: releases a remote on a running site, over HTTP, the same on the
// embedded database and on a fleet (issue #31 item 3, decision 039; docs/operations/releases.md). The site is
// `--site URL` or APP_URL; the token is RELEASE_TOKEN, from the environment on both sides.
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import axios, { type AxiosResponse } from 'axios';
import { releasesPath } from '@gota/shared/contracts';
import type { ChangeView, ReleaseView } from '../src/features/releases';

const usage = `Uso:
  npm run release -- add <remoto> <url-del-manifiesto> [--note "…"]
  npm run release -- activate <remoto> <id-de-versión | local> [--note "…"]
  npm run release -- rollback <remoto> [--note "…"]
  npm run release -- list [<remoto>] [--json]
Opciones: --site URL (o APP_URL), --by "nombre" (por omisión, el usuario del sistema). RELEASE_TOKEN del entorno.
<remoto> es la carpeta de la app: mf-home, mf-stories, mf-allies, mf-campaign, mf-auth, mf-content.`;

/** What the command writes: the report and results on `out`, problems on `err`. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** A problem the operator can act on: printed as is, exit 1 (2 for a misused command). */
class Refused extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

const states: Record<ReleaseView['state'], string> = {
  candidata: 'candidata',
  activa: 'ACTIVA',
  retirada: 'retirada',
  rechazada: 'rechazada',
};

function printReport(release: ReleaseView, print: (line: string) => void): void {
  print(`Verificación previa de ${release.remote} (${release.manifestUrl}), ${(release.report.ms / 1000).toFixed(1)} s:`);
  for (const check of release.report.checks) print(`  ${check.ok ? '✓' : '✗'} ${check.check}: ${check.detail}`);
  if (release.report.routes.length > 0) {
    print('Ensayo de renderizado (con el contenido actual):');
    for (const page of release.report.routes) print(`  ${page.ok ? '✓' : '✗'} ${page.url} ${page.detail} (${page.ms} ms)`);
  }
}

function printChange(change: ChangeView, print: (line: string) => void): void {
  const what = change.action === 'reversion' ? 'revertido' : 'activada';
  print(
    `${change.remote}: ${change.from} → ${change.to} (${what} por ${change.by}). Las demás instancias la sirven en menos de 2 s.`,
  );
}

/** The site's answer as JSON; a body cut short or not JSON says so (nobody knows then whether the change was made). */
function bodyOf<T>(response: AxiosResponse<string>): T {
  try {
    return JSON.parse(response.data) as T;
  } catch {
    throw new Refused(
      `La respuesta del sitio (${response.status}) llegó incompleta o no es JSON. Comprueba con «npm run release -- list» si el cambio se aplicó.`,
    );
  }
}

/**
 * Runs the command; returns its exit code (0 done, 1 refused or failed, 2 misused).
 *
 * @example
 * process.exitCode = await runRelease(process.argv.slice(2), process.env, { out: console.log, err: console.error })
 */
export async function runRelease(argv: string[], env: NodeJS.ProcessEnv, output: Output): Promise<number> {
  try {
    await run(argv, env, output);
    return 0;
  } catch (error) {
    if (error instanceof Refused) {
      if (error.message) output.err(error.message);
      return error.code;
    }
    throw error;
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv, { out, err }: Output): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { site: { type: 'string' }, by: { type: 'string' }, note: { type: 'string' }, json: { type: 'boolean' } },
    });
  } catch (error) {
    throw new Refused(`${(error as Error).message}\n${usage}`, 2);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const site = (values.site ?? env.APP_URL ?? '').replace(/\/$/, '');
  if (!site) throw new Refused('Falta el sitio: --site https://… o APP_URL.', 2);
  if (!/^https?:\/\//.test(site)) throw new Refused(`«${site}» no es la dirección de un sitio (https://…).`, 2);
  const token = env.RELEASE_TOKEN;
  if (!token) throw new Refused('Falta RELEASE_TOKEN en el entorno (el mismo que tienen las instancias del sitio).', 2);
  const by = values.by ?? userInfo().username;

  const client = axios.create({
    baseURL: `${site}${releasesPath}`,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    // the pre-flight renders the release's pages in a process of its own: up to a minute
    timeout: 120_000,
    responseType: 'text',
    transformResponse: (data: unknown) => data,
    validateStatus: () => true,
  });
  const call = async <T>(request: () => Promise<AxiosResponse<string>>): Promise<T> => {
    let response: AxiosResponse<string>;
    try {
      response = await request();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const what =
        code === 'ECONNABORTED' || code === 'ETIMEDOUT'
          ? `El sitio ${site} no respondió a tiempo`
          : `No se pudo conectar con el sitio ${site} (${code ?? (error as Error).message})`;
      throw new Refused(`${what}. Si la solicitud llegó, compruébalo con «npm run release -- list».`);
    }
    if (response.status === 401) throw new Refused(`El sitio ${site} rechazó RELEASE_TOKEN: no es el de sus instancias.`);
    if (response.status === 404)
      throw new Refused(
        `El sitio ${site} no tiene las versiones habilitadas (sus instancias no tienen RELEASE_TOKEN), o no es este sitio.`,
      );
    const body = bodyOf<T & { message?: string }>(response);
    if (response.status >= 400) throw new Refused(body.message ?? `El sitio respondió ${response.status}.`);
    return body;
  };

  // a change's operands: exactly `count` of them, none empty
  const operands = (count: number): string[] => {
    if (rest.length !== count || rest.some((operand) => !operand)) throw new Refused(usage, 2);
    return rest;
  };
  // what a change says besides its operands: who made it, and why when `--note` says
  const signed = { by, ...(values.note ? { note: values.note } : {}) };

  if (command === 'add') {
    const [remote, manifestUrl] = operands(2);
    const { release } = await call<{ release: ReleaseView }>(() => client.post('', { remote, manifestUrl, ...signed }));
    printReport(release, out);
    if (release.state === 'rechazada') {
      err(`Versión ${release.id} RECHAZADA: no se puede activar. Nada cambió para los visitantes.`);
    } else {
      out(`Versión ${release.id} lista para activar: npm run release -- activate ${release.remote} ${release.id}`);
    }
    // the last line is the id, for scripts
    out(release.id);
    if (release.state === 'rechazada') throw new Refused('', 1);
    return;
  }
  if (command === 'activate') {
    const [remote, release] = operands(2);
    const { change } = await call<{ change: ChangeView }>(() => client.post('/activate', { remote, release, ...signed }));
    printChange(change, out);
    return;
  }
  if (command === 'rollback') {
    const [remote] = operands(1);
    const { change } = await call<{ change: ChangeView }>(() => client.post('/rollback', { remote, ...signed }));
    printChange(change, out);
    return;
  }
  if (command === 'list') {
    const [remote] = rest;
    if (rest.length > 1) throw new Refused(usage, 2);
    const { active, releases, log } = await call<{ active: Record<string, string>; releases: ReleaseView[]; log: ChangeView[] }>(
      () => client.get('', { params: remote ? { remote } : {} }),
    );
    if (values.json) {
      out(
        JSON.stringify(
          releases.map(({ id, remote: name, state, manifestUrl, by: who, at, note, report }) => ({
            id,
            remote: name,
            state,
            manifestUrl,
            by: who,
            at,
            note,
            report,
          })),
          null,
          2,
        ),
      );
      return;
    }
    out(
      `En servicio: ${Object.entries(active)
        .map(([name, id]) => `${name} ${id}`)
        .join(' · ')}`,
    );
    if (releases.length === 0)
      out(
        remote
          ? `${remote} no tiene versiones registradas: sirve su compilación local.`
          : 'No hay versiones registradas: cada remoto sirve su compilación local.',
      );
    for (const release of releases) {
      out(
        `${release.id}  ${release.remote.padEnd(11)} ${states[release.state].padEnd(9)} ${release.at.slice(0, 16).replace('T', ' ')}  ${release.by}  ${release.manifestUrl}${release.note ? `  «${release.note}»` : ''}`,
      );
      for (const reason of release.reasons) out(`    ✗ ${reason}`);
    }
    if (log.length > 0) {
      out('\nÚltimos cambios:');
      for (const change of log.slice(0, 10))
        out(
          `  ${change.at.slice(0, 16).replace('T', ' ')}  ${change.remote}: ${change.from} → ${change.to}  ${change.action}, ${change.by}: ${change.reason}`,
        );
    }
    return;
  }
  throw new Refused(command ? `Orden desconocida: ${command}\n${usage}` : usage, 2);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runRelease(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
