import { breakpoints, type WaterFact } from '@gota/shared/contracts';
import { PagedCarousel } from '../carousel/paged-carousel';
import styles from './facts-carousel.module.css';

/**
 * Facts per page by window width (product §4): under 960 px 1, under 1280 px 2, under 1920 px 3, otherwise 4.
 * The shared carousel table lays them out (perPageLayout).
 */
export function factsPerPage(width: number): number {
  if (width < breakpoints.md) return 1;
  if (width < breakpoints.lg) return 2;
  if (width < breakpoints.xl) return 3;
  return 4;
}

/** The paged facts carousel: starts on page 0 and does not wrap; the arrows only exist when there is a second page. */
export function FactsCarousel({ facts, label = 'Datos sobre el agua' }: { facts: WaterFact[]; label?: string }) {
  return (
    <PagedCarousel
      items={facts}
      label={label}
      perPageAt={factsPerPage}
      className={styles.carousel}
      itemKey={(_, i) => String(i)}
      // the html is sanitized on the server when the content is loaded (api/src/features/content/load-content.ts)
      renderItem={(fact) => <p className={styles.fact} dangerouslySetInnerHTML={{ __html: fact.html }} />}
    />
  );
}
