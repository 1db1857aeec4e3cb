import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ally } from '@gota/shared/contracts';
import { AlliesCarousel } from './allies-carousel';
import { AllyLogo } from './ally-logo';
import {
  askForLessMotion,
  pageAxeOptions,
  hydrateAt,
  serverHtmlAt,
  expectRuleOnCarouselTable,
  hydrateCarouselAt,
  widthFreeServerHtml,
} from '@gota/shared/testing';
import { logosPerPage } from './carousel-rules';

const allies: Ally[] = Array.from({ length: 12 }, (_, index) => ({
  empresa: `Aliado ${String(index + 1).padStart(2, '0')}`,
  img: `/img/aliados/a${index}.svg`,
  cover: false,
  text: `Descripción ${index + 1}\nSegunda línea`,
  link: `https://aliado-${index + 1}.example`,
  textBtn: index === 0 ? 'Visita su sitio' : 'Conoce más',
}));

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function visibleLogos() {
  const carousel = screen.getByRole('region', { name: 'Aliados' });
  return within(carousel)
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));
}

function renderCarousel(width: number, list = allies) {
  setWidth(width);
  return render(<AlliesCarousel allies={list} label="Aliados" Logo={AllyLogo} />);
}

describe('logos per page by width', () => {
  it.each([
    [375, 1],
    [600, 1],
    [601, 2],
    [800, 2],
    [801, 4],
    [1200, 4],
    [1201, 5],
    [1600, 5],
    [1601, 6],
  ])('shows %i px → %i logos', (width, count) => {
    expect(logosPerPage(width)).toBe(count);
    renderCarousel(width);
    expect(visibleLogos()).toHaveLength(count);
  });

  it('changes only at the widths of the shared carousel table, which lays it out', () => {
    expectRuleOnCarouselTable(logosPerPage);
  });

  it('follows a resize, 100 ms after the last one (product §4)', () => {
    vi.useFakeTimers();
    try {
      renderCarousel(1700);
      expect(visibleLogos()).toHaveLength(6);
      act(() => {
        setWidth(700);
        window.dispatchEvent(new Event('resize'));
        vi.advanceTimersByTime(99);
      });
      expect(visibleLogos()).toHaveLength(6);
      act(() => vi.advanceTimersByTime(1));
      expect(visibleLogos()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the carousel pattern and the arrows', () => {
  it('is a labelled carousel region whose logos are slides', () => {
    renderCarousel(1300);
    const region = screen.getByRole('region', { name: 'Aliados' });
    expect(region).toHaveAttribute('aria-roledescription', 'carrusel');
    expect(within(region).getByRole('group', { name: '1 de 12' })).toHaveAttribute('aria-roledescription', 'diapositiva');
  });

  it('loads the logos a first page can show at once and leaves the later ones for when they come into view', () => {
    for (const Logo of [AllyLogo, undefined]) {
      const { container, unmount } = render(<AlliesCarousel allies={allies} label="Aliados" Logo={Logo} />);
      const loading = [...container.querySelectorAll('img[src^="/img/aliados/a"]')].map((img) => img.getAttribute('loading'));
      const widest = logosPerPage(Number.POSITIVE_INFINITY);
      expect(loading).toEqual(allies.map((_, index) => (index < widest ? 'eager' : 'lazy')));
      unmount();
    }
  });

  it('wraps around with Anterior and Siguiente', async () => {
    const user = userEvent.setup();
    renderCarousel(1300); // 5 per page, 3 pages
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(visibleLogos()).toEqual(['Aliado 11', 'Aliado 12']);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(visibleLogos()[0]).toBe('Aliado 01');
  });

  // a margin that moves over a transition is a layout shift in every frame (decision 058): the margin jumps, and a
  // transform from the page it left draws the move
  it('draws a turn with a transform from the page it leaves, and just jumps under prefers-reduced-motion', async () => {
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { configurable: true, value: animate });
    try {
      const user = userEvent.setup();
      const { unmount } = renderCarousel(1300); // 5 per page, 3 pages
      expect(animate).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Anterior' }));
      expect(animate).toHaveBeenCalledTimes(1);
      expect(animate.mock.calls[0]?.[0]).toEqual([
        { transform: 'translateX(calc(2 * (100% + var(--track-gap))))' },
        { transform: 'none' },
      ]);
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(animate.mock.calls[1]?.[0]).toEqual([
        { transform: 'translateX(calc(-2 * (100% + var(--track-gap))))' },
        { transform: 'none' },
      ]);
      unmount();

      askForLessMotion();
      animate.mockClear();
      renderCarousel(1300);
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(visibleLogos()[0]).toBe('Aliado 06');
      expect(animate).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(HTMLElement.prototype, 'animate');
    }
  });

  it('has no arrows when everything fits on one page', () => {
    renderCarousel(1700, allies.slice(0, 6));
    expect(screen.queryByRole('button', { name: 'Anterior' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
  });

  it('has no axe violations', async () => {
    const { container } = renderCarousel(1300);
    const results = await axe.run(container, pageAxeOptions);
    expect(results.violations).toEqual([]);
  });
});

describe('auto-advance', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The page shown at 1300 px (5 logos a page, 3 pages), told by its first logo. */
  const page = () => `${['Aliado 01', 'Aliado 06', 'Aliado 11'].indexOf(visibleLogos()[0] ?? '') + 1} de 3`;
  const tick = (ms: number) => {
    act(() => vi.advanceTimersByTime(ms));
  };

  it('advances every 6000 ms and wraps to the first page', () => {
    renderCarousel(1300);
    tick(5999);
    expect(page()).toBe('1 de 3');
    tick(1);
    expect(page()).toBe('2 de 3');
    tick(12000);
    expect(page()).toBe('1 de 3');
  });

  it('pauses while a popup is open and resumes when it closes', () => {
    renderCarousel(1300);
    fireEvent.click(screen.getByRole('button', { name: 'Aliado 02' }));
    expect(screen.getByText('Descripción 2 Segunda línea')).toBeVisible();
    tick(20000);
    expect(page()).toBe('1 de 3');
    fireEvent.keyDown(document, { key: 'Escape' });
    // closed, it stays in the document (hidden) for a reader without JavaScript
    expect(screen.getByText('Descripción 2 Segunda línea')).not.toBeVisible();
    tick(6000);
    expect(page()).toBe('2 de 3');
  });

  // the engine's own test covers each way of pausing in detail: this checks that the carousel hands it every one
  it('pauses while hovered or while the focus is inside, and can be stopped for good', () => {
    renderCarousel(1300);
    const region = screen.getByRole('region', { name: 'Aliados' });
    fireEvent.mouseEnter(region);
    tick(20000);
    fireEvent.mouseLeave(region);
    expect(page()).toBe('1 de 3');
    const stop = screen.getByRole('button', { name: 'Detener rotación automática' });
    act(() => stop.focus());
    tick(20000);
    expect(page()).toBe('1 de 3');
    fireEvent.click(stop);
    act(() => stop.blur());
    tick(20000);
    expect(page()).toBe('1 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar rotación automática' }));
    tick(6000);
    expect(page()).toBe('2 de 3');
  });

  it('does not rotate a single page', () => {
    renderCarousel(1700, allies.slice(0, 4));
    tick(20000);
    expect(visibleLogos()).toEqual(['Aliado 01', 'Aliado 02', 'Aliado 03', 'Aliado 04']);
    expect(screen.queryByRole('button', { name: 'Detener rotación automática' })).toBeNull();
  });
});

describe('the popup', () => {
  it('opens on mouse hover with the description, line breaks kept, and the link button', async () => {
    const user = userEvent.setup();
    renderCarousel(1300);
    await user.hover(screen.getByRole('button', { name: 'Aliado 01' }));
    const link = screen.getByRole('link', { name: /Visita su sitio/ });
    expect(link).toHaveAttribute('href', 'https://aliado-1.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Descripción 1 Segunda línea')).toBeVisible();
    expect(screen.getByText('Descripción 1 Segunda línea').textContent).toBe('Descripción 1\nSegunda línea');
    await user.unhover(screen.getByRole('region', { name: 'Aliados' }));
    expect(screen.queryByRole('link', { name: /Visita su sitio/ })).toBeNull();
  });

  it('uses «Conoce más» as the default button', async () => {
    const user = userEvent.setup();
    renderCarousel(1300);
    await user.hover(screen.getByRole('button', { name: 'Aliado 02' }));
    expect(screen.getByRole('link', { name: /^Conoce más/ })).toBeInTheDocument();
  });

  it('toggles on click under 600 px', async () => {
    const user = userEvent.setup();
    renderCarousel(375);
    const logo = screen.getByRole('button', { name: 'Aliado 01' });
    await user.click(logo);
    expect(logo).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Visita su sitio/ })).toBeInTheDocument();
    await user.click(logo);
    expect(logo).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on keyboard focus, lets Tab reach its link, and closes with Escape returning focus', async () => {
    const user = userEvent.setup();
    renderCarousel(1300);
    await user.tab(); // Anterior
    await user.tab();
    const logo = screen.getByRole('button', { name: 'Aliado 01' });
    expect(logo).toHaveFocus();
    expect(logo).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: /Visita su sitio/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /Visita su sitio/ })).toBeNull();
    expect(logo).toHaveFocus();
  });
});

