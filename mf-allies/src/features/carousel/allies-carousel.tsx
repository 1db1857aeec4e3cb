import { useId, useLayoutEffect, useRef, useState, type ComponentType, type CSSProperties, type RefObject } from 'react';
import type { AllyBrand } from '@gota/shared/contracts';
import { Button, prefersReducedMotion, useWindowWidth } from '@gota/shared/ui';
import { carouselRoleDescription, perPageLayout, useCarousel } from '@gota/shared/ui/carousel';
import type { AllyLogoProps, PopupOpener } from './ally-logo';
import { autoAdvanceMs, logosPerPage } from './carousel-rules';
import { AllyLogoImage, AllySlide } from './ally-slide';
import styles from './allies-carousel.module.css';

/** The most logos a first page shows (the widest screens). */
const firstPageMost = logosPerPage(Number.POSITIVE_INFINITY);

export interface AlliesCarouselProps<A extends AllyBrand> {
  /** The allies in order: whole `Ally` records where `Logo` opens their popups, names and logos otherwise. */
  allies: readonly A[];
  /** Accessible name of the carousel region. */
  label: string;
  /**
   * The logo that opens a popup with the description and link (the Aliados page passes `AllyLogo`). The compact home
   * strip leaves it out, and with it the popup's code: its logos are plain images.
   */
  Logo?: ComponentType<Omit<AllyLogoProps, 'ally'> & { ally: A }>;
  /**
   * Whether the first page's logos load with the page (true, the default: on /aliados they are its largest paint on a
   * phone). The home strip sits far below the fold and passes false, so its logos wait until the visitor nears them
   * and leave the bandwidth to the hero image.
   */
  eagerFirstPage?: boolean;
}

/**
 * The allies logo carousel (product §2, §4, §9) in the WAI-ARIA carousel pattern: pages wrap around and advance every
 * 6000 ms unless the carousel is hovered, holds the focus, has a popup open, or the visitor stopped it.
 *
 * Its layout is CSS (architecture §7, decision 014): every ally is in the markup (with its description, for a reader
 * without JavaScript), the shared carousel table sets `--per-page` by width from `logosPerPage` (perPageLayout), and the row moves by whole pages (`--page`).
 * The server and the first render in the browser are the same at every width; after hydration the page count is
 * measured, the logos of other pages are taken out of reach and the rotation starts.
 */
export function AlliesCarousel<A extends AllyBrand>({ allies, label, Logo, eagerFirstPage = true }: AlliesCarouselProps<A>) {
  const id = useId();
  const perPage = useWindowWidth(logosPerPage);
  const pageCount = perPage === null ? null : Math.max(1, Math.ceil(allies.length / perPage));
  const [popup, setPopup] = useState<{ empresa: string; by: PopupOpener } | null>(null);
  // before the width is known: one page, so nothing rotates until the real count is
  const {
    index: current,
    next,
    prev,
    rotating,
    playing,
    togglePlaying,
    pauseHandlers,
  } = useCarousel({
    count: pageCount ?? 1,
    wrap: true,
    autoplayMs: autoAdvanceMs,
    paused: popup !== null,
  });
  const track = useRef<HTMLDivElement>(null);
  useTurnWithoutShift(track, current);

  // before the width is known the controls are rendered and the CSS hides them where every logo fits on one page
  const withControls = allies.length > 1 && (pageCount === null || pageCount > 1);
  const go = (move: () => void) => {
    setPopup(null);
    move();
  };

  const popupId = (index: number) => `${id}-popup-${index}`;
  const openIndex = popup ? allies.findIndex((ally) => ally.empresa === popup.empresa) : -1;

  const first = perPage === null ? 0 : current * perPage;
  const elsewhere = (index: number) => perPage !== null && (index < first || index >= first + perPage);
  return (
    <section
      className={styles.carousel}
      aria-roledescription={carouselRoleDescription}
      aria-label={label}
      {...perPageLayout(allies.length, logosPerPage)}
      {...pauseHandlers}
      onMouseLeave={() => {
        pauseHandlers.onMouseLeave();
        if (popup?.by === 'hover') setPopup(null);
      }}
    >
      <div className={styles.stage}>
        {withControls ? <Arrow label="Anterior" glyph="‹" slides={`${id}-slides`} press={() => go(prev)} /> : null}
        <div id={`${id}-slides`} className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
          <div ref={track} className={styles.track} style={{ '--page': current } as CSSProperties}>
            {allies.map((ally, index) => {
              const slide = {
                // the first page is on screen at once (the largest paint of /aliados on a phone): only later pages wait
                loading: eagerFirstPage && index < firstPageMost ? ('eager' as const) : ('lazy' as const),
                position: `${index + 1} de ${allies.length}`,
                hidden: elsewhere(index),
              };
              return Logo ? (
                <Logo
                  key={ally.empresa}
                  ally={ally}
                  slide={slide}
                  popupId={popupId(index)}
                  isOpen={index === openIndex}
                  onOpen={(by) => setPopup({ empresa: ally.empresa, by })}
                  // only its own: the focus moving to another logo opens that one first
                  onClose={() => setPopup((open) => (open?.empresa === ally.empresa ? null : open))}
                />
              ) : (
                <AllySlide key={ally.empresa} slide={slide}>
                  <AllyLogoImage ally={ally} slide={slide} />
                </AllySlide>
              );
            })}
          </div>
        </div>
        {withControls ? <Arrow label="Siguiente" glyph="›" slides={`${id}-slides`} press={() => go(next)} /> : null}
      </div>
      {withControls ? (
        <button type="button" className={styles.rotation} onClick={togglePlaying} data-carousel-controls="">
          {playing ? 'Detener rotación automática' : 'Reanudar rotación automática'}
        </button>
      ) : null}
    </section>
  );
}

/**
 * Draws the row's move to another page without a layout shift. The row's place is its margin (`--page`; a transform
 * would clip the popup, see the style sheet), and a margin moving over a transition is a layout shift in every frame,
 * counted even when the carousel turns by itself. So the margin jumps, and in the same frame a transform from where the
 * row was to none draws the move: a transform is never a shift, nor is a jump it cancels. No popup is open meanwhile
 * (a turn closes it, and it holds the rotation). Under prefers-reduced-motion the row just jumps.
 */
function useTurnWithoutShift(track: RefObject<HTMLDivElement | null>, page: number) {
  const drawn = useRef(page);
  useLayoutEffect(() => {
    const from = drawn.current;
    drawn.current = page;
    const row = track.current;
    if (from === page || !row || typeof row.animate !== 'function' || prefersReducedMotion()) return;
    row.animate([{ transform: `translateX(calc(${page - from} * (100% + var(--track-gap))))` }, { transform: 'none' }], {
      duration: 400,
      easing: 'ease',
    });
  }, [track, page]);
}

/** One of the two arrows, beside the slides it moves (`slides`, their id). */
function Arrow({ label, glyph, slides, press }: { label: string; glyph: string; slides: string; press: () => void }) {
  return (
    <Button
      variant="filled"
      className={styles.arrow}
      aria-label={label}
      aria-controls={slides}
      onClick={press}
      data-carousel-controls=""
    >
      <span aria-hidden="true">{glyph}</span>
    </Button>
  );
}
