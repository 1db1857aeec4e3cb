import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exposedModules, remoteFolder, remoteNames } from '@gota/shared/routes';
import { frontEndApps, remoteFolders } from './front-end-apps.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

describe('the front-end apps the scripts build and serve', () => {
  it('are the remotes of the route table, each in its workspace, and the shell', () => {
    expect([...remoteFolders].sort()).toEqual(remoteNames.map(remoteFolder).sort());
    expect(frontEndApps.at(-1)).toBe('shell');
  });

  it.each(remoteNames)('%s exposes exactly the pages and widgets the page table names for it', async (remote) => {
    const config = (await import(path.join(repo, remoteFolder(remote), 'webpack.config.mjs'))) as { exposes: Record<string, string> };
    expect(Object.keys(config.exposes).sort()).toEqual(exposedModules(remote).map((name) => `./${name}`).sort());
  });
});
