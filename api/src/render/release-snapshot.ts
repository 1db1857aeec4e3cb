import { createHash } from 'node:crypto';
import type { RemotesRegistry } from '@gota/shared/contracts';
import type { RemoteRelease } from './remote-manifest';
import type { PinnedFile } from './server-fetch';

// What the renderer renders with: the release set as an immutable snapshot (decision 039). The releases feature
// (features/releases) makes these snapshots from the database and the operators' commands; the renderer, its children
// and the document only read them. Pure types and values, nothing more: a renderer child bundles this file.

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
  serverFiles: PinnedFile[];
}

/** A release as a child process receives it (a renderer child, the trial render): plain data. */
export type SerializedPinned = Omit<PinnedRelease, 'code'> & { code?: RemoteRelease | undefined };

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
