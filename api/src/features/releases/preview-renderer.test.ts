import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageObject } from '@gota/shared/contracts';
import { createLogger } from '../../logging/logger';
import { metrics } from '../../observability/metrics';
import { isAlive as alive } from '../../testing/server-process';
import { previewRenderer, type PreviewRendererOptions } from './preview-renderer';
import { releaseSnapshot } from '../../render/release-snapshot';

// children that speak the renderer children's messages without rendering: each answers with its own process id
const folder = mkdtempSync(path.join(tmpdir(), 'gota-vista-previa-'));
const program = (name: string, body: string) => {
  const file = path.join(folder, `${name}.mjs`);
  writeFileSync(
    file,
    `process.on('message', (message) => {
  if (message.init) return;
  if (message.adopt) { ${body.includes('NEVER_READY') ? '' : 'process.send({ adopted: message.adopt.id });'} return; }
  const { id } = message;
  ${body.includes('NEVER_ANSWERS') ? '' : "process.send({ id, rendered: { html: '<p>' + process.pid + '</p>', modules: [], deferred: [], css: [], scripts: [], manifests: [], complete: true, failures: [] } });"}
});
process.on('disconnect', () => process.exit(0));
`,
  );
  return file;
};
const answering = program('responde', '');
const hanging = program('se-cuelga', 'NEVER_ANSWERS');
const neverReady = program('no-arranca', 'NEVER_READY');

const page = { component: 'Blog/Index', props: {}, url: '/historias', version: '1' } as unknown as PageObject;
const snapshotOf = (release: string) =>
  releaseSnapshot(1, [
    { name: 'mf_stories', releaseId: release, browserUrl: `https://cdn.ejemplo.mx/${release}/mf-manifest.json`, serverFiles: [] },
  ]);
const pidOf = (html: string | undefined) => Number(/<p>(\d+)<\/p>/.exec(html ?? '')?.[1]);

const pools: ReturnType<typeof previewRenderer>[] = [];
const pool = (options: Partial<PreviewRendererOptions> = {}) => {
  const made = previewRenderer({
    roots: [],
    allowedOrigins: [],
    logger: createLogger({ level: 'silent' }),
    budgetMs: 30_000,
    program: answering,
    ...options,
  });
  pools.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

describe('the preview renderer', () => {
  it('starts one child per previewed set, reuses it, and stops the least recently used past its cap', async () => {
    const previews = pool({ max: 2 });
    const [a, b, c] = [snapshotOf('a'), snapshotOf('b'), snapshotOf('c')];
    const first = pidOf((await previews.render(page, a))?.html);
    expect(pidOf((await previews.render(page, a))?.html)).toBe(first);
    const second = pidOf((await previews.render(page, b))?.html);
    expect(second).not.toBe(first);
    expect(previews.running()).toEqual([a.id, b.id]);
    await previews.render(page, b);
    await previews.render(page, c);
    expect(previews.running()).toEqual([b.id, c.id]);
    await vi.waitFor(() => expect(alive(first)).toBe(false));
    expect(alive(second)).toBe(true);
  });

  it('answers several requests at once, each with its own page', async () => {
    const previews = pool();
    const answers = await Promise.all([1, 2, 3].map(() => previews.render(page, snapshotOf('a'))));
    expect(answers.every((answer) => answer?.complete)).toBe(true);
    expect(previews.running()).toHaveLength(1);
  });

  it('stops a child nobody uses, and every child when closed: none outlives the API', async () => {
    const idle = pool({ idleMs: 20 });
    const forgotten = pidOf((await idle.render(page, snapshotOf('a')))?.html);
    await vi.waitFor(() => expect(idle.running()).toEqual([]));
    await vi.waitFor(() => expect(alive(forgotten)).toBe(false));

    const previews = pool();
    const pids = [
      pidOf((await previews.render(page, snapshotOf('a')))?.html),
      pidOf((await previews.render(page, snapshotOf('b')))?.html),
    ];
    await previews.close();
    expect(previews.running()).toEqual([]);
    expect(pids.map(alive)).toEqual([false, false]);
  });

  it('kills a child that does not answer, falls back, warns once, and starts another for the next request', async () => {
    const warn = vi.fn();
    const logger = createLogger({ level: 'silent' });
    const previews = pool({
      program: hanging,
      budgetMs: 1500,
      logger: Object.assign(Object.create(logger) as typeof logger, { warn }),
    });
    const before =
      (await metrics.previewFallbacks.get()).values.find((value) => value.labels.cause === 'sin-respuesta')?.value ?? 0;
    expect(await previews.render(page, snapshotOf('a'))).toBeUndefined();
    expect(previews.running()).toEqual([]);
    expect(await previews.render(page, snapshotOf('a'))).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ cause: 'sin-respuesta' });
    // both fallbacks counted for the operators' dashboards, though logged once
    expect((await metrics.previewFallbacks.get()).values.find((value) => value.labels.cause === 'sin-respuesta')?.value).toBe(
      before + 2,
    );
  });

  it('falls back while a child is not ready, and kills one that never gets ready', async () => {
    const previews = pool({ program: neverReady, budgetMs: 200, startBudgetMs: 1000 });
    const snapshot = snapshotOf('a');
    expect(await previews.render(page, snapshot)).toBeUndefined();
    expect(previews.running()).toEqual([snapshot.id]);
    expect((await metrics.previewRenderers.get()).values[0]?.value).toBe(1);
    await vi.waitFor(() => expect(previews.running()).toEqual([]), { timeout: 5000 });
  });
});
