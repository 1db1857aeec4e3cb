import type { Slide } from '@gota/shared/contracts';
import { useCarousel } from '../carousel/use-carousel';
import { useWindowWidth } from '../carousel/use-window-width';
import carousel from '../carousel/carousel.module.css';
import styles from './image-carousel.module.css';

/** Image breakpoints of SPEC §9 and the carousel's rotation interval (SPEC §4). */
export const imageBreakpoints = [0, 600, 1200] as const;
export type ImageBreakpoint = (typeof imageBreakpoints)[number];
export const imageCycleMs = 5000;

/** The largest breakpoint not above the window width. */
export function pickBreakpoint(width: number): ImageBreakpoint {
  let chosen: ImageBreakpoint = 0;
  for (const breakpoint of imageBreakpoints) if (breakpoint <= width) chosen = breakpoint;
  return chosen;
}

/**
 * The image carousel of a story: no arrows; dots (one always selected) and a pause button only with more than one
 * image; rotates every 5000 ms, pausing while hovered or focused. The image follows the window width.
 */
export function ImageCarousel({ slides, label = 'Imágenes de la historia' }: { slides: Slide[]; label?: string }) {
  const breakpoint = pickBreakpoint(useWindowWidth());
  const { index, goTo, playing, rotating, togglePlaying, pauseHandlers } = useCarousel({
    count: slides.length,
    wrap: true,
    autoplayMs: imageCycleMs,
  });
  const slide = slides[index];
  if (!slide) return null;
  const image = slide.images[String(breakpoint) as '0' | '600' | '1200'];
  const many = slides.length > 1;
  const width = breakpoint === 0 ? 600 : 1200;

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label} {...pauseHandlers}>
      {many && (
        <button type="button" className={`${carousel.toggle} ${styles.toggle}`} onClick={togglePlaying}>
          {playing ? 'Pausar imágenes' : 'Reanudar imágenes'}
        </button>
      )}
      <div aria-live={rotating ? 'off' : 'polite'}>
        {/* the slide is a group around the figure: a figure with a caption may not take another role (#16 row 14) */}
        <div role="group" aria-roledescription="slide" aria-label={`${index + 1} de ${slides.length}`} className={styles.slide}>
          <figure className={styles.figure}>
            <img
              className={styles.image}
              src={image.path}
              alt={slide.alt}
              width={width}
              height={Math.round(width / image.ar)}
              loading="lazy"
              decoding="async"
              data-breakpoint={breakpoint}
            />
            {slide.fuente && (
              <figcaption className={styles.caption}>
                <a href={slide.fuente} target="_blank" rel="noopener noreferrer">
                  Fuente<span className={carousel.visuallyHidden}> (se abre en una pestaña nueva)</span>
                </a>
              </figcaption>
            )}
          </figure>
        </div>
      </div>
      {many && (
        <ul className={`${carousel.dots} ${styles.dots}`} aria-label="Elegir imagen">
          {slides.map((item, i) => (
            <li key={`${item.alt}-${i}`}>
              <button
                type="button"
                className={carousel.dot}
                aria-label={`Imagen ${i + 1} de ${slides.length}`}
                aria-pressed={i === index}
                onClick={() => goTo(i)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
