import type { PageObject } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import type { ReactNode } from 'react';
import { SiteDialogs } from '../dialogs/on-demand-dialogs';
import { AlertArea } from './alert-area/alert-area';
import { Footer } from './footer/footer';
import styles from './layout-chrome.module.css';
import { Overlay } from './overlay/overlay';
import { contentId } from './skip-link';
import { TopBar } from './top-bar/top-bar';

export interface LayoutChromeProps {
  page: PageObject;
  children: ReactNode;
  /** Painted behind everything (the fixed layout's background). */
  background?: ReactNode;
  className?: string;
}

/**
 * What every layout shares (product §2): top bar (with the skip link), the page in `<main>`, footer, and the global alert area,
 * overlay and dialogs (each dialog's code loads when it first opens). `<main>` is focusable (tabIndex -1) so the skip link, and the navigation client after a
 * client-side visit, can move the focus to the new content.
 */
export function LayoutChrome({ page, children, background, className }: LayoutChromeProps) {
  const busy = useSiteStore((state) => state.overlay.value);

  return (
    <div className={[styles.layout, className].filter(Boolean).join(' ')}>
      {background}
      <TopBar isIndex={page.props.isIndex ?? false} user={page.props.auth?.user ?? null} />
      <main id={contentId} tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        {children}
      </main>
      <Footer signedIn={Boolean(page.props.auth?.user)} />
      <AlertArea />
      <Overlay />
      <SiteDialogs />
    </div>
  );
}
