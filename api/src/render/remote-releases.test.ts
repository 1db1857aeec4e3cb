import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { releaseSnapshot, type PinnedRelease } from './release-snapshot';
import type { FederationHost } from './federation-host';
import type { RemoteRelease } from './remote-manifest';
import { remoteReleases, type RemoteReleasesOptions } from './remote-releases';
import { localOrigin, type pinnedFiles } from './server-fetch';

/** A pinned release of `name` whose server entry and digest are `digit`'s own. */
function pinned(name: string, digit: string): PinnedRelease {
  const code: RemoteRelease = {
    name,
    manifestUrl: `${localOrigin}/${name}-${digit}/mf-manifest.json`,
    browserBase: `/${name}-${digit}`,
    serverEntry: `${localOrigin}/${name}-${digit}/server/remoteEntry.js`,
    sha256: digit.repeat(64),
    manifest: { name, exposes: name === 'shell' ? [] : [{ name: 'Index' }] } as unknown as RemoteRelease['manifest'],
  };
  return { name, releaseId: `${name}-${digit}`, browserUrl: `/${name}-${digit}/mf-manifest.json`, code, serverFiles: [] };
}

/** The one runtime instance, as far as the releases use it: the live release per name, and what a load came from. */
function fakeHost(): FederationHost {
  const live = new Map<string, RemoteRelease>();
  return {
    use(release) {
      if (live.get(release.name)?.serverEntry === release.serverEntry) return false;
      live.set(release.name, release);
      return true;
    },
    release: (name) => live.get(name),
    load: <T>(id: string) => Promise.resolve({ from: live.get(id.slice(0, id.indexOf('/')))?.sha256.slice(0, 1) } as T),
    close: () => {},
  };
}

const noFiles = { prefetch: async () => {}, keep: () => {} } as unknown as ReturnType<typeof pinnedFiles>;

/** The releases over a fake host and no files, no origin besides the local builds, no wait before a retry; or `overrides`. */
const releasesWith = (overrides: Partial<RemoteReleasesOptions> = {}) =>
  remoteReleases({
    host: fakeHost(),
    files: noFiles,
    logger: createLogger({ level: 'silent' }),
    allowedOrigins: [],
    retryAfterMs: 0,
    ...overrides,
  });

describe('remoteReleases', () => {
  it('never renders a request that holds the previous release set with the new code (issue #35, decision 039)', async () => {
    const releases = releasesWith();
    const first = releaseSnapshot(1, [pinned('shell', 'a'), pinned('mf_home', '1')]);
    await releases.adopt(first, 1000);
    expect(await releases.load('mf_home/Index', first)).toEqual({ from: '1' });

    // release 2 goes live while a request that took set 1 is still rendering: that request leaves the slot to the
    // browser (which loads release 1 from the registry it was sent) instead of sending release 2's HTML
    const second = releaseSnapshot(2, [pinned('shell', 'a'), pinned('mf_home', '2')]);
    await releases.adopt(second, 1000);
    await expect(releases.load('mf_home/Index', first)).rejects.toMatchObject({ name: 'ModuleSkipped', reason: 'stale' });
    expect(await releases.load('mf_home/Index', second)).toEqual({ from: '2' });
  });

  /** A set whose mf_home comes from a CDN. */
  function setFromCdn() {
    const foreign = pinned('mf_home', '3');
    foreign.code = { ...foreign.code!, serverEntry: 'https://cdn.ejemplo.mx/mf_home/server/remoteEntry.js' };
    return releaseSnapshot(1, [pinned('shell', 'a'), foreign]);
  }

  it('leaves to the browser the code of an origin that may not supply server code', async () => {
    const releases = releasesWith();
    const set = setFromCdn();
    await releases.adopt(set, 1000);
    await expect(releases.load('mf_home/Index', set)).rejects.toMatchObject({ reason: 'policy' });
    expect(await releases.load('shell/server', set)).toEqual({ from: 'a' });
  });

  it('runs the code of an origin named in REMOTES_ALLOWED_ORIGINS', async () => {
    const releases = releasesWith({ allowedOrigins: ['https://cdn.ejemplo.mx'] });
    const set = setFromCdn();
    await releases.adopt(set, 1000);
    expect(await releases.load('mf_home/Index', set)).toEqual({ from: '3' });
  });
});
