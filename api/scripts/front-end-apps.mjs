// The front-end apps, from the root package.json's workspaces (the one list npm also reads): every `mf-*` folder is a
// remote, `shell` is the host. The route table names the same remotes (`remoteNames` in @gota/shared/routes); a test
// keeps the two in step (front-end-apps.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const { workspaces } = /** @type {{ workspaces: string[] }} */ (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
);

/** The remotes' workspace folders, in the workspaces' order: `mf-home`, `mf-stories`, … */
export const remoteFolders = workspaces.filter((folder) => folder.startsWith('mf-'));

/** Every app webpack builds: the remotes, then the shell. */
export const frontEndApps = [...remoteFolders, 'shell'];
