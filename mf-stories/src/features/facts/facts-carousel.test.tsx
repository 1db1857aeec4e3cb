import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setWindowWidth, expectRuleOnCarouselTable, hydrateCarouselAt, widthFreeServerHtml } from '@gota/shared/testing';
import { FactsCarousel, factsPerPage } from './facts-carousel';

const facts = Array.from({ length: 8 }, (_, i) => ({ html: `Dato <strong>${i + 1}</strong>` }));

/** The facts of the current page: the others are out of reach (aria-hidden, inert) once the width is known. */
const shownFacts = () => screen.getAllByRole('group', { name: / de \d+$/ }).map((slide) => slide.textContent);

afterEach(() => setWindowWidth(1024));

describe('factsPerPage', () => {
  it('shows 1 under 960 px, 2 under 1280, 3 under 1920 and 4 from there on', () => {
    expect([375, 959, 960, 1279, 1280, 1919, 1920, 2560].map(factsPerPage)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('changes only at the widths of the shared carousel table, which lays it out', () => {
    expectRuleOnCarouselTable(factsPerPage);
  });
});

describe('FactsCarousel', () => {
  it('starts on the first page and stops at the last one without wrapping', async () => {
    setWindowWidth(1300); // 3 per page: pages of 3, 3 and 2
    const user = userEvent.setup();
    render(<FactsCarousel facts={facts} />);
    const carousel = screen.getByRole('region', { name: 'Datos sobre el agua' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
    expect(screen.getByRole('group', { name: '1 de 8' })).toHaveAttribute('aria-roledescription', 'diapositiva');
    expect(shownFacts()).toEqual(['Dato 1', 'Dato 2', 'Dato 3']);
    expect(carousel).toHaveTextContent('1 / 3');
    const previous = screen.getByRole('button', { name: 'Anterior' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    await user.click(next);
    expect(shownFacts()).toEqual(['Dato 7', 'Dato 8']);
    expect(carousel).toHaveTextContent('3 / 3');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(shownFacts()).toEqual(['Dato 7', 'Dato 8']);

    await user.click(previous);
    await user.click(previous);
    expect(shownFacts()).toEqual(['Dato 1', 'Dato 2', 'Dato 3']);
    expect(previous).toHaveAttribute('aria-disabled', 'true');
  });

  it("keeps the focus on 'Siguiente' when it reaches the last page, and on 'Anterior' at the first (#16 row 13)", async () => {
    setWindowWidth(1300); // pages of 3, 3 and 2
    const user = userEvent.setup();
    render(<FactsCarousel facts={facts} />);
    const next = screen.getByRole('button', { name: 'Siguiente' });
    next.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(shownFacts()).toEqual(['Dato 7', 'Dato 8']);
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shownFacts()).toEqual(['Dato 7', 'Dato 8']);
    const previous = screen.getByRole('button', { name: 'Anterior' });
    previous.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(shownFacts()).toEqual(['Dato 1', 'Dato 2', 'Dato 3']);
    expect(previous).toHaveFocus();
  });

  it('shows one fact per page on a phone', () => {
    setWindowWidth(375);
    render(<FactsCarousel facts={facts} />);
    expect(shownFacts()).toEqual(['Dato 1']);
    expect(screen.getByRole('region', { name: 'Datos sobre el agua' })).toHaveTextContent('1 / 8');
  });

  it('has no arrows when every fact fits on one page', () => {
    setWindowWidth(2000);
    render(<FactsCarousel facts={facts.slice(0, 4)} />);
    expect(shownFacts()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument();
  });

  it('recomputes the pages 100 ms after a resize and stays on a page that exists', async () => {
    setWindowWidth(375);
    const user = userEvent.setup();
    render(<FactsCarousel facts={facts} />);
    for (let i = 0; i < 7; i++) await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(shownFacts()).toEqual(['Dato 8']);
    setWindowWidth(2000);
    act(() => void window.dispatchEvent(new Event('resize')));
    await screen.findByText('2 / 2');
    expect(shownFacts()).toEqual(['Dato 5', 'Dato 6', 'Dato 7', 'Dato 8']);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('FactsCarousel on the server', () => {
  it('renders every fact, the same at every width, with nothing that depends on it', () => {
    const html = widthFreeServerHtml(<FactsCarousel facts={facts} />);
    expect([...html.querySelectorAll('[data-carousel-slide]')].map((slide) => slide.textContent)).toEqual(
      facts.map((_, i) => `Dato ${i + 1}`),
    );
    // the page count waits for the width; the arrows are there, and the CSS hides them where every fact fits
    expect(html.querySelector('[data-carousel-controls] [aria-hidden="true"]:not(button *)')?.textContent).toBe('');
    expect(html.querySelectorAll('[data-carousel-controls] button')).toHaveLength(2);
  });

  it.each([375, 1280, 1920])('hydrates at %i px without a mismatch, then pages by the width', async (width) => {
    const { unmount } = await hydrateCarouselAt(width, <FactsCarousel facts={facts} />, factsPerPage(width));
    unmount();
  });
});
