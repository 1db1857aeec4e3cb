import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from '@gota/shared/federation';

/**
 * A part of the chrome whose code is not on the first view (decision 020): the dialogs and the drawer, closed on every
 * page's arrival, load the first time they open. `prefetch` starts the download early (the opener's hover or focus).
 */
export interface OnDemand<P extends object> {
  /** Starts loading the code without rendering anything; a failure is forgotten, so the next try fetches again. */
  prefetch: () => void;
  /** The component to render; renders nothing until its code has arrived (wrap it in `<Suspense>`). */
  readonly Component: LazyExoticComponent<ComponentType<P>>;
  /** After a failed load: the next render of `Component` fetches the code again (React.lazy keeps a rejection). */
  reset: () => void;
}

/**
 * @example
 * const contactDialog = onDemand(() => import('./contact-dialog').then((m) => m.ContactDialog))
 * <button onFocus={contactDialog.prefetch} …>
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchCode = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  const makeLazy = () => lazy(() => fetchCode().then((Loaded) => ({ default: Loaded })));
  let current = makeLazy();
  return {
    prefetch: () => void fetchCode().catch(() => undefined),
    get Component() {
      return current;
    },
    reset: () => {
      current = makeLazy();
    },
  };
}

export interface OnDemandPartProps<P extends object> {
  part: OnDemand<P>;
  /** True once the part is wanted: from then on it stays mounted (a closing dialog still animates and returns focus). */
  wanted: boolean;
  props: P;
  /** The part could not load: the caller closes what asked for it (the next open tries again) and tells the visitor. */
  onFailure: (error: unknown) => void;
}

/**
 * Renders an on-demand part from the first time it is wanted. Before that it renders nothing, as the closed dialog or
 * drawer it stands for does on the server and in the first render, so hydration is unchanged.
 */
export function OnDemandPart<P extends object>({ part, wanted, props, onFailure }: OnDemandPartProps<P>) {
  const [used, setUsed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // after a failure, the part waits until it is no longer wanted and wanted again: never a loop of failing loads
  const [blocked, setBlocked] = useState(false);
  if (!wanted && blocked) setBlocked(false);
  if (wanted && !used && !blocked) setUsed(true);
  if (!used) return null;
  const Loaded = part.Component as ComponentType<P>;
  return (
    // a part that could not load (or broke) renders nothing instead of taking the page with it
    <ErrorBoundary
      key={attempt}
      failed={null}
      onError={(error) => {
        part.reset();
        setUsed(false);
        setBlocked(true);
        setAttempt((n) => n + 1);
        onFailure(error);
      }}
    >
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
