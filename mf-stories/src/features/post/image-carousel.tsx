import { breakpoints, type Slide } from '@gota/shared/contracts';
import { carouselRoleDescription, slideRoleDescription, useCarousel } from '@gota/shared/ui/carousel';
import carousel from '../carousel/carousel.module.css';
import styles from './image-carousel.module.css';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';

/** Image breakpoints of product §9 and the carousel's rotation interval (product §4). */
const imageBreakpoints = [0, breakpoints.sm, breakpoints.mdPlus] as const;
type ImageBreakpoint = (typeof imageBreakpoints)[number];
const imageCycleMs = 5000;

/** The width an image is drawn for at each breakpoint: the phone image is square-ish and small, the others wide. */
function drawnWidth(breakpoint: ImageBreakpoint): number {
  return breakpoint === 0 ? breakpoints.sm : breakpoints.mdPlus;
}

/**
 * The slide's image for every breakpoint in one <picture>: the browser takes the largest breakpoint not above the
 * window width (the first <source> whose media matches, widest first), so the server's HTML needs no width, and the
 * width and height of each source reserve the space of that image's aspect ratio.
 */
function SlidePicture({ slide, className }: { slide: Slide; className?: string }) {
  const phone = slide.images['0'];
  const wideFirst = imageBreakpoints.filter((breakpoint) => breakpoint > 0).reverse();
  return (
    <picture>
      {wideFirst.map((breakpoint) => {
        const image = slide.images[String(breakpoint) as '600' | '1200'];
        const width = drawnWidth(breakpoint);
        return (
          <source
            key={breakpoint}
            media={`(min-width: ${breakpoint}px)`}
            srcSet={image.path}
            width={width}
            height={Math.round(width / image.ar)}
          />
        );
      })}
      <img
        className={className}
        src={phone.path}
        alt={slide.alt}
        width={drawnWidth(0)}
        height={Math.round(drawnWidth(0) / phone.ar)}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}

/**
 * The image carousel of a story: no arrows; dots (one always selected) and a pause button only with more than one
 * image; rotates every 5000 ms, pausing while hovered or focused. The image follows the window width (by CSS media).
 */
export function ImageCarousel({ slides, label = 'Imágenes de la historia' }: { slides: Slide[]; label?: string }) {
  const { index, goTo, playing, rotating, togglePlaying, pauseHandlers } = useCarousel({
    count: slides.length,
    wrap: true,
    autoplayMs: imageCycleMs,
  });
  const slide = slides[index];
  if (!slide) return null;
  const many = slides.length > 1;

  return (
    <section className={styles.carousel} aria-roledescription={carouselRoleDescription} aria-label={label} {...pauseHandlers}>
      {many && (
        <button type="button" className={buttonClass({ variant: 'tonal', shape: 'pill' }, styles.toggle)} onClick={togglePlaying}>
          {playing ? 'Pausar imágenes' : 'Reanudar imágenes'}
        </button>
      )}
      <div aria-live={rotating ? 'off' : 'polite'}>
        {/* the slide is a group around the figure: a figure with a caption may not take another role (#16 row 14) */}
        <div
          role="group"
          aria-roledescription={slideRoleDescription}
          aria-label={`${index + 1} de ${slides.length}`}
          className={styles.slide}
        >
          <figure className={styles.figure}>
            <SlidePicture slide={slide} className={styles.image} />
            {slide.fuente && (
              <figcaption className={styles.caption}>
                <a href={slide.fuente} target="_blank" rel="noopener noreferrer">
                  Fuente<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
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
