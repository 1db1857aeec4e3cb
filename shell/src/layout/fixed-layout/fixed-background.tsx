import type { Background } from '@gota/shared/contracts';
import { backgroundForWidth, useSiteStore } from '@gota/shared/store';
import { backgroundStyle } from './background-style';
import styles from './fixed-layout.module.css';
import { useWindowWidth } from './use-window-width';

/** Give it to the element that holds the background: a stacking context, so the background paints under the page. */
export const fixedLayoutClass = styles.fixed;

/**
 * The fixed layout's background (SPEC §2): full viewport, not scrolling, chosen by window width from the page's
 * backgrounds or, when the page brings none, from the ones a remote put in the store. Decorative, so hidden from AT.
 */
export function FixedBackground({ backgrounds }: { backgrounds?: Background[] | undefined }) {
  const stored = useSiteStore((state) => state.backgrounds);
  const width = useWindowWidth();
  const background = backgroundForWidth(backgrounds?.length ? backgrounds : stored, width);
  if (!background) return null;
  return <div className={styles.background} style={backgroundStyle(background)} aria-hidden="true" data-testid="fixed-background" />;
}
