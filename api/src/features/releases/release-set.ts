import { createHash } from 'node:crypto';
import type { RemotesRegistry } from '@gota/shared/contracts';
import { defaultManifest, remoteFolder, remoteNames, type RemoteName } from '@gota/shared/routes';
import type { ReleaseSnapshot } from '../../render/release-snapshot';

/** The id the command and the log give the local build (no row: a remote without an active release serves it). */
export const localRelease = 'local';

/** The shell's browser manifest, served by this API; its server build renders every page (architecture §7). */
export const shellManifestPath = '/app/mf-manifest.json';

/** `mf-stories` → `mf_stories`, or undefined for a name that is no remote of the route table. */
export function remoteOfFolder(folder: string): RemoteName | undefined {
  return remoteNames.find((name) => remoteFolder(name) === folder);
}

/** Where each remote's local build is: the embedded default, or `REMOTES` in development (decision 039). */
export function localRegistry(remotes: RemotesRegistry = {}): RemotesRegistry {
  return Object.fromEntries(remoteNames.map((name) => [name, remotes[name] ?? defaultManifest(name)]));
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
