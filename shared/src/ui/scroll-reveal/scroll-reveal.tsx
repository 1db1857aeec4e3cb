import { useEffect, useRef, useState, type FocusEvent, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { prefersReducedMotion } from '../reduced-motion/reduced-motion';
import styles from './scroll-reveal.module.css';

/** Distance limits of product §2: an element reveals 50 to 310 px after it enters the viewport, 80 by default. */
const revealOffset = { min: 50, max: 310, default: 80 } as const;

type RevealTag = 'div' | 'section' | 'article' | 'aside' | 'header' | 'footer' | 'li' | 'span' | 'figure';

export interface ScrollRevealProps extends HTMLAttributes<HTMLElement> {
  /** How far (px) the element's top must be inside the viewport before it reveals; clamped to 50–310. */
  offset?: number;
  /** The element to render, `div` by default. */
  as?: RevealTag;
  children?: ReactNode;
}

export function clampOffset(offset: number): number {
  if (!Number.isFinite(offset)) return revealOffset.default;
  return Math.min(revealOffset.max, Math.max(revealOffset.min, Math.round(offset)));
}

/**
 * `shown`: as the server rendered it, visible and still (also what a reader without JavaScript gets, and what the page
 * shows until it is live); once live, `still`: it was on screen (or the visitor wants no motion), so it stays as painted;
 * or `waiting`: below the fold, hidden until the visitor scrolls to it; `revealed`: faded in, for good. Anything but
 * `shown` says the element is live, which is what a test waits for before it scrolls (e2e/support/site.ts).
 */
type RevealState = 'shown' | 'still' | 'waiting' | 'revealed';

/** Without IntersectionObserver, or when the visitor asks for less motion, there is nothing worth waiting for. */
function revealsAtOnce(): boolean {
  if (typeof window.IntersectionObserver === 'undefined') return true;
  return prefersReducedMotion();
}

/**
 * Fades and slides its content in once the visitor has scrolled it `offset` px into view; it stays revealed afterwards.
 * The server renders it visible, and so does the first render in the browser: only once the page is live does an
 * element that is wholly below the fold hide, to reveal when scrolled to. What is on screen at the first paint never
 * disappears, and a reader without JavaScript sees everything. Only opacity and transform change: the content keeps
 * its place and is read by screen readers before it reveals.
 *
 * @example
 * <ScrollReveal as="section" offset={120}><h2>Gracias</h2></ScrollReveal>
 */
export function ScrollReveal({
  offset = revealOffset.default,
  as = 'div',
  className,
  onFocus,
  children,
  ...rest
}: ScrollRevealProps) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<RevealState>('shown');
  const margin = clampOffset(offset);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // on screen (or already scrolled past) when the page came alive: it stays as it was painted
    if (revealsAtOnce() || element.getBoundingClientRect().top < window.innerHeight) {
      setState((current) => (current === 'shown' ? 'still' : current));
      return;
    }
    setState((current) => (current === 'shown' ? 'waiting' : current));
    // Watched from this moment, not from the render that hides it: a scroll in between would pass it unseen and leave
    // it transparent. A negative bottom margin shrinks the viewport, so "intersecting" means "its top is `margin` px
    // inside".
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setState((current) => (current === 'waiting' ? 'revealed' : current));
        observer.disconnect();
      },
      { rootMargin: `0px 0px -${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);

  const Tag = as;
  return (
    <Tag
      {...rest}
      // every RevealTag is an HTMLElement; the union of their ref types is too narrow for one object
      ref={ref as RefObject<never>}
      className={[styles.reveal, styles[state], className ?? ''].filter(Boolean).join(' ')}
      data-reveal={state}
      // a keyboard user who tabs into content that is still transparent must see where the focus is
      onFocus={(event: FocusEvent<HTMLElement>) => {
        setState((current) => (current === 'waiting' ? 'revealed' : current));
        onFocus?.(event);
      }}
    >
      {children}
    </Tag>
  );
}
