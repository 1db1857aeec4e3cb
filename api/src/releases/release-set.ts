import { createHash } from 'node:crypto';
import type { RemotesRegistry } from '@gota/shared/contracts';
import { defaultManifest, remoteFolder, remoteNames, type RemoteName } from '@gota/shared/routes';
import type { ReleaseFile } from '../db/schema';
import type { RemoteRelease } from '../render/remote-manifest';

/** The id the command and the log give the local build (no row: a remote without an active release serves it). */
export const localRelease = 'local';

/** The shell's browser manifest, served by this API; its server build renders every page (architecture §7). */
export const shellManifestPath = '/app/mf-manifest.json';

/** Why an instance that has not read its release set yet has no code: its pages are left to the browser, no fault. */
export const notReadYet = 'sin leer todavía';

/** One remote's (or the shell's) release as a snapshot pins it. */
export interface PinnedRelease {
  /** The federation name: `mf_stories`, or `shell`. */
  name: string;
  /** The release's id, or `local`. */
  releaseId: string;
  /** The manifest as the browser addresses it: the registry's value. */
  browserUrl: string;
  /**
   * The server code: the manifest as it was registered (a release) or as read from the local build. Undefined when a
   * local build's manifest could not be read: its pages are then rendered in the browser only.
   */
  code?: RemoteRelease | undefined;
  /** Why `code` is missing. */
  problem?: string | undefined;
  /** The server files beside the entry that the trial render loaded, as absolute URLs with their digests. */
  serverFiles: ReleaseFile[];
}

/**
 * The active release set as one request sees it (decision 039): immutable, so the page version, the registry the
 * document carries and `/remotes.json` serves, the server code that renders and the HTML caches' generation all come
 * from the same one (architecture §7, trap 10). `id` changes whenever a remote's release changes and is the same on
 * every instance for the same set; `seq` is the release log's position, so a newer set has a greater one.
 */
export interface ReleaseSnapshot {
  id: string;
  seq: number;
  registry: RemotesRegistry;
  /** By federation name, the shell included. */
  releases: ReadonlyMap<string, PinnedRelease>;
}

/** `mf-stories` → `mf_stories`, or undefined for a name that is no remote of the route table. */
export function remoteOfFolder(folder: string): RemoteName | undefined {
  return remoteNames.find((name) => remoteFolder(name) === folder);
}

/** Where each remote's local build is: the embedded default, or `REMOTES` in development (decision 039). */
export function localRegistry(remotes: RemotesRegistry = {}): RemotesRegistry {
  return Object.fromEntries(remoteNames.map((name) => [name, remotes[name] ?? defaultManifest(name)]));
}

/** Reads `REMOTES`: a JSON map of remote names to manifest URLs, each name one of the route table's. */
export function parseRemotes(json: string): RemotesRegistry {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('REMOTES no es JSON válido');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('REMOTES debe ser un objeto { nombre: url }');
  const registry: RemotesRegistry = {};
  for (const [name, url] of Object.entries(value)) {
    if (!(remoteNames as readonly string[]).includes(name))
      throw new Error(`REMOTES: «${name}» no es un remoto (${remoteNames.join(', ')})`);
    if (typeof url !== 'string' || !/^(https?:\/\/|\/)/.test(url))
      throw new Error(`REMOTES: el remoto «${name}» necesita una URL absoluta o que empiece por /`);
    registry[name] = url;
  }
  return registry;
}

/** The digest that names a set: each remote's release, address and server code. */
function snapshotId(releases: Iterable<PinnedRelease>): string {
  const hash = createHash('sha256');
  for (const release of [...releases].sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(`${release.name}=${release.releaseId}@${release.browserUrl}#${release.code?.sha256 ?? '-'}\n`);
  }
  return hash.digest('hex').slice(0, 12);
}

/** A snapshot of these pinned releases (the shell's among them) at position `seq` of the release log. */
export function releaseSnapshot(seq: number, releases: PinnedRelease[]): ReleaseSnapshot {
  const byName = new Map(releases.map((release) => [release.name, release]));
  const registry = Object.fromEntries(
    releases.filter((release) => release.name !== 'shell').map((release) => [release.name, release.browserUrl]),
  );
  return { id: snapshotId(releases), seq, registry, releases: byName };
}

/**
 * The page version: the release log's position, then a digest of the shell build and the set. Any change of either
 * makes open tabs get 409 on their next navigation and reload onto it (architecture §2); the position lets an instance
 * see that a browser has been served a newer set than its own (`versionSeq`).
 */
export function pageVersion(shellBuildHash: string, snapshot: ReleaseSnapshot): string {
  const digest = createHash('sha256').update(shellBuildHash).update('\n').update(snapshot.id).digest('hex').slice(0, 12);
  return `${snapshot.seq}.${digest}`;
}

/** The release log position a page version names, or undefined for a version of another form. */
export function versionSeq(version: string): number | undefined {
  const match = /^(\d{1,15})\./.exec(version);
  return match ? Number(match[1]) : undefined;
}
