import { describe, expect, it } from 'vitest';
import { remoteFolder, remoteNames } from '@gota/shared/routes';
import { frontEndApps, remoteFolders } from './front-end-apps.mjs';

describe('the front-end apps the scripts build and serve', () => {
  it('are the remotes of the route table, each in its workspace, and the shell', () => {
    expect([...remoteFolders].sort()).toEqual(remoteNames.map(remoteFolder).sort());
    expect(frontEndApps.at(-1)).toBe('shell');
  });
});
