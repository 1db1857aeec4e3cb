import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PageObject } from '@gota/shared/contracts';
import { withTimeout } from '../db/errors';
import type { Logger } from '../logging/logger';
import { metrics, watchPreviews } from '../observability/metrics';
import { reportFailures, type RenderedPage } from '../render/page-renderer';
import type { ReleaseSnapshot } from './release-set';
import type { SnapshotInput } from './snapshot-renderer';
import { resultMark, spawnRenderChild } from './trial-runner';

const previewProgram = path.join(import.meta.dirname, 'preview-render.ts');

export interface PreviewRendererOptions {
  /** The repository root, the children's working folder (tsx is resolved from it). */
  cwd: string;
  shellDist: string;
  allowedOrigins: readonly string[];
  logger: Logger;
  /** How long a previewed request waits for its child (start included) before the parent renders it as before. */
  budgetMs?: number;
  /** A child that has not made its set live by then is killed (a hang); the next request starts another. */
  startBudgetMs?: number;
  /** A child nobody previewed for this long is stopped. */
  idleMs?: number;
  /** How many children at most; the least recently used is stopped for a new one. */
  max?: number;
  /** The child's program (tests give one that hangs); default `preview-render.ts`. */
  program?: string;
}

interface Child {
  key: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  ready: Promise<void>;
  ask(page: PageObject): Promise<RenderedPage>;
  idle?: NodeJS.Timeout;
}

class Late extends Error {}

const within = <T>(promise: Promise<T>, ms: number): Promise<T> => withTimeout(promise, ms, () => new Late());

/**
 * Renders previewed pages in long-lived child processes, one per previewed release set (decision 047), so an operator
 * sees the candidate's server HTML while its code never runs in the serving process (architecture §7, trap 2). A
 * child that is not ready or does not answer within the budget gives `undefined`: the caller renders the page itself,
 * with the candidate's slot left to the browser (decision 044). Never throws.
 *
 * @example
 * const previews = previewRenderer({ cwd: repoRoot, shellDist: env.shellDist, allowedOrigins: env.remotesAllowedOrigins, logger })
 * const rendered = (await previews.render(page, snapshot)) ?? (await renderer.render(page, snapshot))
 * await previews.close()   // on shutdown: no child outlives the API
 */
export function previewRenderer({
  cwd,
  shellDist,
  allowedOrigins,
  logger,
  budgetMs = 5000,
  startBudgetMs = 30_000,
  idleMs = 10 * 60_000,
  max = 2,
  program = previewProgram,
}: PreviewRendererOptions) {
  // insertion order is use order: the first is the least recently used
  const children = new Map<string, Child>();
  const warned = new Set<string>();
  // every fallback counted, the first of each cause logged
  const warnOnce = (cause: 'arranque' | 'salida' | 'sin-respuesta', fields: Record<string, unknown>, message: string) => {
    metrics.previewFallbacks.inc({ cause });
    if (warned.has(cause)) return;
    warned.add(cause);
    logger.warn({ cause, ...fields }, message);
  };

  function start(snapshot: ReleaseSnapshot): Child {
    const proc = spawnRenderChild(program, cwd);
    const pending = new Map<number, (rendered: RenderedPage) => void>();
    let next = 0;
    let stderr = '';
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => ((markReady = resolve), (failStart = reject)));
    ready.catch(() => undefined);
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    proc.stdin.on('error', () => undefined);
    proc.on('error', () => undefined);
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (!line.startsWith(resultMark)) return;
      const message = JSON.parse(line.slice(resultMark.length)) as { ready?: true; id?: number; rendered?: RenderedPage };
      if (message.ready) markReady();
      else if (message.id !== undefined && message.rendered) pending.get(message.id)?.(message.rendered);
    });
    const child: Child = {
      key: snapshot.id,
      ready,
      stop(signal = 'SIGTERM') {
        if (children.get(child.key) === child) children.delete(child.key);
        clearTimeout(child.idle);
        if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
        return exited;
      },
      ask(page) {
        const id = next++;
        return new Promise<RenderedPage>((resolve) => {
          pending.set(id, (rendered) => {
            pending.delete(id);
            resolve(rendered);
          });
          proc.stdin.write(`${JSON.stringify({ id, page })}\n`);
        });
      },
    };
    void exited.then(() => {
      if (children.get(child.key) === child) children.delete(child.key);
      clearTimeout(child.idle);
      failStart(new Error(`terminó (${proc.exitCode ?? proc.signalCode}) ${stderr.trim().split('\n').at(-1) ?? ''}`.trim()));
    });
    // a child that cannot make its set live in time is hung: the next previewed request starts another
    void within(ready, startBudgetMs).catch((error: unknown) => {
      if (error instanceof Late) void child.stop('SIGKILL');
    });
    const input: SnapshotInput = { releases: [...snapshot.releases.values()], seq: snapshot.seq, allowedOrigins: [...allowedOrigins], shellDist };
    proc.stdin.write(`${JSON.stringify(input)}\n`);
    return child;
  }

  /** The child of `snapshot`, started if there is none, and marked as just used. */
  function childFor(snapshot: ReleaseSnapshot): Child {
    let child = children.get(snapshot.id);
    if (child) children.delete(snapshot.id);
    else {
      while (children.size >= max) void children.values().next().value!.stop();
      child = start(snapshot);
    }
    children.set(snapshot.id, child);
    clearTimeout(child.idle);
    const used = child;
    child.idle = setTimeout(() => void used.stop(), idleMs).unref();
    return child;
  }

  watchPreviews(() => children.size);

  return {
    /** The page rendered with `snapshot` live in its child, or undefined (not ready, no answer in time, exited). */
    async render(page: PageObject, snapshot: ReleaseSnapshot): Promise<RenderedPage | undefined> {
      const started = Date.now();
      const child = childFor(snapshot);
      const fields = { snapshot: snapshot.id };
      try {
        await within(child.ready, budgetMs);
      } catch (error) {
        if (error instanceof Late) warnOnce('arranque', fields, 'el renderizador de la vista previa aún no está listo; la parte candidata queda al navegador');
        else warnOnce('salida', { ...fields, err: (error as Error).message }, 'el renderizador de la vista previa terminó; la parte candidata queda al navegador');
        return undefined;
      }
      try {
        const rendered = await within(child.ask(page), Math.max(budgetMs - (Date.now() - started), 1));
        // told like the parent's failures (logged and counted), never to the automatic rollback's watch
        reportFailures(logger, page, rendered.failures);
        return rendered;
      } catch {
        // it does not answer: hung, killed; the next previewed request starts another
        void child.stop('SIGKILL');
        warnOnce('sin-respuesta', fields, 'el renderizador de la vista previa no respondió a tiempo y se detuvo; la parte candidata queda al navegador');
        return undefined;
      }
    },
    /** The snapshot ids whose child runs, least recently used first (tests, metrics). */
    running: () => [...children.keys()],
    /** Stops every child; resolves once they have exited. */
    close: () => Promise.all([...children.values()].map((child) => child.stop())).then(() => undefined),
  };
}

export type PreviewRenderer = ReturnType<typeof previewRenderer>;