describe('the carousel on the server', () => {
  it('renders every logo with its name and description, the same at every width, with nothing that depends on it', () => {
    const html = widthFreeServerHtml(<AlliesCarousel allies={allies} label="Aliados" Logo={AllyLogo} />);
    expect([...html.querySelectorAll('[data-carousel-slide] img')].map((img) => img.getAttribute('alt'))).toEqual(
      allies.map((a) => a.empresa),
    );
    for (const ally of allies) expect(html.textContent).toContain(ally.text);
    expect(html.querySelectorAll('[hidden]')).toHaveLength(allies.length);
  });

  it.each([375, 700, 1300, 1920])('hydrates at %i px without a mismatch, then pages by the width', async (width) => {
    const ui = <AlliesCarousel allies={allies} label="Aliados" Logo={AllyLogo} />;
    const { container, unmount } = await hydrateCarouselAt(width, ui, logosPerPage(width));
    expect(container.querySelectorAll('[aria-expanded="true"]')).toHaveLength(0);
    unmount();
  });

  it('opens the popup of a logo pressed before the page came alive, when the shell presses it again (decisions 032, 064)', async () => {
    const ui = <AlliesCarousel allies={allies} label="Aliados" Logo={AllyLogo} />;
    const { container, errors, unmount } = await hydrateAt(1300, ui, serverHtmlAt(1300, ui));
    expect(errors).toEqual([]);
    const logo = within(container).getByRole('button', { name: 'Aliado 01' });
    // hydrated, nothing opens by itself: a hover or a focus before then is not replayed
    expect(logo).toHaveAttribute('aria-expanded', 'false');
    act(() => logo.click());
    expect(logo).toHaveAttribute('aria-expanded', 'true');
    expect(within(container).getByRole('link', { name: /Visita su sitio/ })).toBeVisible();
    unmount();
  });
});
