import type { PageObject } from '@gota/shared/contracts';
import { federatedModules } from '@gota/shared/routes';
import { loggablePath, type Logger } from '../logging/logger';
import { metrics, watchRenderers } from '../observability/metrics';
import type { ReleaseSnapshot } from './release-snapshot';
import type { BuildRoot } from '../static/build-roots';
import {
  clientOnly,
  reportFailures,
  type FailureReason,
  type RenderedPage,
  type Renderer,
  type RenderFailure,
} from './page-renderer';
import { settle } from '../lifecycle/time-limit';
import { mayRunFrom } from './remote-releases';
import { startRenderChild, type ChildExit, type RenderChild } from './render-child';
import type { ChildInit } from './render-protocol';
import { serverFetch } from './server-fetch';

export interface RendererPoolOptions {
  roots: BuildRoot[];
  /** Origins server code may come from besides the local builds (REMOTES_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  logger: Logger;
  /** How many renderer children (RENDERERS). */
  size?: number;
  /** A render not answered by then leaves the page to the browser, and its renderer is killed and replaced (RENDERER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Each child's heap limit, in MB (RENDERER_MEMORY_MB): past it V8 ends the child, and it is replaced. */
  memoryMb?: number;
  /** How long the pool waits for its children to make a release set live before it goes live anyway. */
  adoptWaitMs?: number;
  /** The children's program (tests); default the bundled renderer child. */
  program?: string;
  /** The children's own budgets for code from a CDN (the pre-flight's cold code gets generous ones); default the renderer's. */
  childBudgets?: Pick<ChildInit, 'budgetMs' | 'adoptBudgetMs' | 'retryAfterMs'>;
  /** Told of every server file a child fetched over the network, with its digest (the pre-flight pins them). */
  onFetched?: (url: string, sha256: string) => void;
}

type Cause = 'timeout' | 'memory' | 'crash' | 'adopt';

interface Slot {
  child?: RenderChild | undefined;
  ready: boolean;
  /** Why the pool killed its child, if it did. */
  killedFor?: Cause | undefined;
  /** Children of this slot that ended before getting ready, in a row (the next start waits longer). */
  failedStarts: number;
  /** Resolves once this slot's child is ready (with the current set live). */
  started: Promise<void>;
}

/**
 * Server renders in a pool of renderer children (decision 057): the serving process never loads a remote's code. Each
 * child runs `pageRenderer` (the federation host) with no secret in its environment, under Node's permission model,
 * with a heap limit. The pool makes every release set live in every child before the follower makes it current
 * (`adopt`); a child started later makes the current set live first. A render that passes the time limit has its
 * child killed and replaced, and is tried once more in another child (it may have been held up by another render's
 * loop); past the limit again, or when its child dies, the page is left to the browser (logged and counted, never a
 * 500).
 *
 * @example
 * const renderer = rendererPool({ roots: buildRoots(env), allowedOrigins: env.remotesAllowedOrigins, logger, size: env.RENDERERS })
 * await renderer.adopt(snapshot)          // the release follower, before the set becomes current
 * const rendered = await renderer.render(page, snapshot)
 * await renderer.close()                  // on shutdown: no child outlives the API
 */
