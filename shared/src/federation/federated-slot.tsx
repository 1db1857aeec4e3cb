import { memo, Suspense, use, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ErrorBoundary } from './error-boundary';
import { useFederation, type FederatedComponent, type FederatedId } from './federation-context';
import { whenNear } from './when-near';

export interface FederatedSlotProps {
  /** What to render: `mf_stories/StoryCarousel`. */
  id: FederatedId;
  /** The module's props. */
  props: object;
  /**
   * Shown while the module loads, and where it could not be rendered on the server (the first HTML then carries this,
   * and the browser replaces it once the module arrives). A reader without JavaScript sees it, so it should be useful.
   */
  fallback: ReactNode;
  /** Shown when the module cannot be loaded or throws; `retry` loads it again. Default: the fallback. */
  failed?: (retry: () => void) => ReactNode;
  /** Told once per failure (the shell logs it). */
  onError?: (error: unknown) => void;
  /**
   * Load the module only when this element (around the slot) comes within half a screen of the viewport, or on the first
   * pointer or focus inside it, instead of right after the first render: for widgets below the first view (decision
   * 020). Until then the slot keeps the server's HTML as it is (not yet interactive), or shows `fallback` where the
   * server could not render the module.
   */
  loadNear?: RefObject<Element | null>;
}

/** The module of a slot whose server HTML waits for it: settled by the slot, never rejected (see `Dehydrated`). */
interface Awaited {
  module: Promise<FederatedComponent>;
  resolve: (Module: FederatedComponent) => void;
}

function awaited(): Awaited {
  let resolve: Awaited['resolve'] = () => undefined;
  const module = new Promise<FederatedComponent>((settle) => {
    resolve = settle;
  });
  return { module, resolve };
}

type SlotState = { id: string } & (
  | { status: 'ready'; Module: FederatedComponent }
  | { status: 'loading' }
  | { status: 'failed' }
  // the server rendered the module and the browser has not loaded it: its HTML stays until `waiting.module` settles
  | { status: 'dehydrated'; waiting: Awaited }
);

function initialState(id: string, loaded: ReadonlyMap<string, FederatedComponent>, dehydrated?: ReadonlySet<string>): SlotState {
  const Module = loaded.get(id);
  if (Module) return { id, status: 'ready', Module };
  return dehydrated?.has(id) ? { id, status: 'dehydrated', waiting: awaited() } : { id, status: 'loading' };
}

function AwaitedModule({ module, props }: { module: Promise<FederatedComponent>; props: object }) {
  const Module = use(module);
  // eslint-disable-next-line react-hooks/static-components -- the module's component, the same on every render: `module` is the slot's one promise, settled once
  return <Module {...props} />;
}

interface DehydratedProps {
  waiting: Awaited;
  props: object;
  fallback: ReactNode;
  failed: ReactNode;
  onError: (error: unknown) => void;
}

/**
 * The same tree as a ready slot (Suspense, boundary, module), so it hydrates the server's markup; the module suspends
 * until the slot settles `waiting`, and React keeps the server HTML of a boundary that suspends while it hydrates. An
 * update reaching the boundary before then would make React drop that HTML and render the fallback, so it re-renders
 * only when the module's props change, not when its parent merely renders again (new objects, same values).
 */
const Dehydrated = memo(
  function Dehydrated({ waiting, props, fallback, failed, onError }: DehydratedProps) {
    return (
      <Suspense fallback={fallback}>
        <ErrorBoundary failed={failed} onError={onError}>
          <AwaitedModule module={waiting.module} props={props} />
        </ErrorBoundary>
      </Suspense>
    );
  },
  (before, after) => before.waiting === after.waiting && shallowEqual(before.props, after.props),
);

function shallowEqual(a: object, b: object): boolean {
  const left = Object.entries(a);
  return (
    left.length === Object.keys(b).length && left.every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]))
  );
}

/**
 * Renders a module another team exposes, through the one federated loader (architecture §7). A module the context
 * already holds renders at once, so the server and the browser's first render agree; one the server rendered but the
 * browser left for later (`dehydrated`) keeps its server HTML until it loads; any other one shows `fallback` first and
 * loads after the first render (never during hydration), or when it comes near with `loadNear`. A failure stays inside
 * the slot.
 *
 * @example
 * <FederatedSlot id="mf_stories/StoryCarousel" props={{ stories }} fallback={<StoryLinks stories={stories} />} />
 */
export function FederatedSlot({ id, props, fallback, failed, onError, loadNear }: FederatedSlotProps) {
  const { loaded, load, dehydrated } = useFederation();
  const [attempt, setAttempt] = useState(0);
  const [stored, setState] = useState<SlotState>(() => initialState(id, loaded, dehydrated));
  // another module in the same place (a visit from one page to another): start again from what is at hand
  const state = stored.id === id ? stored : initialState(id, loaded);
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  });
  const reportError = useCallback((error: unknown) => report.current?.(error), []);
  const waiting = state.status === 'dehydrated' ? state.waiting : null;

  useEffect(() => {
    if ((state.status !== 'loading' && !waiting) || !load) return;
    let current = true;
    const start = () =>
      load(id, { retry: attempt > 0 }).then(
        (Module) => {
          if (!current) return;
          // a dehydrated slot must not render again before React hydrates it: settling the promise is enough
          if (waiting) waiting.resolve(Module);
          else setState({ id, status: 'ready', Module });
        },
        (error: unknown) => {
          if (!current) return;
          reportError(error);
          // a dehydrated slot's server HTML gives way to the failure view (the boundary is replaced, not updated)
          setState({ id, status: 'failed' });
        },
      );
    const stop = whenNear(loadNear?.current ?? null, () => void start());
    return () => {
      current = false;
      stop();
    };
  }, [id, load, attempt, state.status, waiting, loadNear, reportError]);

  const retry = () => {
    setAttempt((n) => n + 1);
    setState({ id, status: 'loading' });
  };
  const whenFailed = failed ? failed(retry) : fallback;
  if (state.status === 'failed') return whenFailed;
  if (state.status === 'loading') return fallback;
  if (state.status === 'dehydrated') {
    return <Dehydrated waiting={state.waiting} props={props} fallback={fallback} failed={whenFailed} onError={reportError} />;
  }
  const { Module } = state;
  // The Suspense boundary confines a module that throws while the server renders it: the server sends the fallback
  // for this slot only, and the browser renders the slot itself. In the browser the boundary below catches errors.
  return (
    <Suspense fallback={fallback}>
      <ErrorBoundary key={attempt} failed={whenFailed} onError={reportError}>
        <Module {...props} />
      </ErrorBoundary>
    </Suspense>
  );
}
