import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { remoteFolder, remoteNames } from '@gota/shared/routes';
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { Env } from '../env';

/** The local builds, served by this API under /mf/<folder>/ (the embedded default). */
export function defaultRegistry(): RemotesRegistry {
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
}

export function registrySource(env: Pick<Env, 'REMOTES' | 'REMOTES_FILE'>): RegistrySource {
  if (env.REMOTES) {
    const fixed = parseRegistry(env.REMOTES, 'REMOTES');
    return { current: () => fixed };
  }
  const file = env.REMOTES_FILE;
  if (!file) {
    const fixed = defaultRegistry();
    return { current: () => fixed };
  }
  let cached: { mtimeMs: number; registry: RemotesRegistry } | undefined;
  return {
    current() {
      // a registry file that does not exist (yet) means the local builds: operations create it to move a remote
      let mtimeMs: number;
      try {
        mtimeMs = statSync(file).mtimeMs;
      } catch {
        return defaultRegistry();
      }
      if (!cached || cached.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, registry: parseRegistry(readFileSync(file, 'utf8'), file) };
      }
      return cached.registry;
    },
  };
}

/**
 * The page version: a hash of the shell build and the registry. Changing either makes open tabs get 409 on their next
 * navigation and reload onto the new code (ARCHITECTURE §2).
 */
export function pageVersion(shellBuildHash: string, registry: RemotesRegistry): string {
  const canonical = JSON.stringify(Object.entries(registry).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(shellBuildHash).update('\n').update(canonical).digest('hex').slice(0, 16);
}
