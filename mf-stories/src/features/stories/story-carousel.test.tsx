import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  inRouter,
  setWindowWidth,
  expectRuleOnCarouselTable,
  hydrateCarouselAt,
  widthFreeServerHtml,
} from '@gota/shared/testing';
import { sampleStories } from './sample-stories';
import { StoryCarousel, storiesPerSlide } from './story-carousel';

const carousel = (count = 6) => inRouter(<StoryCarousel stories={sampleStories(count)} />);

function renderAt(width: number, count = 6) {
  setWindowWidth(width);
  return render(carousel(count));
}

/** Titles of the stories on the current page (the others are aria-hidden and inert once the width is known). */
const shownTitles = () => screen.getAllByRole('heading').map((h) => h.textContent);

afterEach(() => setWindowWidth(1024));

describe('storiesPerSlide', () => {
  it('is 4 over 1280 px, 3 over 600 px and 1 below', () => {
    expect([375, 600, 601, 1280, 1281, 1920].map(storiesPerSlide)).toEqual([1, 1, 3, 3, 4, 4]);
  });

  it('changes only at the widths of the shared carousel table, which lays it out', () => {
    expectRuleOnCarouselTable(storiesPerSlide);
  });
});

describe('StoryCarousel', () => {
  it('shows the 4 newest stories on one slide on a wide screen, without arrows', () => {
    renderAt(1440);
    expect(screen.getByRole('region', { name: 'Historias recientes' })).toHaveAttribute('aria-roledescription', 'carrusel');
    expect(screen.getByRole('group', { name: '1 de 4' })).toHaveAttribute('aria-roledescription', 'diapositiva');
    expect(shownTitles()).toEqual(['Historia 6', 'Historia 5', 'Historia 4', 'Historia 3']);
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it('shows 3 per slide on a tablet: two slides, no wrapping', async () => {
    const user = userEvent.setup();
    renderAt(800);
    expect(shownTitles()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    expect(shownTitles()).toEqual(['Historia 3']);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows one story per slide on a phone', async () => {
    const user = userEvent.setup();
    renderAt(375);
    expect(screen.getByText('1 / 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(shownTitles()).toEqual(['Historia 5']);
    expect(screen.getByRole('link', { name: 'Historia 5' })).toHaveAttribute('href', '/historias/historia-5');
  });
});

describe('StoryCarousel on the server', () => {
  it('renders the 4 newest stories, the same at every width, with nothing that depends on it', () => {
    const html = widthFreeServerHtml(carousel());
    expect([...html.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Historia 6',
      'Historia 5',
      'Historia 4',
      'Historia 3',
    ]);
  });

  it.each([375, 800, 1920])('hydrates at %i px without a mismatch, then pages by the width', async (width) => {
    const { unmount } = await hydrateCarouselAt(width, carousel(), storiesPerSlide(width));
    unmount();
  });
});
