import type { PageObject } from '@gota/shared/contracts';
import { withTimeout } from '../../lifecycle/time-limit';
import type { Logger } from '../../logging/logger';
import { metrics, watchPreviews } from '../../observability/metrics';
import { reportFailures, type RenderedPage } from '../../render/page-renderer';
import { startRenderChild } from '../../render/render-child';
import type { BuildRoot } from '../../static/build-roots';
import type { ReleaseSnapshot } from '../../render/release-snapshot';

export interface PreviewRendererOptions {
  /** Where the local builds are (static/build-roots.ts). */
  roots: BuildRoot[];
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
  /** Each child's heap limit, in MB (RENDERER_MEMORY_MB). */
  memoryMb?: number;
  /** The child's program (tests give one that hangs); default the renderer child of the pool (decision 057). */
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
 * Renders previewed pages in long-lived renderer children (the pool's, decision 057), one per previewed release set
 * (decision 047), so an operator sees the candidate's server HTML while its code never runs in the serving process
 * (architecture §7, trap 2). A child that is not ready or does not answer within the budget gives `undefined`: the caller renders the page itself,
 * with the candidate's slot left to the browser (decision 044). Never throws.
 *
 * @example
 * const previews = previewRenderer({ roots: buildRoots(env), allowedOrigins: env.remotesAllowedOrigins, logger })
 * const rendered = (await previews.render(page, snapshot)) ?? (await renderer.render(page, snapshot))
 * await previews.close()   // on shutdown: no child outlives the API
 */
export function previewRenderer({
  roots,
  allowedOrigins,
  logger,
  budgetMs = 5000,
  startBudgetMs = 30_000,
  idleMs = 10 * 60_000,
  max = 2,
  memoryMb = 256,
  program,
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

  // cold code from a CDN: the child's budgets are generous, this side enforces its own
  const init = {
    roots,
    allowedOrigins: [...allowedOrigins],
    level: 'silent',
    instance: 'vista-previa',
    budgetMs: 10_000,
    adoptBudgetMs: 20_000,
    retryAfterMs: 0,
  };

  function start(snapshot: ReleaseSnapshot): Child {
    const starting = startRenderChild({ init, memoryMb, ...(program ? { program } : {}) });
    const ready = starting.then((proc) => proc.adopt(snapshot));
    ready.catch(() => undefined);
    const child: Child = {
      key: snapshot.id,
      ready,
      async stop(signal = 'SIGTERM') {
        if (children.get(child.key) === child) children.delete(child.key);
        clearTimeout(child.idle);
        await (await starting.catch(() => undefined))?.stop(signal);
      },
      ask: (page) => starting.then((proc) => proc.render(page, snapshot)),
    };
    void starting.then(
      (proc) =>
        proc.exited.then(() => {
          if (children.get(child.key) === child) children.delete(child.key);
          clearTimeout(child.idle);
        }),
      () => child.stop(),
    );
    // a child that cannot make its set live in time is hung: the next previewed request starts another
    void within(ready, startBudgetMs).catch((error: unknown) => {
      if (error instanceof Late) void child.stop('SIGKILL');
    });
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
        if (error instanceof Late)
          warnOnce(
            'arranque',
            fields,
            'el renderizador de la vista previa aún no está listo; la parte candidata queda al navegador',
          );
        else
          warnOnce(
            'salida',
            { ...fields, err: (error as Error).message },
            'el renderizador de la vista previa terminó; la parte candidata queda al navegador',
          );
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
        warnOnce(
          'sin-respuesta',
          fields,
          'el renderizador de la vista previa no respondió a tiempo y se detuvo; la parte candidata queda al navegador',
        );
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
