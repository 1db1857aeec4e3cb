import { act, fireEvent } from '@testing-library/react';
import { useRef, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../testing/intersection-observer';
import { FederatedSlot } from './federated-slot';
import { FederationContext, type FederatedComponent, type FederationValue } from './federation-context';

// A widget with state: it counts its clicks once hydrated, so the test can tell server HTML from a live component.
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label}: {count}
    </button>
  );
}

const id = 'mf_test/Counter' as const;

/** The page around the slot: a block the slot watches, and a parent that can render again with equal props. */
function Page({ label, tick = 0 }: { label: string; tick?: number }) {
  const block = useRef<HTMLElement>(null);
  return (
    <main data-tick={tick}>
      <section ref={block} data-testid="block">
        <FederatedSlot
          id={id}
          props={{ label }}
          fallback={<p>Cargando el contador</p>}
          failed={(retry) => (
            <button type="button" onClick={retry}>
              Reintentar
            </button>
          )}
          onError={() => undefined}
          loadNear={block}
        />
      </section>
    </main>
  );
}

// the test says when a slot comes near the viewport
let near: (inView: boolean) => void = () => {};

interface Loader {
  load: FederationValue['load'];
  settle: (outcome: FederatedComponent | Error) => void;
  calls: () => number;
}

function deferredLoader(): Loader {
  let calls = 0;
  let settle: Loader['settle'] = () => undefined;
  const pending = new Promise<FederatedComponent>((resolve, reject) => {
    settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
  });
  return {
    load: () => {
      calls += 1;
      return pending;
    },
    settle: (outcome) => settle(outcome),
    calls: () => calls,
  };
}

describe('FederatedSlot with a module the server rendered and the browser left for later', () => {
  let container: HTMLElement;
  let root: Root | null = null;
  const recoverable: unknown[] = [];

  beforeEach(() => {
    recoverable.length = 0;
    ({ view: near } = stubIntersectionObserver());
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function serve(ui: ReactNode) {
    container.innerHTML = renderToString(
      <FederationContext value={{ loaded: new Map([[id, Counter]]) }}>{ui}</FederationContext>,
    );
  }

  async function hydrate(ui: ReactNode, loader: Loader) {
    const value: FederationValue = { loaded: new Map(), load: loader.load, dehydrated: new Set([id]) };
    const wrap = (node: ReactNode) => <FederationContext value={value}>{node}</FederationContext>;
    await act(async () => {
      root = hydrateRoot(container, wrap(ui), { onRecoverableError: (error) => recoverable.push(error) });
    });
    return { rerender: (node: ReactNode) => act(async () => root?.render(wrap(node))) };
  }

  it('keeps the server HTML, loads nothing until the block comes near, then hydrates it in place', async () => {
    const errors = vi.spyOn(console, 'error');
    serve(<Page label="Historias" />);
    const serverButton = container.querySelector('button');
    expect(serverButton?.textContent).toBe('Historias: 0');

    const loader = deferredLoader();
    await hydrate(<Page label="Historias" />, loader);
    expect(loader.calls()).toBe(0);
    expect(container.querySelector('button')).toBe(serverButton);

    near(true);
    await act(async () => {});
    expect(loader.calls()).toBe(1);
    await act(async () => loader.settle(Counter));

    // the very same element, now live
    const button = container.querySelector('button');
    expect(button).toBe(serverButton);
    act(() => button?.click());
    expect(button?.textContent).toBe('Historias: 1');
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('loads at the first pointer or focus inside the block, before it is near', async () => {
    serve(<Page label="Aliados" />);
    const loader = deferredLoader();
    await hydrate(<Page label="Aliados" />, loader);
    const serverButton = container.querySelector('button') as HTMLElement;
    // awaited: the slot suspends on the load it starts, and React finishes that work only in an awaited act
    await act(async () => fireEvent.focusIn(serverButton));
    expect(loader.calls()).toBe(1);
    await act(async () => loader.settle(Counter));
    expect(container.querySelector('button')).toBe(serverButton);
    expect(recoverable).toEqual([]);
  });

  it('keeps the server HTML when its parent renders again with equal props before the module arrives', async () => {
    serve(<Page label="Historias" />);
    const serverButton = container.querySelector('button');
    const loader = deferredLoader();
    const view = await hydrate(<Page label="Historias" />, loader);

    await view.rerender(<Page label="Historias" tick={1} />);
    expect(container.querySelector('main')?.dataset.tick).toBe('1');
    expect(container.querySelector('button')).toBe(serverButton);

    near(true);
    await act(async () => {});
    await act(async () => loader.settle(Counter));
    expect(container.querySelector('button')).toBe(serverButton);
    expect(recoverable).toEqual([]);
  });

  it("replaces the server HTML with the failure view when the module cannot be loaded, and 'Reintentar' loads it", async () => {
    serve(<Page label="Historias" />);
    const loader = deferredLoader();
    await hydrate(<Page label="Historias" />, loader);
    near(true);
    await act(async () => {});
    await act(async () => loader.settle(new Error('remoto caído')));

    const retry = container.querySelector('button');
    expect(retry?.textContent).toBe('Reintentar');
    expect(recoverable).toEqual([]);
    act(() => retry?.click());
    expect(container.textContent).toContain('Cargando el contador');
  });
});
