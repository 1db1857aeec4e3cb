import { Button } from '@gota/shared/ui';
import carousel from './carousel.module.css';

interface CarouselControlsProps {
  index: number;
  /** How many pages there are; `null` before the width is measured (on the server and while hydrating). */
  count: number | null;
  canPrev: boolean;
  canNext: boolean;
  prev: () => void;
  next: () => void;
}

/**
 * Previous/next buttons and the position of a paged carousel; nothing once it is known there is only one page (product §4).
 * Before the width is known the carousel's CSS hides them at the widths where every item fits on one page, and the
 * position stays empty (its box keeps its width, so nothing moves when it fills in).
 * At either end the button is `aria-disabled`, not `disabled`: a disabled button loses the focus it has, and the focus
 * of someone pressing 'Siguiente' to the last page would fall to the document (#16 row 13).
 */
export function CarouselControls({ index, count, canPrev, canNext, prev, next }: CarouselControlsProps) {
  if (count !== null && count <= 1) return null;
  return (
    <div className={carousel.controls} data-carousel-controls="">
      <Arrow label="Anterior" glyph="‹" enabled={canPrev} press={prev} />
      <span className={carousel.position} aria-hidden="true">
        {count === null ? '' : `${index + 1} / ${count}`}
      </span>
      <Arrow label="Siguiente" glyph="›" enabled={canNext} press={next} />
    </div>
  );
}

/** One of the two arrows: pressed at an end, it does nothing and says so (`aria-disabled`). */
function Arrow({ label, glyph, enabled, press }: { label: string; glyph: string; enabled: boolean; press: () => void }) {
  return (
    <Button
      variant="outlined"
      className={carousel.arrow}
      onClick={enabled ? press : undefined}
      aria-disabled={!enabled}
      aria-label={label}
    >
      <span aria-hidden="true">{glyph}</span>
    </Button>
  );
}
