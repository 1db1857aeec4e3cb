import { execFile } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../env';
import { testApp } from '../testing/test-app';
import { createLogger } from './logger';

const run = promisify(execFile);

function recordingLogger(instance?: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    instance,
    destination: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, lines };
}

describe('log lines (issue #15 row 6)', () => {
  it('name the instance: hostname:pid by default, INSTANCE_ID when set, on request lines too', async () => {
    const byDefault = recordingLogger();
    byDefault.logger.child({ requestId: 'x' }).info('hola');
    expect(byDefault.lines[0]).toMatchObject({ service: 'gota-api', instance: `${hostname()}:${process.pid}`, requestId: 'x' });

    const named = recordingLogger('api-2');
    const { app } = testApp({ logger: named.logger });
    await app.request('/healthz');
    await app.request('/historias', { headers: { 'X-Inertia': 'true' } });
    expect(named.lines.length).toBeGreaterThan(0);
    for (const line of named.lines) expect(line.instance).toBe('api-2');
  });

  it.each([
    ['uncaught exception', 'exception', 'Connection terminated unexpectedly'],
    ['unhandled rejection', 'rejection', 'promesa rechazada sin manejar'],
  ])('an %s is one JSON line with the instance, then exit 1', { timeout: 120_000 }, async (_name, kind, message) => {
    const fixture = path.join(repoRoot, 'api/src/testing/fixtures/uncaught.ts');
    const failure = await run(process.execPath, ['--import', 'tsx', fixture, kind], {
      cwd: repoRoot,
      env: { ...process.env, INSTANCE_ID: 'api-7' },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const lines = failure!.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, instance: 'api-7', service: 'gota-api', err: { message } });
    expect(failure!.stderr).not.toContain(message);
  });
});
