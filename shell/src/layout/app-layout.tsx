import type { PageObject } from '@gota/shared/contracts';
import type { ReactNode } from 'react';
import { FixedBackground, fixedLayoutClass } from './fixed-layout/fixed-background';
import { LayoutChrome } from './layout-chrome';

export interface AppLayoutProps {
  page: PageObject;
  children: ReactNode;
}

/**
 * Wraps a page in the layout it names in `props.layout` (architecture §3): `fixed`, or the default when it names none.
 * Both are the same chrome, rendered here as one element whatever the layout, so that a visit from a default page to a
 * fixed one does not remount the top bar, the running alerts and the dialogs (as switching between two layout
 * components would).
 *
 * @example
 * <AppLayout page={page}><Blog {...page.props} /></AppLayout>
 */
export function AppLayout({ page, children }: AppLayoutProps) {
  const fixed = page.props.layout === 'fixed';
  return (
    <LayoutChrome
      page={page}
      className={fixed ? fixedLayoutClass : undefined}
      background={fixed ? <FixedBackground backgrounds={page.props.backgrounds} /> : null}
    >
      {children}
    </LayoutChrome>
  );
}
