import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { useReducedMotion } from '@gota/shared/ui';

export interface CarouselOptions {
  /** How many slides (or pages) there are. */
  count: number;
  /** Whether "next" on the last slide goes back to the first. The facts carousel does not wrap (product §4). */
  wrap?: boolean;
  /** Auto-rotation interval in ms; none when omitted. */
  autoplayMs?: number;
  /** Something of the caller's holds the rotation (the allies carousel while an ally's popup is open). */
  paused?: boolean;
}

/**
 * The one carousel engine of the site (product §4): the facts, story, image and allies carousels. Headless state in the
 * WAI-ARIA carousel pattern: the current slide or page, previous/next with or without wrapping, and auto-rotation that
 * pauses while the pointer is over it, the focus is inside it or the caller says so (`paused`), and that the visitor can
 * stop. It starts stopped under prefers-reduced-motion (once hydrated: the server cannot know). A pause drops the
 * pending tick: after it the visitor gets a whole period before the next slide. The markup is the caller's, so that the
 * server renders every slide and CSS lays them out by width (architecture §7).
 *
 * @example
 * const { index, next, prev, canNext, rotating, pauseHandlers } = useCarousel({ count: pages, wrap: true, autoplayMs: 6000 });
 */
export function useCarousel({ count, wrap = false, autoplayMs, paused = false }: CarouselOptions) {
  const [rawIndex, setIndex] = useState(0);
  // the visitor's own choice wins; until they make one, rotation follows prefers-reduced-motion (known after hydration)
  const [choice, setChoice] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const playing = choice ?? (Boolean(autoplayMs) && !reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // the page count can shrink on resize: stay on the last page that still exists
  const index = Math.min(rawIndex, Math.max(0, count - 1));

  const canPrev = wrap ? count > 1 : index > 0;
  const canNext = wrap ? count > 1 : index < count - 1;

  const next = useCallback(() => {
    setIndex((current) => {
      const at = Math.min(current, Math.max(0, count - 1));
      if (at < count - 1) return at + 1;
      return wrap ? 0 : at;
    });
  }, [count, wrap]);

  const prev = useCallback(() => {
    setIndex((current) => {
      const at = Math.min(current, Math.max(0, count - 1));
      if (at > 0) return at - 1;
      return wrap ? Math.max(0, count - 1) : 0;
    });
  }, [count, wrap]);

  const goTo = useCallback((target: number) => setIndex(Math.max(0, Math.min(target, count - 1))), [count]);

  const rotating = Boolean(autoplayMs) && playing && !paused && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating || !autoplayMs) return;
    const timer = setInterval(next, autoplayMs);
    return () => clearInterval(timer);
  }, [rotating, autoplayMs, next]);

  /** Spread on the carousel's root element: hovering or focusing inside pauses the rotation. */
  const pauseHandlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return {
    index,
    count,
    next,
    prev,
    goTo,
    canPrev,
    canNext,
    playing,
    /** Whether slides are changing by themselves right now (screen readers are then not told of each change). */
    rotating,
    togglePlaying: () => setChoice(!playing),
    pauseHandlers,
  };
}

/**
 * What a screen reader calls a carousel and each of its slides, in the site's language (WAI-ARIA's carousel pattern: a
 * role description is read out as it is written, so an English one would sound foreign on a Spanish page).
 */
export const carouselRoleDescription = 'carrusel';
export const slideRoleDescription = 'diapositiva';

export { perPageLayout } from './per-page';
