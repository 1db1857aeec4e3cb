import type { WaterFact } from '@gota/shared/contracts';
import { useCarousel } from '../carousel/use-carousel';
import { useWindowWidth } from '../carousel/use-window-width';
import { CarouselControls } from '../carousel/carousel-controls';
import styles from './facts-carousel.module.css';

/** Facts per page by window width (SPEC §4): under 960 px 1, under 1280 px 2, under 1920 px 3, otherwise 4. */
export function factsPerPage(width: number): number {
  if (width < 960) return 1;
  if (width < 1280) return 2;
  if (width < 1920) return 3;
  return 4;
}

/** The paged facts carousel: starts on page 0 and does not wrap; the arrows only exist when there is a second page. */
export function FactsCarousel({ facts, label = 'Datos sobre el agua' }: { facts: WaterFact[]; label?: string }) {
  const perPage = factsPerPage(useWindowWidth());
  const pages = Math.ceil(facts.length / perPage);
  const { index, next, prev, canNext, canPrev } = useCarousel({ count: pages });
  if (facts.length === 0) return null;
  const shown = facts.slice(index * perPage, index * perPage + perPage);

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <div className={styles.viewport} aria-live="polite">
        <div
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} de ${pages}`}
          className={styles.page}
          style={{ gridTemplateColumns: `repeat(${perPage}, minmax(0, 1fr))` }}
        >
          {shown.map((fact, offset) => (
            // the html is sanitized on the server when the content is loaded (api/src/content/load-content.ts)
            <p key={index * perPage + offset} className={styles.fact} dangerouslySetInnerHTML={{ __html: fact.html }} />
          ))}
        </div>
      </div>
      <CarouselControls index={index} count={pages} canPrev={canPrev} canNext={canNext} prev={prev} next={next} />
    </section>
  );
}
