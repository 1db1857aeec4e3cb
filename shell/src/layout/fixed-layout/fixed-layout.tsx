import type { Background, PageObject } from '@gota/shared/contracts';
import { backgroundForWidth, useSiteStore } from '@gota/shared/store';
import type { ReactNode } from 'react';
import { LayoutChrome } from '../layout-chrome';
import { backgroundStyle } from './background-style';
import styles from './fixed-layout.module.css';
import { useWindowWidth } from './use-window-width';

const none: Background[] = [];

/**
 * The fixed layout (SPEC §2): the default chrome over a full-viewport background that does not scroll, chosen by window
 * width from the page's backgrounds (or, when the page brings none, the ones a remote put in the store).
 */
export function FixedLayout({ page, children }: { page: PageObject; children: ReactNode }) {
  const stored = useSiteStore((state) => state.backgrounds);
  const width = useWindowWidth();
  const list = page.props.backgrounds?.length ? page.props.backgrounds : stored.length ? stored : none;
  const background = backgroundForWidth(list, width);

  return (
    <LayoutChrome
      page={page}
      className={styles.fixed}
      background={
        background ? (
          <div className={styles.background} style={backgroundStyle(background)} aria-hidden="true" data-testid="fixed-background" />
        ) : null
      }
    >
      {children}
    </LayoutChrome>
  );
}
