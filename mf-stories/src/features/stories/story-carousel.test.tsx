import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleStories } from './sample-stories';
import { StoryCarousel, storiesPerSlide } from './story-carousel';

function renderAt(width: number, count = 6) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  return render(
    <MemoryRouter>
      <StoryCarousel stories={sampleStories(count)} />
    </MemoryRouter>,
  );
}

afterEach(() => Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 }));

describe('storiesPerSlide', () => {
  it('is 4 over 1280 px, 3 over 600 px and 1 below', () => {
    expect([375, 600, 601, 1280, 1281, 1920].map(storiesPerSlide)).toEqual([1, 1, 3, 3, 4, 4]);
  });
});

describe('StoryCarousel', () => {
  it('shows the 4 newest stories on one slide on a wide screen, without arrows', () => {
    renderAt(1440);
    expect(screen.getByRole('region', { name: 'Historias recientes' })).toHaveAttribute('aria-roledescription', 'carousel');
    const slide = screen.getByRole('group', { name: '1 de 1' });
    expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Historia 6', 'Historia 5', 'Historia 4', 'Historia 3']);
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it('shows 3 per slide on a tablet: two slides, no wrapping', async () => {
    const user = userEvent.setup();
    renderAt(800);
    expect(screen.getAllByRole('heading')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('group', { name: '2 de 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Historia 3']);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows one story per slide on a phone', async () => {
    const user = userEvent.setup();
    renderAt(375);
    expect(screen.getByRole('group', { name: '1 de 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('link', { name: 'Historia 5' })).toHaveAttribute('href', '/historias/historia-5');
  });
});
