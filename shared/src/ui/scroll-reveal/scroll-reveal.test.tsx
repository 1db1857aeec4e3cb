import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeOptions } from '../../testing/axe';
import { FakeIntersectionObserver, stubIntersectionObserver } from '../../testing/intersection-observer';
import { ScrollReveal, clampOffset } from './scroll-reveal';

function stubMotionPreference(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

/** Where every element's top is, as getBoundingClientRect reports it (jsdom lays nothing out). */
function placeElementsAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
}

describe('ScrollReveal', () => {
  beforeEach(() => {
    stubIntersectionObserver();
    stubMotionPreference(false);
    placeElementsAt(window.innerHeight + 200);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders visible and still, as the server does, so that a reader without JavaScript sees it', () => {
    const html = renderToString(
      <ScrollReveal as="section" aria-label="Gracias">
        <h2>Gracias</h2>
      </ScrollReveal>,
    );
    expect(html).toContain('data-reveal="shown"');
  });

  it('keeps what is on screen when the page comes alive as it was painted', () => {
    placeElementsAt(100);
    render(<ScrollReveal>Arriba</ScrollReveal>);
    // live (no longer the server's `shown`), and still
    expect(screen.getByText('Arriba').dataset.reveal).toBe('still');
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  it('hides what is below the fold, then reveals it once scrolled to and keeps it revealed', () => {
    render(
      <ScrollReveal as="section" aria-label="Gracias">
        <h2>Gracias</h2>
      </ScrollReveal>,
    );
    const region = screen.getByRole('region', { name: 'Gracias' });
    expect(screen.getByRole('heading', { name: 'Gracias' })).toBeVisible();
    expect(region.dataset.reveal).toBe('waiting');

    const observer = FakeIntersectionObserver.instances[0]!;
    expect(observer.options.rootMargin).toBe('0px 0px -80px 0px');
    observer.fire(false);
    expect(region.dataset.reveal).toBe('waiting');
    observer.fire(true);
    expect(region.dataset.reveal).toBe('revealed');
    expect(observer.disconnected).toBe(true);
    // leaving the viewport again does not hide it
    observer.fire(false);
    expect(region.dataset.reveal).toBe('revealed');
  });

  it('clamps the offset to 50–310 px', () => {
    expect(clampOffset(10)).toBe(50);
    expect(clampOffset(500)).toBe(310);
    expect(clampOffset(120)).toBe(120);
    expect(clampOffset(Number.NaN)).toBe(80);
    render(<ScrollReveal offset={999}>texto</ScrollReveal>);
    expect(FakeIntersectionObserver.instances[0]!.options.rootMargin).toBe('0px 0px -310px 0px');
  });

  it('shows the content at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<ScrollReveal>Contenido</ScrollReveal>);
    expect(screen.getByText('Contenido').dataset.reveal).toBe('still');
  });

  it('shows the content at once when the visitor prefers reduced motion', () => {
    stubMotionPreference(true);
    render(<ScrollReveal>Contenido</ScrollReveal>);
    expect(screen.getByText('Contenido').dataset.reveal).toBe('still');
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  it('reveals when keyboard focus lands inside it', () => {
    render(
      <ScrollReveal>
        <a href="/aliados">Aliados</a>
      </ScrollReveal>,
    );
    const link = screen.getByRole('link', { name: 'Aliados' });
    act(() => link.focus());
    expect(link.parentElement?.dataset.reveal).toBe('revealed');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <ScrollReveal as="article">
        <h2>Historia</h2>
        <p>Texto</p>
      </ScrollReveal>,
    );
    const results = await axe.run(container, axeOptions);
    expect(results.violations).toEqual([]);
  });
});
