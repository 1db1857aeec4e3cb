import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import type { FederationHost } from './federation-host';
import type { RemoteRelease } from './remote-manifest';
import { remoteReleases } from './remote-releases';

/** A build's manifest as the server reads it; `digit` makes each release's sha256 its own. */
function manifest(name: string, digit: string) {
  return {
    name,
    metaData: { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' }, ssrRemoteEntrySha256: digit.repeat(64) },
    exposes: name === 'shell' ? [] : [{ name: 'Index', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  };
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
    load: <T,>(id: string) => Promise.resolve({ from: live.get(id.slice(0, id.indexOf('/')))?.sha256.slice(0, 1) } as T),
    close: () => {},
  };
}

describe('remoteReleases', () => {
  it('never renders with the release the registry named before, while the new one is being read (issue #35)', async () => {
    let answerNext!: () => void;
    const nextRead = new Promise<void>((resolve) => (answerNext = resolve));
    const manifests: Record<string, () => Promise<unknown>> = {
      '/app/mf-manifest.json': async () => manifest('shell', 'a'),
      '/uno/mf-manifest.json': async () => manifest('mf_home', '1'),
      // the new release's manifest takes longer than a request waits for it
      '/dos/mf-manifest.json': async () => {
        await nextRead;
        return manifest('mf_home', '2');
      },
    };
    const fetchCode = async (href: string) => Response.json(await manifests[new URL(href).pathname]!());
    const releases = remoteReleases({ host: fakeHost(), fetchCode, logger: createLogger({ level: 'silent' }), budgetMs: 20, retryAfterMs: 0, revalidateMs: 60_000 });

    await releases.sync({ mf_home: '/uno/mf-manifest.json' });
    expect(await releases.load('mf_home/Index')).toEqual({ from: '1' });

    // the registry now names release 2; a page rendered before its manifest is read leaves the slot to the browser,
    // which loads release 2, instead of sending release 1's HTML
    await releases.sync({ mf_home: '/dos/mf-manifest.json' });
    await expect(releases.load('mf_home/Index')).rejects.toThrow(/aún no se conoce/);
    expect(releases.release('mf_home')).toBeUndefined();

    answerNext();
    await expect.poll(() => releases.release('mf_home')?.sha256.slice(0, 1)).toBe('2');
    expect(await releases.load('mf_home/Index')).toEqual({ from: '2' });
  });
});
