import type { PageObject } from '@gota/shared/contracts';
import type { ReactNode } from 'react';
import { LayoutChrome } from './layout-chrome';

/** The layout of every page that names none (product §2). */
export function DefaultLayout({ page, children }: { page: PageObject; children: ReactNode }) {
  return <LayoutChrome page={page}>{children}</LayoutChrome>;
}
