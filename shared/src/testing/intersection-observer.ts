import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * An IntersectionObserver the test drives (jsdom has none and lays nothing out): it records what it observes and the
 * options it was made with, and reports only when the test says so.
 */
export class FakeIntersectionObserver {
  /** Every observer made since the last `stubIntersectionObserver()`, oldest first. */
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  disconnected = false;

  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.push(element);
  }

  unobserve(element: Element) {
    this.observed = this.observed.filter((item) => item !== element);
  }

  disconnect() {
    this.disconnected = true;
    this.observed = [];
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports every element it observes as inside (or outside) the viewport, inside `act`. */
  fire(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    if (entries.length === 0) return;
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

/**
 * Makes `FakeIntersectionObserver` the page's IntersectionObserver, with no instance yet; `vi.unstubAllGlobals()` takes
 * it away. The result tells every live observer at once that what it watches came into view, or left it.
 *
 * @example
 * const { view } = stubIntersectionObserver();
 * render(<ImpactCounters />);
 * view(true);
 */
export function stubIntersectionObserver(): { view: (inView: boolean) => void } {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return { view: viewEveryObserver };
}

function viewEveryObserver(inView: boolean): void {
  for (const observer of FakeIntersectionObserver.instances) if (!observer.disconnected) observer.fire(inView);
}

/**
 * For each test of the calling file: fake timers and a fresh stubbed IntersectionObserver, both undone afterwards (what
 * a section that waits to be seen, then animates on a clock, needs). Returns the switch of `stubIntersectionObserver`.
 */
export function fakeViewportEachTest(): (inView: boolean) => void {
  beforeEach(() => {
    vi.useFakeTimers();
    stubIntersectionObserver();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return viewEveryObserver;
}
