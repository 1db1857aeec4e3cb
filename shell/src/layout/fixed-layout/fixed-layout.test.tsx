import type { Background } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePage, renderAt, resetStore } from '../test-utils';
import { FixedLayout } from './fixed-layout';

const backgrounds: Background[] = [
  { minWidth: 0, path: '/img/fondo-movil.svg' },
  { minWidth: 800, path: '/img/fondo-escritorio.svg', css: 'background-position: left', covers: ['rgba(0, 0, 0, 0.5)'] },
];

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

const image = () => screen.getByTestId('fixed-background').style.backgroundImage;

describe('FixedLayout', () => {
  beforeEach(() => {
    resetStore();
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
  });
  afterEach(() => vi.useRealTimers());

  it('paints the background of the widest breakpoint not above the window, with its covers', () => {
    renderAt(<FixedLayout page={makePage({ layout: 'fixed', backgrounds })}>Contenido</FixedLayout>);
    expect(image()).toContain('fondo-escritorio.svg');
    expect(image()).toContain('linear-gradient(rgba(0, 0, 0, 0.5)');
    // (the css and per-layer lists are checked in background-style.test.ts: jsdom does not parse layered values)
    expect(screen.getByTestId('fixed-background').getAttribute('aria-hidden')).toBe('true');
  });

  it('recomputes 100 ms after the window stops resizing', () => {
    renderAt(<FixedLayout page={makePage({ layout: 'fixed', backgrounds })}>Contenido</FixedLayout>);
    act(() => resizeTo(500));
    act(() => void vi.advanceTimersByTime(99));
    expect(image()).toContain('fondo-escritorio.svg');
    act(() => resizeTo(480)); // still resizing: the wait starts again
    act(() => void vi.advanceTimersByTime(99));
    expect(image()).toContain('fondo-escritorio.svg');
    act(() => void vi.advanceTimersByTime(1));
    expect(image()).toContain('fondo-movil.svg');
  });

  it("falls back to the store's backgrounds when the page brings none", () => {
    useSiteStore.getState().setBackgrounds([{ minWidth: 0, path: '/img/del-store.svg' }]);
    renderAt(<FixedLayout page={makePage({ layout: 'fixed' })}>Contenido</FixedLayout>);
    expect(image()).toContain('del-store.svg');
  });

  it('paints nothing when there is no background at all', () => {
    renderAt(<FixedLayout page={makePage({ layout: 'fixed' })}>Contenido</FixedLayout>);
    expect(screen.queryByTestId('fixed-background')).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('Contenido');
  });
});
