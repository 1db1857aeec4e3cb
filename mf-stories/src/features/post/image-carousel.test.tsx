import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slide } from '@gota/shared/contracts';
import { ImageCarousel, pickBreakpoint } from './image-carousel';

function slide(n: number, fuente: string | null = null): Slide {
  return {
    images: {
      '0': { path: `/img/s${n}-0.svg`, ar: 1 },
      '600': { path: `/img/s${n}-600.svg`, ar: 1.78 },
      '1200': { path: `/img/s${n}-1200.svg`, ar: 2.4 },
    },
    alt: `Imagen ${n}`,
    fuente,
  };
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setWidth(1024);
});

describe('pickBreakpoint', () => {
  it('takes the largest of 0, 600 and 1200 not above the width', () => {
    expect([0, 375, 599, 600, 1199, 1200, 2560].map(pickBreakpoint)).toEqual([0, 0, 0, 600, 600, 1200, 1200]);
  });
});

describe('ImageCarousel', () => {
  it('uses the image of the window width, and changes it 100 ms after a resize', () => {
    setWidth(375);
    render(<ImageCarousel slides={[slide(1)]} />);
    const image = screen.getByRole('img', { name: 'Imagen 1' });
    expect(image).toHaveAttribute('src', '/img/s1-0.svg');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '600');
    setWidth(1300);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(image).toHaveAttribute('src', '/img/s1-0.svg');
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByRole('img', { name: 'Imagen 1' })).toHaveAttribute('src', '/img/s1-1200.svg');
    expect(screen.getByRole('img', { name: 'Imagen 1' })).toHaveAttribute('height', '500');
  });

  it('has no dots and no pause button with a single image, and links its source', () => {
    render(<ImageCarousel slides={[slide(1, 'https://ejemplo.org/fuente')]} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Fuente/ })).toHaveAttribute('href', 'https://ejemplo.org/fuente');
  });

  it('puts the captioned figure inside the slide group, with no role of its own (#16 row 14)', () => {
    const { container } = render(<ImageCarousel slides={[slide(1, 'https://ejemplo.org/fuente')]} />);
    const figure = container.querySelector('figure');
    expect(figure).not.toHaveAttribute('role');
    expect(figure?.querySelector('figcaption')).not.toBeNull();
    expect(screen.getByRole('group', { name: '1 de 1' })).toContainElement(figure as HTMLElement);
  });

  it('moves to the next image every 5000 ms and wraps, with one dot always selected', () => {
    render(<ImageCarousel slides={[slide(1), slide(2), slide(3)]} />);
    expect(screen.queryByRole('link', { name: /Fuente/ })).not.toBeInTheDocument();
    const selected = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.getAttribute('aria-label'));
    expect(selected()).toEqual(['Imagen 1 de 3']);
    act(() => void vi.advanceTimersByTime(4999));
    expect(screen.getByRole('img', { name: 'Imagen 1' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('img', { name: 'Imagen 2' })).toBeInTheDocument();
    expect(selected()).toEqual(['Imagen 2 de 3']);
    act(() => void vi.advanceTimersByTime(10000));
    expect(screen.getByRole('img', { name: 'Imagen 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Imagen 3 de 3' }));
    expect(selected()).toEqual(['Imagen 3 de 3']);
  });

  it('pauses on hover and with the pause button', () => {
    render(<ImageCarousel slides={[slide(1), slide(2)]} />);
    const carousel = screen.getByRole('region', { name: 'Imágenes de la historia' });
    fireEvent.mouseEnter(carousel);
    act(() => void vi.advanceTimersByTime(12000));
    expect(screen.getByRole('img', { name: 'Imagen 1' })).toBeInTheDocument();
    fireEvent.mouseLeave(carousel);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar imágenes' }));
    // clicking focused the button: leaving focus keeps it paused by the button alone
    fireEvent.blur(screen.getByRole('button', { name: 'Reanudar imágenes' }));
    act(() => void vi.advanceTimersByTime(12000));
    expect(screen.getByRole('img', { name: 'Imagen 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar imágenes' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pausar imágenes' }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByRole('img', { name: 'Imagen 2' })).toBeInTheDocument();
  });
});
