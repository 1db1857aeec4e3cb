import { route, type RouteName } from '@gota/shared/routes';

export interface NavItem {
  label: string;
  routeName: RouteName;
  href: string;
  /** Only the home link must match its path exactly; the others stay current on their sub-pages (a story under HISTORIAS). */
  end: boolean;
}

const item = (label: string, routeName: 'index' | 'quienes-somos' | 'descargas' | 'blog' | 'aliados'): NavItem => ({
  label,
  routeName,
  href: route(routeName),
  end: routeName === 'index',
});

/** The five sections of product §2, in order. The top bar, the drawer and the footer's site map all list these. */
export const navItems: readonly NavItem[] = [
  item('INICIO', 'index'),
  item('QUIÉNES SOMOS', 'quienes-somos'),
  item('CAMPAÑA', 'descargas'),
  item('HISTORIAS', 'blog'),
  item('ALIADOS', 'aliados'),
];
