import { act, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollReveal, clampOffset } from './scroll-reveal';

/** A controllable IntersectionObserver: the test decides when an element enters the (shrunken) viewport. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  fire(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function stubMotionPreference(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

describe('ScrollReveal', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    stubMotionPreference(false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the content readable before it reveals, then reveals once and stays revealed', () => {
    render(
      <ScrollReveal as="section" aria-label="Gracias">
        <h2>Gracias</h2>
      </ScrollReveal>,
    );
    const region = screen.getByRole('region', { name: 'Gracias' });
    expect(screen.getByRole('heading', { name: 'Gracias' })).toBeTruthy();
    expect(region.dataset.revealed).toBe('false');

    const observer = FakeObserver.instances[0]!;
    expect(observer.options.rootMargin).toBe('0px 0px -80px 0px');
    observer.fire(false);
    expect(region.dataset.revealed).toBe('false');
    observer.fire(true);
    expect(region.dataset.revealed).toBe('true');
    expect(observer.disconnected).toBe(true);
    // leaving the viewport again does not hide it
    observer.fire(false);
    expect(region.dataset.revealed).toBe('true');
  });

  it('clamps the offset to 50–310 px', () => {
    expect(clampOffset(10)).toBe(50);
    expect(clampOffset(500)).toBe(310);
    expect(clampOffset(120)).toBe(120);
    expect(clampOffset(Number.NaN)).toBe(80);
    render(<ScrollReveal offset={999}>texto</ScrollReveal>);
    expect(FakeObserver.instances[0]!.options.rootMargin).toBe('0px 0px -310px 0px');
  });

  it('shows the content at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<ScrollReveal>Contenido</ScrollReveal>);
    expect(screen.getByText('Contenido').dataset.revealed).toBe('true');
  });

  it('shows the content at once when the visitor prefers reduced motion', () => {
    stubMotionPreference(true);
    render(<ScrollReveal>Contenido</ScrollReveal>);
    expect(screen.getByText('Contenido').dataset.revealed).toBe('true');
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('reveals when keyboard focus lands inside it', () => {
    render(
      <ScrollReveal>
        <a href="/aliados">Aliados</a>
      </ScrollReveal>,
    );
    const link = screen.getByRole('link', { name: 'Aliados' });
    act(() => link.focus());
    expect(link.parentElement?.dataset.revealed).toBe('true');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <ScrollReveal as="article">
        <h2>Historia</h2>
        <p>Texto</p>
      </ScrollReveal>,
    );
    const results = await axe.run(container, { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});
