import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Slide } from '@gota/shared/contracts';
import { askForLessMotion, hydrateAt, serverHtmlAt, setWindowWidth, widthFreeServerHtml } from '@gota/shared/testing';
import { ImageCarousel } from './image-carousel';

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

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setWindowWidth(1024);
});

describe('ImageCarousel', () => {
  it('offers the image of every breakpoint, widest first, each with its own size: the browser picks by width', () => {
    const { container } = render(<ImageCarousel slides={[slide(1)]} />);
    const sources = [...container.querySelectorAll('picture > source')].map((source) => [
      source.getAttribute('media'),
      source.getAttribute('srcset'),
      source.getAttribute('width'),
      source.getAttribute('height'),
    ]);
    expect(sources).toEqual([
      ['(min-width: 1200px)', '/img/s1-1200.svg', '1200', '500'],
      ['(min-width: 600px)', '/img/s1-600.svg', '1200', '674'],
    ]);
    const image = screen.getByRole('img', { name: 'Imagen 1' });
    expect(image).toHaveAttribute('src', '/img/s1-0.svg');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '600');
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

describe('ImageCarousel on the server', () => {
  const slides = [slide(1, 'https://ejemplo.org/fuente'), slide(2)];

  it('renders the first image for every width, the same at every width', () => {
    const html = widthFreeServerHtml(<ImageCarousel slides={slides} />);
    expect(html.querySelectorAll('picture source')).toHaveLength(2);
    expect(html.querySelector('img')).toHaveAttribute('alt', 'Imagen 1');
    expect(html.querySelector('[data-breakpoint]')).toBeNull();
  });

  it('hydrates without a mismatch when the visitor asked for less motion, then starts paused', async () => {
    vi.useRealTimers();
    const html = serverHtmlAt(1280, <ImageCarousel slides={slides} />);
    askForLessMotion();
    try {
      const { container, errors, unmount } = await hydrateAt(375, <ImageCarousel slides={slides} />, html);
      expect(errors).toEqual([]);
      expect(container.querySelector('button')).toHaveTextContent('Reanudar imágenes');
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
