import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  gridColumnsAt,
  hydrateAt,
  inRouter,
  probeWidths,
  readCss,
  serverHtmlAt,
  setWindowWidth,
  widthFreeServerHtml,
} from '@gota/shared/testing';
import { sampleStories } from './sample-stories';
import { sortNewestFirst, StoryGrid } from './story-grid';

const css = readCss(import.meta.url, 'story-grid.module.css');

const grid = (count = 5) => inRouter(<StoryGrid stories={sampleStories(count)} />);

afterEach(() => setWindowWidth(1024));

describe('the grid columns', () => {
  it('are 1 under 600 px, 2 under 960, 3 under 1920 and 4 from there on, in the style sheet', () => {
    const spec = (width: number) => (width < 600 ? 1 : width < 960 ? 2 : width < 1920 ? 3 : 4);
    expect(probeWidths.map((width) => gridColumnsAt(css, width))).toEqual(probeWidths.map(spec));
    expect(css).toMatch(/composes:\s*gridList from '@gota\/shared\/ui\/layout\.module\.css'/);
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
  it('lists the newest stories first, row by row (story i in column i % columns), each card linking to its story', () => {
    render(grid());
    // sample story n is dated later for a larger n: the newest is story 5
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Historia 5',
      'Historia 4',
      'Historia 3',
      'Historia 2',
      'Historia 1',
    ]);
    expect(screen.getByRole('link', { name: 'Historia 5' })).toHaveAttribute('href', '/historias/historia-5');
  });

  it('names each card by its title, so that the articles of a page are told apart (#16 row 14)', () => {
    render(grid());
    const names = screen
      .getAllByRole('article')
      .map(
        (article) =>
          article.getAttribute('aria-labelledby') &&
          document.getElementById(article.getAttribute('aria-labelledby')!)?.textContent,
      );
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
    for (const name of names) expect(screen.getByRole('article', { name: name! })).toBeInTheDocument();
  });
});

describe('StoryGrid on the server', () => {
  it('renders every story, the same at every width, with nothing that depends on it', () => {
    expect(widthFreeServerHtml(grid()).querySelectorAll('li > article')).toHaveLength(5);
  });

  it('hydrates at a phone width without a mismatch', async () => {
    const { errors, unmount } = await hydrateAt(375, grid(), serverHtmlAt(1920, grid()));
    expect(errors).toEqual([]);
    unmount();
  });
});
