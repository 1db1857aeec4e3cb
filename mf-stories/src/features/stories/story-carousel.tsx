import { breakpoints, type StorySummary } from '@gota/shared/contracts';
import { PagedCarousel } from '../carousel/paged-carousel';
import { StoryCard } from './story-card';
import { sortNewestFirst } from './story-grid';

/** Stories per slide (product §9): 4 over 1280 px, 3 over 600 px, 1 below. The shared carousel table lays them out. */
export function storiesPerSlide(width: number): number {
  if (width > breakpoints.lg) return 4;
  if (width > breakpoints.sm) return 3;
  return 1;
}

/** How many of the newest stories the home carousel shows (product §9). */
export const carouselStoryCount = 4;

export interface StoryCarouselProps {
  stories: StorySummary[];
  label?: string;
}

/**
 * The home page's carousel of the newest stories, exposed to mf-home as `mf_stories/StoryCarousel`. It does not
 * rotate by itself (a visitor reads cards at their own pace) and does not wrap; the arrows appear only with a second slide.
 */
export function StoryCarousel({ stories, label = 'Historias recientes' }: StoryCarouselProps) {
  const newest = sortNewestFirst(stories).slice(0, carouselStoryCount);
  return (
    <PagedCarousel
      items={newest}
      label={label}
      perPageAt={storiesPerSlide}
      itemKey={(story) => story.slug}
      renderItem={(story) => <StoryCard story={story} headingLevel={3} />}
    />
  );
}

export default StoryCarousel;
