import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PagePropsOf, StorySummary } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { exampleCounters } from '../features/counters/example-counters';
import { IndexPage } from './index-page';

const stories = [1, 2, 3, 4].map(
  (n) => ({ titulo: `Historia ${n}`, slug: `historia-${n}`, fechaData: `2025-10-0${n}` }) as StorySummary,
);

const props = {
  errors: {},
  auth: { user: null },
  seo: { title: 'Inicio', description: 'd', keywords: 'k', url: 'http://localhost/', baseUrl: 'http://localhost' },
  appName: 'Gota a Gota',
  isIndex: true,
  latestStories: stories,
  counters: exampleCounters,
} satisfies PagePropsOf<'Index'>;

function renderHome() {
  return render(
    <MemoryRouter>
      <IndexPage {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // the widgets' remotes are not registered here: home must stand on its own
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('sin red')));
  // jsdom draws nothing: the hero keeps its still background
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useSiteStore.setState({ contactForm: false });
});

describe('IndexPage', () => {
  it('shows the headline and opens the contact form from the hero', () => {
    renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cada gota cuenta: cuidemos juntos el agua de México' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '¿quieres sumarte?' }));
    expect(useSiteStore.getState().contactForm).toBe(true);
  });

  it('starts the headline underline 500 ms after mount', () => {
    vi.useFakeTimers();
    try {
      const { container } = renderHome();
      const underline = container.querySelector('[data-underlined]');
      expect(underline).toHaveAttribute('data-underlined', 'false');
      act(() => void vi.advanceTimersByTime(499));
      expect(underline).toHaveAttribute('data-underlined', 'false');
      act(() => void vi.advanceTimersByTime(1));
      expect(underline).toHaveAttribute('data-underlined', 'true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('links to the about page and, with the remotes down, still lists the newest stories and the allies link', async () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'CONOCE MÁS' })).toHaveAttribute('href', '/quienes-somos');
    const latest = screen.getByRole('region', { name: 'Historias que inspiran' });
    expect(within(latest).getByRole('link', { name: 'Historia 1' })).toHaveAttribute('href', '/historias/historia-1');
    expect(await screen.findByRole('link', { name: 'Conoce a nuestros aliados' })).toHaveAttribute('href', '/aliados');
    expect(screen.getByRole('heading', { level: 2, name: 'Nuestros aliados' })).toBeInTheDocument();
  });

  it("shows 'Volver arriba' only after 100 px of scrolling and scrolls to the top", () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderHome();
    expect(screen.queryByRole('button', { name: 'Volver arriba' })).not.toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 100 });
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Volver arriba' })).not.toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 101 });
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('button', { name: 'Volver arriba' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
