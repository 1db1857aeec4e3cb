import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './servers';

/**
 * `npm run release -- …args` against the server on `port`, as operations run it. Asynchronous on purpose: a command
 * that took longer than the server's keep-alive (5 s) while the test process waited synchronously left its request
 * context a pooled connection the server had closed, and the next request met a reset.
 *
 * @example
 * const added = await releaseCommand({ port: ports.deploy, token: deployReleaseToken, by: 'Operaciones' }, 'add', 'mf-home', manifest)
 */
export async function releaseCommand(
  { port, token, by }: { port: number; token: string; by: string },
  ...args: string[]
): Promise<{ code: number | null; out: string[]; id: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/scripts/release.ts'), ...args, '--by', by], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, APP_URL: `http://localhost:${port}`, RELEASE_TOKEN: token },
    timeout: 120_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const out = stdout.trim().split('\n');
  return { code, out, id: out.at(-1)!, err: stderr };
}
