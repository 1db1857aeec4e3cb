import type { CSSProperties, ReactNode } from 'react';
import { useWindowWidth } from '@gota/shared/ui';
import { CarouselControls } from './carousel-controls';
import { carouselRoleDescription, perPageLayout, slideRoleDescription, useCarousel } from '@gota/shared/ui/carousel';
import carousel from './carousel.module.css';

export interface PagedCarouselProps<T> {
  items: readonly T[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Items per page by window width (the product rule), at the widths of the shared carousel table (per-page.ts). */
  perPageAt: (width: number) => number;
  /** The component's root class, for its own spacing (`--track-gap`, margins). */
  className?: string;
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * A paged carousel whose layout is CSS (architecture §7, decision 014): every item is in the markup, the shared table
 * sets `--per-page` by width from `perPageAt` (perPageLayout), the slides are sized from it, and the track moves by whole pages (`--page`). The server
 * and the first render in the browser are the same at every width; after hydration JavaScript learns the page count
 * (for the position and the last page) and takes the items of other pages out of reach (`inert`, `aria-hidden`).
 * It starts on page 0 and does not wrap (product §4).
 */
export function PagedCarousel<T>({ items, label, perPageAt, className, itemKey, renderItem }: PagedCarouselProps<T>) {
  const perPage = useWindowWidth(perPageAt);
  const pages = perPage === null ? null : Math.max(1, Math.ceil(items.length / perPage));
  // before measuring, the largest possible count: the first page is 0 either way and "next" is possible when the CSS shows it
  const { index, next, prev, canNext, canPrev } = useCarousel({ count: pages ?? items.length });
  if (items.length === 0) return null;
  const first = perPage === null ? 0 : index * perPage;

  return (
    <section
      className={`${carousel.paged} ${className ?? ''}`}
      aria-roledescription={carouselRoleDescription}
      aria-label={label}
      {...perPageLayout(items.length, perPageAt)}
    >
      <div className={carousel.viewport} aria-live="polite">
        <div className={carousel.track} style={{ '--page': index } as CSSProperties}>
          {items.map((item, i) => {
            const elsewhere = perPage !== null && (i < first || i >= first + perPage);
            return (
              <div
                key={itemKey(item, i)}
                role="group"
                aria-roledescription={slideRoleDescription}
                aria-label={`${i + 1} de ${items.length}`}
                className={carousel.slide}
                data-carousel-slide=""
                aria-hidden={elsewhere || undefined}
                inert={elsewhere || undefined}
              >
                {renderItem(item, i)}
              </div>
            );
          })}
        </div>
      </div>
      {items.length > 1 && (
        <CarouselControls index={index} count={pages} canPrev={canPrev} canNext={canNext} prev={prev} next={next} />
      )}
    </section>
  );
}
