import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const tmpDir = path.join(repoRoot, 'e2e/.tmp');

/** The server setups the journeys run against; each is a real API process serving real builds. */
export const ports = {
  main: 3300,
  crossOrigin: 3400,
  remotesBase: 3400, // remotes on 3401–3405
  remoteDown: 3500,
  deploy: 3600,
  deployedRemote: 3601,
} as const;

export const remoteFolders = ['mf-home', 'mf-stories', 'mf-allies', 'mf-campaign', 'mf-auth'] as const;

export const deployRegistryFile = path.join(tmpDir, 'deploy-registry.json');
