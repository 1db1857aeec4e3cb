import { Component, Suspense, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { useFederation, type FederatedComponent, type FederatedId } from './federation-context';

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
}

interface BoundaryProps {
  failed: ReactNode;
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a module that throws while rendering inside its slot: the rest of the page stays. */
class SlotBoundary extends Component<BoundaryProps, { error: boolean }> {
  override state = { error: false };

  static getDerivedStateFromError() {
    return { error: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(Object.assign(error instanceof Error ? error : new Error(String(error)), { componentStack: info.componentStack }));
  }

  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

type SlotState = { id: string } & ({ status: 'ready'; Module: FederatedComponent } | { status: 'loading' } | { status: 'failed' });

function initialState(id: string, loaded: ReadonlyMap<string, FederatedComponent>): SlotState {
  const Module = loaded.get(id);
  return Module ? { id, status: 'ready', Module } : { id, status: 'loading' };
}

/**
 * Renders a module another team exposes, through the one federated loader (ARCHITECTURE §7). A module the context
 * already holds renders at once, so the server and the browser's first render agree; any other one shows `fallback`
 * first and loads after the first render (never during hydration). A failure stays inside the slot.
 *
 * @example
 * <FederatedSlot id="mf_stories/StoryCarousel" props={{ stories }} fallback={<StoryLinks stories={stories} />} />
 */
export function FederatedSlot({ id, props, fallback, failed, onError }: FederatedSlotProps) {
  const { loaded, load } = useFederation();
  const [attempt, setAttempt] = useState(0);
  const [stored, setState] = useState<SlotState>(() => initialState(id, loaded));
  // another module in the same place (a visit from one page to another): start again from what is at hand
  const state = stored.id === id ? stored : initialState(id, loaded);
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  });

  useEffect(() => {
    if (state.status !== 'loading' || !load) return;
    let current = true;
    load(id, { retry: attempt > 0 }).then(
      (Module) => current && setState({ id, status: 'ready', Module }),
      (error: unknown) => {
        if (!current) return;
        report.current?.(error);
        setState({ id, status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [id, load, attempt, state.status]);

  const retry = () => {
    setAttempt((n) => n + 1);
    setState({ id, status: 'loading' });
  };
  const whenFailed = failed ? failed(retry) : fallback;
  if (state.status === 'failed') return whenFailed;
  if (state.status === 'loading') return fallback;
  const { Module } = state;
  // The Suspense boundary confines a module that throws while the server renders it: the server sends the fallback
  // for this slot only, and the browser renders the slot itself. In the browser the boundary below catches errors.
  return (
    <Suspense fallback={fallback}>
      <SlotBoundary key={attempt} failed={whenFailed} onError={(error) => report.current?.(error)}>
        <Module {...props} />
      </SlotBoundary>
    </Suspense>
  );
}
