import type { StorySummary } from '@gota/shared/contracts';
import { useCarousel } from '../carousel/use-carousel';
import { useWindowWidth } from '../carousel/use-window-width';
import { CarouselControls } from '../carousel/carousel-controls';
import { StoryCard } from './story-card';
import { sortNewestFirst } from './story-grid';
import styles from './story-carousel.module.css';

/** Stories per slide (SPEC §9): 4 over 1280 px, 3 over 600 px, 1 below. */
export function storiesPerSlide(width: number): number {
  if (width > 1280) return 4;
  if (width > 600) return 3;
  return 1;
}

/** How many of the newest stories the home carousel shows (SPEC §9). */
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
  const perSlide = storiesPerSlide(useWindowWidth());
  const newest = sortNewestFirst(stories).slice(0, carouselStoryCount);
  const slides = Math.ceil(newest.length / perSlide);
  const { index, next, prev, canNext, canPrev } = useCarousel({ count: slides });
  if (newest.length === 0) return null;
  const shown = newest.slice(index * perSlide, index * perSlide + perSlide);

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <div aria-live="polite">
        <div role="group" aria-roledescription="slide" aria-label={`${index + 1} de ${slides}`}>
          <ul className={styles.slide} style={{ gridTemplateColumns: `repeat(${perSlide}, minmax(0, 1fr))` }}>
            {shown.map((story) => (
              <li key={story.slug}>
                <StoryCard story={story} headingLevel={3} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <CarouselControls index={index} count={slides} canPrev={canPrev} canNext={canNext} prev={prev} next={next} />
    </section>
  );
}

export default StoryCarousel;
