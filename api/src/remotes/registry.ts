import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { remoteFolder, remoteNames } from '@gota/shared/routes';
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { Env } from '../env';

/** The local builds, served by this API under /mf/<folder>/ (the embedded default). */
function defaultRegistry(): RemotesRegistry {
  return Object.fromEntries(remoteNames.map((name) => [name, `/mf/${remoteFolder(name)}/mf-manifest.json`]));
}

function parseRegistry(json: string, where: string): RemotesRegistry {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`El registro de remotos de ${where} no es JSON válido`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`El registro de remotos de ${where} debe ser un objeto { nombre: url }`);
  }
  const registry: RemotesRegistry = {};
  for (const [name, url] of Object.entries(value)) {
    if (typeof url !== 'string' || !/^(https?:\/\/|\/)/.test(url)) {
      throw new Error(`El remoto «${name}» de ${where} necesita una URL absoluta o que empiece por /`);
    }
    registry[name] = url;
  }
  return { ...defaultRegistry(), ...registry };
}

export interface RegistrySource {
  /** The registry now. A file source is re-read when its modification time changes. */
  current(): RemotesRegistry;
  /** Why the registry file in place is not the one being served (it does not parse), or null. */
  problem(): string | null;
}

/** Where the registry's problems are told: once per change of the file. */
export interface RegistryLogger {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/**
 * The remotes registry: REMOTES, REMOTES_FILE or the local builds. A file that stops parsing (a half-saved edit) does
 * not take the site down (issue #12 row 6): the last good registry keeps serving, the error is logged once per change
 * of the file with its path and the reason, and `problem()` says it for /readyz. A bad file at start throws, so the
 * start stops with that message.
 *
 * @example
 * const registry = registrySource(env, logger)
 * registry.current() // throws at start if REMOTES_FILE is broken
 */
export function registrySource(env: Pick<Env, 'REMOTES' | 'REMOTES_FILE'>, logger?: RegistryLogger): RegistrySource {
  if (env.REMOTES) {
    const fixed = parseRegistry(env.REMOTES, 'REMOTES');
    return { current: () => fixed, problem: () => null };
  }
  const file = env.REMOTES_FILE;
  if (!file) {
    const fixed = defaultRegistry();
    return { current: () => fixed, problem: () => null };
  }
  let good: RemotesRegistry | undefined;
  let seenMtime: number | undefined;
  let problem: string | null = null;
  return {
    current() {
      // a registry file that does not exist (yet) means the local builds: operations create it to move a remote
      let mtimeMs: number;
      try {
        mtimeMs = statSync(file).mtimeMs;
      } catch {
        good = defaultRegistry();
        seenMtime = undefined;
        problem = null;
        return good;
      }
      if (seenMtime !== mtimeMs) {
        seenMtime = mtimeMs;
        try {
          good = parseRegistry(readFileSync(file, 'utf8'), file);
          if (problem) logger?.info({ file }, 'registro de remotos corregido');
          problem = null;
        } catch (error) {
          problem = (error as Error).message;
          // nothing good yet: this is the start, and it stops here with the reason
          if (!good) throw error;
          logger?.error({ file, reason: problem }, 'registro de remotos inválido; se sigue sirviendo el último válido');
        }
      }
      return good!;
    },
    problem: () => problem,
  };
}

/**
 * The page version: a hash of the shell build and the registry. Changing either makes open tabs get 409 on their next
 * navigation and reload onto the new code (architecture §2).
 */
export function pageVersion(shellBuildHash: string, registry: RemotesRegistry): string {
  const canonical = JSON.stringify(Object.entries(registry).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(shellBuildHash).update('\n').update(canonical).digest('hex').slice(0, 16);
}
