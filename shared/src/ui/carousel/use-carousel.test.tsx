import { act, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeOptions } from '../../testing/axe';
import { askForLessMotion } from '../../testing/reduced-motion';
import { useCarousel, type CarouselOptions } from './use-carousel';

/** The smallest carousel a caller builds on the hook: slides, previous/next and the visitor's stop button. */
function Carousel(options: CarouselOptions) {
  const { index, next, prev, canPrev, canNext, playing, rotating, togglePlaying, pauseHandlers } = useCarousel(options);
  return (
    <section aria-roledescription="carrusel" aria-label="Datos" {...pauseHandlers}>
      <p aria-live={rotating ? 'off' : 'polite'}>Dato {index + 1}</p>
      <button type="button" aria-disabled={!canPrev} onClick={canPrev ? prev : undefined}>
        Anterior
      </button>
      <button type="button" aria-disabled={!canNext} onClick={canNext ? next : undefined}>
        Siguiente
      </button>
      <button type="button" onClick={togglePlaying}>
        {playing ? 'Detener rotación automática' : 'Reanudar rotación automática'}
      </button>
    </section>
  );
}

const shown = () => screen.getByText(/^Dato/).textContent;
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const tick = (ms: number) => {
  act(() => vi.advanceTimersByTime(ms));
};

describe('useCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops at both ends without wrap (the facts carousel), its arrows then aria-disabled', () => {
    render(<Carousel count={3} />);
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveAttribute('aria-disabled', 'true');
    press('Siguiente');
    press('Siguiente');
    press('Siguiente');
    expect(shown()).toBe('Dato 3');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('goes round both ways with wrap (the story, image and allies carousels)', () => {
    render(<Carousel count={3} wrap />);
    press('Anterior');
    expect(shown()).toBe('Dato 3');
    press('Siguiente');
    expect(shown()).toBe('Dato 1');
  });

  it('advances by itself each period and holds while hovered, focused or paused by the caller, a whole period after', () => {
    const { rerender } = render(<Carousel count={3} wrap autoplayMs={6000} />);
    tick(6000);
    expect(shown()).toBe('Dato 2');
    const region = screen.getByRole('region', { name: 'Datos' });
    tick(5000);
    fireEvent.mouseEnter(region);
    tick(20000);
    expect(shown()).toBe('Dato 2');
    fireEvent.mouseLeave(region);
    tick(5999);
    expect(shown()).toBe('Dato 2');
    tick(1);
    expect(shown()).toBe('Dato 3');
    act(() => screen.getByRole('button', { name: 'Siguiente' }).focus());
    tick(20000);
    expect(shown()).toBe('Dato 3');
    act(() => screen.getByRole('button', { name: 'Siguiente' }).blur());
    rerender(<Carousel count={3} wrap autoplayMs={6000} paused />);
    tick(20000);
    expect(shown()).toBe('Dato 3');
    rerender(<Carousel count={3} wrap autoplayMs={6000} />);
    tick(6000);
    expect(shown()).toBe('Dato 1');
  });

  it('stops for good when the visitor says so, and starts stopped when they asked for less motion', () => {
    const { unmount } = render(<Carousel count={3} wrap autoplayMs={6000} />);
    press('Detener rotación automática');
    tick(20000);
    expect(shown()).toBe('Dato 1');
    press('Reanudar rotación automática');
    tick(6000);
    expect(shown()).toBe('Dato 2');
    unmount();
    // jsdom has no matchMedia: a visitor who asked for less motion
    askForLessMotion();
    render(<Carousel count={3} wrap autoplayMs={6000} />);
    tick(20000);
    expect(shown()).toBe('Dato 1');
    expect(screen.getByRole('button', { name: 'Reanudar rotación automática' })).toBeVisible();
    vi.unstubAllGlobals();
  });

  it('stays on the last page that still exists when the count shrinks, and never rotates one page', () => {
    const { rerender } = render(<Carousel count={4} wrap autoplayMs={6000} />);
    press('Anterior');
    expect(shown()).toBe('Dato 4');
    rerender(<Carousel count={2} wrap autoplayMs={6000} />);
    expect(shown()).toBe('Dato 2');
    rerender(<Carousel count={1} wrap autoplayMs={6000} />);
    tick(20000);
    expect(shown()).toBe('Dato 1');
  });

  it('has no axe violations', async () => {
    vi.useRealTimers();
    render(<Carousel count={3} wrap autoplayMs={6000} />);
    const results = await axe.run(document.body, axeOptions);
    expect(results.violations).toEqual([]);
  });
});
