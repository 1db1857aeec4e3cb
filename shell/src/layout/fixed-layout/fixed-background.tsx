import { breakpoints, type Background } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { backgroundStyle } from './background-style';
import styles from './fixed-layout.module.css';

/** Give it to the element that holds the background: a stacking context, so the background paints under the page. */
export const fixedLayoutClass = styles.fixed;

/**
 * The widths at which a background may start (fixed-layout.module.css has a rule for each): the display breakpoints of
 * product §9 and the 800 px of the auth pages. CSS, not script, picks the layer, so the server's HTML is already right at
 * every width and nothing changes when the page hydrates.
 */
export const backgroundBreakpoints = [
  breakpoints.sm,
  breakpoints.smPlus,
  breakpoints.md,
  breakpoints.mdPlus,
  breakpoints.lg,
  breakpoints.lgPlus,
  breakpoints.xl,
  breakpoints.xxl,
] as const;

/**
 * The fixed layout's background (product §2): full viewport, not scrolling, chosen by window width from the page's
 * backgrounds or, when the page brings none, from the ones a remote put in the store. One layer per background; a
 * media query shows the one with the widest `minWidth` not above the window's width. Decorative, so hidden from AT.
 */
export function FixedBackground({ backgrounds }: { backgrounds?: Background[] | undefined }) {
  const stored = useSiteStore((state) => state.backgrounds);
  const layers = [...(backgrounds?.length ? backgrounds : stored)].sort((a, b) => a.minWidth - b.minWidth);
  if (layers.length === 0) return null;
  return (
    <div className={styles.background} aria-hidden="true" data-testid="fixed-background">
      {layers.map((background, index) => (
        <div
          key={`${background.minWidth}-${background.path}`}
          className={styles.layer}
          data-from={background.minWidth || undefined}
          data-until={layers[index + 1]?.minWidth}
          style={backgroundStyle(background)}
        />
      ))}
    </div>
  );
}
