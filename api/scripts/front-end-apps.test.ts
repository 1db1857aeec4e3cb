import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposedModules, remoteFolder, remoteNames, type RemoteName } from '@gota/shared/routes';
import { frontEndApps, remoteFolders } from './front-end-apps.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

describe('the front-end apps the scripts build and serve', () => {
  it('are the remotes of the route table, each in its workspace, and the shell', () => {
    expect([...remoteFolders].sort()).toEqual(remoteNames.map(remoteFolder).sort());
    expect(frontEndApps.at(-1)).toBe('shell');
  });

  it('are each served by the documented nginx', () => {
    const nginx = readFileSync(path.join(repo, 'docs/deploy/nginx.conf'), 'utf8');
    const served = /location ~ "\^\/mf\/\(([a-z|-]+)\)/.exec(nginx)?.[1]?.split('|');
    expect(served?.sort()).toEqual([...remoteFolders].sort());
  });

  it.each(remoteNames)('%s exposes exactly the pages and widgets the page table names for it', async (remote) => {
    const config = (await import(path.join(repo, remoteFolder(remote), 'webpack.config.mjs'))) as {
      exposes: Record<string, string>;
    };
    expect(Object.keys(config.exposes).sort()).toEqual(
      exposedModules(remote)
        .map((name) => `./${name}`)
        .sort(),
    );
  });

  // decision 063: a remote's entry names every module it exposes, and a visitor page that loads a remote loads its
  // entry; so a remote that serves visitors (a content page or a widget) exposes no panel page
  it('keeps the panel out of the remotes visitors load', async () => {
    const isVisitorModule = (expose: string) => !expose.startsWith('Panel/') && !expose.startsWith('Auth/');
    const visitorRemotes = remoteNames.filter((remote) => exposedModules<RemoteName>(remote).some(isVisitorModule));
    expect(visitorRemotes).toEqual(['mf_home', 'mf_stories', 'mf_allies', 'mf_campaign']);
    for (const remote of visitorRemotes) {
      const config = (await import(path.join(repo, remoteFolder(remote), 'webpack.config.mjs'))) as {
        exposes: Record<string, string>;
      };
      expect(
        Object.keys(config.exposes).filter((name) => name.startsWith('./Panel/')),
        remote,
      ).toEqual([]);
    }
    expect(exposedModules('mf_content').every((expose) => expose.startsWith('Panel/'))).toBe(true);
  });
});
