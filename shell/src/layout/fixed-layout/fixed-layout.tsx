import type { PageObject } from '@gota/shared/contracts';
import type { ReactNode } from 'react';
import { LayoutChrome } from '../layout-chrome';
import { FixedBackground, fixedLayoutClass } from './fixed-background';

/** The fixed layout (product §2): the default chrome over a full-viewport background that does not scroll. */
export function FixedLayout({ page, children }: { page: PageObject; children: ReactNode }) {
  return (
    <LayoutChrome page={page} className={fixedLayoutClass} background={<FixedBackground backgrounds={page.props.backgrounds} />}>
      {children}
    </LayoutChrome>
  );
}
