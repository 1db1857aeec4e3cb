import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../env';
import { acquireDataLock } from './data-lock';

const tsx = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');

/** Another process that tries to take the folder, as a second `npm start` would; its exit code and error output. */
function secondProcess(dir: string): { status: number | null; stderr: string } {
  const script = `import { acquireDataLock } from ${JSON.stringify(path.join(repoRoot, 'api/src/db/data-lock.ts'))};
    try { acquireDataLock(${JSON.stringify(dir)}); } catch (error) { console.error(error.message); process.exit(1); }`;
  const result = spawnSync(process.execPath, [tsx, '--eval', script], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

describe('one process per PGlite data folder (#12 row 5)', () => {
  it('refuses a second process with a clear message while the first holds the folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gota-lock-'));
    const release = acquireDataLock(dir);
    const second = secondProcess(dir);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Otro proceso (pid ${process.pid}`);
    expect(second.stderr).toContain('pierden datos');
    release();
    expect(existsSync(path.join(dir, 'gota-api.lock'))).toBe(false);
    expect(secondProcess(dir).status).toBe(0);
  });

  it('takes over a lock whose process is gone (kill -9)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gota-lock-'));
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(
      path.join(dir, 'gota-api.lock'),
      JSON.stringify({ pid: gone.pid, host: hostname(), since: '2026-01-01T00:00:00Z' }),
    );
    const release = acquireDataLock(dir);
    release();
  });
});
