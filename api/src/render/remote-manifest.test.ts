import { describe, expect, it } from 'vitest';
import { exposeAssets, parseRelease } from './remote-manifest';

const sha256 = 'a'.repeat(64);
const files = (sync: string[], async: string[] = []) => ({ sync, async });

/** A manifest as a build writes it, with `ssrCss` on the exposes that have it. */
function manifest(exposes: { name: string; css: { sync: string[]; async: string[] }; ssrCss?: string[] }[]) {
  return {
    name: 'mf_auth',
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' },
      ssrRemoteEntrySha256: sha256,
    },
    exposes: exposes.map(({ name, css, ssrCss }) => ({
      name,
      assets: { js: files([`${name}.js`]), css },
      ...(ssrCss ? { ssrCss } : {}),
    })),
  };
}

const release = (json: unknown) =>
  parseRelease('mf-auth', 'http://mf.test/mf-auth/mf-manifest.json', '/mf/mf-auth/mf-manifest.json', json);

describe('exposeAssets', () => {
  it("links the style sheets the build lists for the module, not Module Federation's wider list", () => {
    const built = release(
      manifest([
        {
          name: 'Auth/Login',
          css: files(['login.css'], ['panel-bandeja.css', 'shared.css']),
          ssrCss: ['login.css', 'shared.css'],
        },
      ]),
    );
    expect(exposeAssets(built, 'Auth/Login')).toEqual({
      css: ['/mf/mf-auth/login.css', '/mf/mf-auth/shared.css'],
      js: ['/mf/mf-auth/Auth/Login.js'],
    });
  });

  it('reads a manifest built before the list existed: every sheet Module Federation names, so nothing is unstyled', () => {
    const old = release(manifest([{ name: 'Auth/Login', css: files(['login.css'], ['shared.css']) }]));
    expect(exposeAssets(old, 'Auth/Login').css).toEqual(['/mf/mf-auth/login.css', '/mf/mf-auth/shared.css']);
  });

  it('gives nothing for a module the release does not expose', () => {
    expect(exposeAssets(release(manifest([])), 'Auth/Login')).toEqual({ css: [], js: [] });
  });
});
