import { afterEach, describe, expect, it, vi } from 'vitest';
import { federationHost } from './federation-host';
import { parseRelease } from './remote-manifest';

function release(digit: string) {
  const manifest = {
    name: 'mf_home',
    metaData: { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' }, ssrRemoteEntrySha256: digit.repeat(64) },
  };
  return parseRelease(
    'mf_home',
    `http://cdn.example.mx/${digit}/mf-manifest.json`,
    `http://cdn.example.mx/${digit}/mf-manifest.json`,
    manifest,
  );
}

describe('federationHost', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes each release live once, without the runtime warning that the name was taken by the last one (issue #35)', () => {
    const warn = vi.spyOn(console, 'warn');
    const host = federationHost(() => Promise.reject(new Error('sin red')));
    try {
      expect(host.use(release('1'))).toBe(true);
      expect(host.use(release('1'))).toBe(false);
      expect(host.use(release('2'))).toBe(true);
      expect(host.release('mf_home')?.sha256).toBe('2'.repeat(64));
      expect(warn).not.toHaveBeenCalled();
    } finally {
      host.close();
    }
  });
});
