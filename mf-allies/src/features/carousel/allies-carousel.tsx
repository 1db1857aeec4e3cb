import { useEffect, useId, useMemo, useState, type CSSProperties } from 'react';
import type { Ally } from '@gota/shared/contracts';
import { AllyLogo, type PopupOpener } from './ally-logo';
import { autoAdvanceMs, toPages, wrapPage } from './carousel-rules';
import { useAutoAdvance } from './use-auto-advance';
import { useLogosPerPage } from './use-logos-per-page';
import styles from './allies-carousel.module.css';

export interface AlliesCarouselProps {
  allies: readonly Ally[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Logos open a popup with the description and link (the Aliados page); off for the compact home strip. */
  withPopups?: boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

/**
 * The allies logo carousel (SPEC §2, §4, §9) in the WAI-ARIA carousel pattern: pages wrap around and advance every
 * 6000 ms unless the carousel is hovered, holds the focus, has a popup open, or the visitor stopped it.
 */
export function AlliesCarousel({ allies, label, withPopups = true }: AlliesCarouselProps) {
  const id = useId();
  const perPage = useLogosPerPage();
  const pages = useMemo(() => toPages(allies, perPage), [allies, perPage]);
  const [pageIndex, setPageIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // a visitor who asked for less motion gets a still carousel until they start it
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [popup, setPopup] = useState<{ empresa: string; by: PopupOpener } | null>(null);

  const current = wrapPage(pageIndex, pages.length);
  const multiPage = pages.length > 1;
  const rotating = multiPage && !stopped && !hovered && !focused && popup === null;
  const go = (delta: number) => {
    setPopup(null);
    setPageIndex((index) => wrapPage(wrapPage(index, pages.length) + delta, pages.length));
  };
  useAutoAdvance(() => setPageIndex((index) => wrapPage(index + 1, pages.length)), autoAdvanceMs, rotating);

  // Escape closes the popup wherever the focus is; focus inside the popup goes back to its logo
  useEffect(() => {
    if (!popup) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const item = document.getElementById(`${id}-popup`)?.closest('li');
      if (item?.contains(document.activeElement)) item.querySelector('button')?.focus();
      setPopup(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [popup, id]);

  const slide = pages[current] ?? [];
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => {
        setHovered(false);
        if (popup?.by === 'hover') setPopup(null);
      }}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.stage}>
        {multiPage ? (
          <button type="button" className={styles.arrow} aria-label="Anterior" aria-controls={`${id}-slides`} onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
        ) : null}
        <div id={`${id}-slides`} className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
          <div role="group" aria-roledescription="slide" aria-label={`${current + 1} de ${pages.length}`}>
            <ul className={styles.grid} style={{ '--per-page': perPage } as CSSProperties}>
              {slide.map((ally) =>
                withPopups ? (
                  <AllyLogo
                    key={ally.empresa}
                    ally={ally}
                    popupId={`${id}-popup`}
                    isOpen={popup?.empresa === ally.empresa}
                    onOpen={(by) => setPopup({ empresa: ally.empresa, by })}
                    onClose={() => setPopup(null)}
                  />
                ) : (
                  <li key={ally.empresa} className={styles.item}>
                    <img className={styles.logo} src={ally.img} alt={ally.empresa} width={400} height={286} loading="lazy" decoding="async" />
                  </li>
                ),
              )}
            </ul>
          </div>
        </div>
        {multiPage ? (
          <button type="button" className={styles.arrow} aria-label="Siguiente" aria-controls={`${id}-slides`} onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        ) : null}
      </div>
      {multiPage ? (
        <button type="button" className={styles.rotation} onClick={() => setStopped((value) => !value)}>
          {stopped ? 'Reanudar rotación automática' : 'Detener rotación automática'}
        </button>
      ) : null}
    </section>
  );
}