export function rendererPool(options: RendererPoolOptions): Renderer & { pids(): number[] } {
  const { logger, size = 2, timeoutMs = 2000, memoryMb = 256, adoptWaitMs = 10_000 } = options;
  const slots: Slot[] = Array.from({ length: Math.max(1, size) }, () => ({
    ready: false,
    failedStarts: 0,
    started: Promise.resolve(),
  }));
  let current: ReleaseSnapshot | undefined;
  let closed = false;
  let inFlight = 0;
  const stoppedForTimeout = new WeakSet<RenderChild>();
  // told whenever a child gets ready: requests that found none wait for it
  let readyNow: () => void = () => undefined;
  let nextReady = new Promise<void>((resolve) => (readyNow = resolve));
  const signalReady = () => {
    readyNow();
    nextReady = new Promise<void>((resolve) => (readyNow = resolve));
  };
  const init = {
    roots: options.roots,
    allowedOrigins: [...options.allowedOrigins],
    level: logger.level,
    instance: String((logger.bindings() as { instance?: unknown }).instance ?? 'api'),
    ...options.childBudgets,
    reportFetched: options.onFetched !== undefined,
  };
  // the children's log lines are written where this process writes its own
  const onLog = (line: string) => process.stdout.write(`${line}\n`);

  async function start(slot: Slot): Promise<void> {
    let child: RenderChild;
    try {
      child = await startRenderChild({
        init,
        memoryMb,
        onLog,
        ...(options.program ? { program: options.program } : {}),
        ...(options.onFetched ? { onFetched: options.onFetched } : {}),
      });
    } catch (error) {
      logger.error({ err: (error as Error).message }, 'no se pudo iniciar un renderizador');
      return restartLater(slot);
    }
    if (closed) return void child.stop();
    Object.assign(slot, { child, ready: false, killedFor: undefined });
    void child.exited.then((exit) => replace(slot, child, exit));
    try {
      // the set the follower made current, and any that comes while this one is made live
      while (current && !child.hasAdopted(current)) await child.adopt(current);
    } catch {
      return; // it exited: `replace` starts another
    }
    if (slot.child !== child) return;
    slot.ready = true;
    slot.failedStarts = 0;
    signalReady();
  }

  function restartLater(slot: Slot): void {
    if (closed) return;
    // a child that cannot even start (a broken bundle, no memory) is not started again in a tight loop
    const delay = Math.min(5000, 100 * 2 ** slot.failedStarts);
    slot.failedStarts += 1;
    setTimeout(() => launch(slot), delay).unref();
  }

  function launch(slot: Slot): void {
    slot.started = start(slot);
  }

  function replace(slot: Slot, child: RenderChild, exit: ChildExit): void {
    if (slot.child !== child) return;
    const wasReady = slot.ready;
    Object.assign(slot, { child: undefined, ready: false });
    if (closed) return;
    const cause: Cause = slot.killedFor ?? (exit.outOfMemory ? 'memory' : 'crash');
    metrics.rendererRestarts.inc({ cause });
    logger.error(
      { renderer: child.pid, cause, code: exit.code, signal: exit.signal, err: exit.detail || undefined },
      'un renderizador terminó y se reemplaza; sus páginas en curso quedan al navegador',
    );
    if (wasReady || slot.killedFor) launch(slot);
    else restartLater(slot);
  }

  function kill(slot: Slot, child: RenderChild, cause: Cause): void {
    if (slot.child !== child) return;
    slot.killedFor = cause;
    slot.ready = false;
    void child.stop('SIGKILL');
  }

  /**
   * An idle ready child, else the busy one whose oldest render not answered yet is the most recent (one stuck in a loop
   * has an old one); only an idle one for a render tried again (it must not meet the same loop). The caller sends its
   * render at once, before another request chooses.
   */
  function choose(idleOnly: boolean): { slot: Slot; child: RenderChild } | undefined {
    const busySince = (child: RenderChild) => child.oldestPending() ?? Number.POSITIVE_INFINITY;
    let best: { slot: Slot; child: RenderChild } | undefined;
    for (const slot of slots) {
      if (!slot.ready || !slot.child || (idleOnly && slot.child.inFlight() > 0)) continue;
      if (!best || busySince(slot.child) > busySince(best.child)) best = { slot, child: slot.child };
    }
    return best;
  }

  /** The page's own module is blamed for a render that never ended (a widget's loop cannot be told apart from outside). */
  function pageFailure(
    page: PageObject,
    snapshot: ReleaseSnapshot,
    reason: FailureReason,
    detail: string,
    blame: boolean,
  ): RenderFailure {
    const module = federatedModules(page.component)[0] ?? 'shell/server';
    const remote = module.slice(0, module.indexOf('/'));
    return { module, remote, release: blame ? (snapshot.releases.get(remote)?.releaseId ?? '-') : '-', reason, detail };
  }

  async function renderInPool(page: PageObject, snapshot: ReleaseSnapshot, retried = false): Promise<RenderedPage> {
    const deadline = Date.now() + timeoutMs;
    let picked = choose(retried);
    while (!picked) {
      // every renderer is being replaced (or busy, for a render tried again): wait for one, within the time limit
      const left = deadline - Date.now();
      if (left <= 0 || closed)
        return clientOnly([pageFailure(page, snapshot, 'timeout', `ningún renderizador estuvo libre en ${timeoutMs} ms`, false)]);
      await settle(nextReady, retried ? Math.min(left, 20) : left);
      picked = choose(retried);
    }
    const outcome = await settle(picked.child.render(page, snapshot), Math.max(1, deadline - Date.now()));
    if ('value' in outcome) return outcome.value;
    if ('error' in outcome) {
      // its renderer was stopped for a render that never ended (maybe another page's): tried once more elsewhere
      if (stoppedForTimeout.has(picked.child) && !retried) return renderInPool(page, snapshot, true);
      return clientOnly([pageFailure(page, snapshot, 'throw', (outcome.error as Error).message, false)]);
    }
    metrics.renderTimeouts.inc();
    logger.error(
      { renderer: picked.child.pid, route: loggablePath(page.url), component: page.component, ms: timeoutMs, retried },
      'un renderizado pasó el límite de tiempo: su renderizador se detiene y se reemplaza',
    );
    stoppedForTimeout.add(picked.child);
    kill(picked.slot, picked.child, 'timeout');
    // a render held up by another one's loop in the same child is not the loop: it gets one more try in another child
    if (!retried) return renderInPool(page, snapshot, true);
    return clientOnly([pageFailure(page, snapshot, 'timeout', `el renderizado no terminó en ${timeoutMs} ms, dos veces`, true)]);
  }

  watchRenderers(() => ({ inFlight, ready: slots.filter((slot) => slot.ready).length }));
  for (const slot of slots) launch(slot);
  const mayRun = mayRunFrom(options.allowedOrigins);

  return {
    async render(page, snapshot) {
      inFlight += 1;
      try {
        const rendered = await renderInPool(page, snapshot);
        reportFailures(logger, page, rendered.failures);
        return rendered;
      } finally {
        inFlight -= 1;
      }
    },
    /** Makes `snapshot`'s code live in every child (the release follower, before the set becomes current). */
    async adopt(snapshot) {
      current = snapshot;
      await Promise.all(
        slots.map(async (slot) => {
          const child = slot.child;
          // one starting makes `current` live before it gets ready
          if (!child || !slot.ready) return void (await settle(slot.started, adoptWaitMs));
          const outcome = await settle(child.adopt(snapshot), adoptWaitMs);
          if ('timedOut' in outcome) kill(slot, child, 'adopt');
        }),
      );
    },
    mayRun,
    // the follower reads the local builds' manifests (data, never run here)
    fetchCode: serverFetch({ roots: options.roots, allowedOrigins: options.allowedOrigins, timeoutMs: 3000 }),
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.child?.stop()));
    },
    pids: () => slots.flatMap((slot) => (slot.ready && slot.child?.pid !== undefined ? [slot.child.pid] : [])),
  };
}
