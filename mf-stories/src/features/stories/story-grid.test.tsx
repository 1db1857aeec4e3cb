import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleStories } from './sample-stories';
import { dealRoundRobin, gridColumns, sortNewestFirst, StoryGrid } from './story-grid';

afterEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 }));

describe('gridColumns', () => {
  it('uses 1 column under 600 px, 2 under 960, 3 under 1920 and 4 above', () => {
    expect([375, 599, 600, 959, 960, 1919, 1920, 2560].map(gridColumns)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('dealRoundRobin', () => {
  it('puts item i in column i % n', () => {
    expect(dealRoundRobin([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([[0, 3, 6], [1, 4], [2, 5]]);
  });

  it('keeps every item once, in one column, and leaves extra columns empty', () => {
    expect(dealRoundRobin(['a', 'b'], 4)).toEqual([['a'], ['b'], [], []]);
    expect(dealRoundRobin(['a', 'b', 'c'], 1)).toEqual([['a', 'b', 'c']]);
    expect(dealRoundRobin([], 2)).toEqual([[], []]);
  });
});

describe('sortNewestFirst', () => {
  it('orders by fechaData descending without touching the input', () => {
    const input = [{ fechaData: '2025-07-01' }, { fechaData: '2025-10-17' }, { fechaData: '2025-06-27' }];
    expect(sortNewestFirst(input).map((s) => s.fechaData)).toEqual(['2025-10-17', '2025-07-01', '2025-06-27']);
    expect(input[0]!.fechaData).toBe('2025-07-01');
  });
});

describe('StoryGrid', () => {
  it('deals the newest stories across the columns, each card linking to its story', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
    const { container } = render(
      <MemoryRouter>
        <StoryGrid stories={sampleStories(5)} />
      </MemoryRouter>,
    );
    // the grid's children are its columns
    const columns = [...(container.firstElementChild?.children ?? [])];
    expect(columns).toHaveLength(2);
    const titles = columns.map((column) => within(column as HTMLElement).getAllByRole('heading').map((h) => h.textContent));
    // sample story n is dated later for a larger n: the newest is story 5
    expect(titles).toEqual([
      ['Historia 5', 'Historia 3', 'Historia 1'],
      ['Historia 4', 'Historia 2'],
    ]);
    expect(screen.getByRole('link', { name: 'Historia 5' })).toHaveAttribute('href', '/historias/historia-5');
  });

  it('names each card by its title, so that the articles of a page are told apart (#16 row 14)', () => {
    render(
      <MemoryRouter>
        <StoryGrid stories={sampleStories(5)} />
      </MemoryRouter>,
    );
    const names = screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby') && document.getElementById(article.getAttribute('aria-labelledby')!)?.textContent);
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
    for (const name of names) expect(screen.getByRole('article', { name: name! })).toBeInTheDocument();
  });
});
