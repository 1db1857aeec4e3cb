import { NavLink } from '@gota/shared/router';
import { navItems } from './nav-items';

interface Props {
  /** The landmark's name: two navigations on one page need different ones. */
  label: string;
  /** The caller's classes: the landmark, the list, a link, and the link of the section the visitor is in. */
  classes: { nav?: string | undefined; list: string | undefined; link: string | undefined; active: string | undefined };
  /** Told when a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The five sections as links, the current one marked by the router (`aria-current="page"`): the top bar and the drawer. */
export function NavLinks({ label, classes, onNavigate }: Props) {
  return (
    <nav aria-label={label} className={classes.nav}>
      <ul className={classes.list}>
        {navItems.map((item) => (
          <li key={item.routeName}>
            <NavLink
              to={item.href}
              end={item.end}
              className={({ isActive }) => [classes.link, isActive ? classes.active : undefined].filter(Boolean).join(' ')}
              onClick={onNavigate}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
