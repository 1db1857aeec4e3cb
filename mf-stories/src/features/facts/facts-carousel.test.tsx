import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FactsCarousel, factsPerPage } from './facts-carousel';

const facts = Array.from({ length: 8 }, (_, i) => ({ html: `Dato <strong>${i + 1}</strong>` }));

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

afterEach(() => setWidth(1024));

describe('factsPerPage', () => {
  it('shows 1 under 960 px, 2 under 1280, 3 under 1920 and 4 from there on', () => {
    expect([375, 959, 960, 1279, 1280, 1919, 1920, 2560].map(factsPerPage)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('FactsCarousel', () => {
  it('starts on the first page and stops at the last one without wrapping', async () => {
    setWidth(1300); // 3 per page: pages of 3, 3 and 2
    const user = userEvent.setup();
    render(<FactsCarousel facts={facts} />);
    const carousel = screen.getByRole('region', { name: 'Datos sobre el agua' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '1 de 3' })).toHaveTextContent('Dato 1Dato 2Dato 3');
    const previous = screen.getByRole('button', { name: 'Anterior' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    await user.click(next);
    expect(screen.getByRole('group', { name: '3 de 3' })).toHaveTextContent('Dato 7Dato 8');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(screen.getByRole('group', { name: '3 de 3' })).toBeInTheDocument();

    await user.click(previous);
    await user.click(previous);
    expect(screen.getByRole('group', { name: '1 de 3' })).toBeInTheDocument();
    expect(previous).toHaveAttribute('aria-disabled', 'true');
  });

  it("keeps the focus on 'Siguiente' when it reaches the last page, and on 'Anterior' at the first (#16 row 13)", async () => {
    setWidth(1300); // pages of 3, 3 and 2
    const user = userEvent.setup();
    render(<FactsCarousel facts={facts} />);
    const next = screen.getByRole('button', { name: 'Siguiente' });
    next.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByRole('group', { name: '3 de 3' })).toBeInTheDocument();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: '3 de 3' })).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Anterior' });
    previous.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByRole('group', { name: '1 de 3' })).toBeInTheDocument();
    expect(previous).toHaveFocus();
  });

  it('shows one fact per page on a phone', () => {
    setWidth(375);
    render(<FactsCarousel facts={facts} />);
    expect(screen.getByRole('group', { name: '1 de 8' })).toHaveTextContent(/^Dato 1$/);
  });

  it('has no arrows when every fact fits on one page', () => {
    setWidth(2000);
    render(<FactsCarousel facts={facts.slice(0, 4)} />);
    expect(screen.getByRole('group', { name: '1 de 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument();
  });

  it('recomputes the pages 100 ms after a resize and stays on a page that exists', async () => {
    setWidth(375);
    const user = userEvent.setup();
    render(<FactsCarousel facts={facts} />);
    for (let i = 0; i < 7; i++) await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('group', { name: '8 de 8' })).toBeInTheDocument();
    setWidth(2000);
    act(() => void window.dispatchEvent(new Event('resize')));
    await screen.findByRole('group', { name: '2 de 2' });
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'true');
  });
});
