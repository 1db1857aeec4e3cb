import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue #16 row 11: npm 11 skips dependency install scripts that `allowScripts` does not cover and ends every
// `npm install` with a warning listing them. A newcomer should see no such warning: each script the project relies on
// is approved in the root package.json (esbuild for tsx, vite and drizzle-kit; @swc/core for swc-loader).
const root = fileURLToPath(new URL('../..', import.meta.url));

type Listing = { allowScripts: { name: string; changes: { key: string; change: string }[] }[] };

describe('install scripts', () => {
  // npm reads every installed package.json: seconds on a busy machine
  it('every installed package with an install script is approved or denied in package.json', { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)('npm', ['install-scripts', 'ls', '--json'], { cwd: root });
    const listing = JSON.parse(stdout) as Listing;
    const pending = listing.allowScripts.flatMap((entry) =>
      entry.changes.filter((c) => c.change === 'pending').map((c) => c.key),
    );
    expect(pending).toEqual([]);
  });
});
