import type { PageObject } from '@gota/shared/contracts';
import type { ReactNode } from 'react';
import { DefaultLayout } from './default-layout';
import { FixedLayout } from './fixed-layout/fixed-layout';

export interface AppLayoutProps {
  page: PageObject;
  children: ReactNode;
}

/**
 * Wraps a page in the layout it names in `props.layout` (ARCHITECTURE §3); a page that names none gets the default.
 *
 * @example
 * <AppLayout page={page}><Blog {...page.props} /></AppLayout>
 */
export function AppLayout({ page, children }: AppLayoutProps) {
  const Layout = page.props.layout === 'fixed' ? FixedLayout : DefaultLayout;
  return <Layout page={page}>{children}</Layout>;
}
