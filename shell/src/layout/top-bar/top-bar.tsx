import { appName, type SiteUser } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { Link } from '@gota/shared/router';
import { route } from '@gota/shared/routes';
import { contactDialog, searchDialog } from '../../dialogs/on-demand-dialogs';
import { holdTyping } from '../../search/held-typing';
import { Drawer } from '../drawer/drawer';
import { MenuIcon } from '../icons';
import { siteMapId } from '../footer/footer';
import { NavLinks } from '../nav-links';
import { SkipLink } from '../skip-link';
import { ThemeSwitch } from '../theme-switch/theme-switch';
import { UserMenu } from '../user-menu/user-menu';
import { BrandLogo } from './brand-logo';
import styles from './top-bar.module.css';
import { Button, buttonClass } from '@gota/shared/ui';

export interface TopBarProps {
  /** The home page's style: translucent over the hero. */
  isIndex?: boolean;
  user?: SiteUser | null;
}

/**
 * The site's top bar: the skip link, brand, the five sections, the search, CONTÁCTANOS, the theme switch and, when
 * signed in, the visitor's name.
 * Under 600 px a CSS media query swaps the sections and CONTÁCTANOS for the drawer's menu button (no JS measuring, so
 * the first paint is already right).
 */
export function TopBar({ isIndex = false, user = null }: TopBarProps) {
  const setContactForm = useSiteStore((state) => state.setContactForm);
  const setSearchDialog = useSiteStore((state) => state.setSearchDialog);

  return (
    <header
      className={[styles.bar, isIndex ? styles.index : ''].filter(Boolean).join(' ')}
      data-signed-in={user ? true : undefined}
    >
      <SkipLink />
      <div className={styles.inner}>
        <Drawer className={styles.menuButton} user={user} />
        {/* without JavaScript the drawer cannot open: the same icon leads to the footer's site map (global.css) */}
        <Button href={`#${siteMapId}`} className={styles.menuButton} aria-label="Menú: mapa del sitio" data-without-js="">
          <MenuIcon />
        </Button>
        <Link to="/" className={styles.brand} aria-label={appName}>
          <BrandLogo className={styles.logo} />
          <span className={styles.brandName}>{appName}</span>
        </Link>
        <NavLinks label="Principal" classes={{ nav: styles.nav, list: styles.links, link: styles.link, active: styles.active }} />
        <div className={styles.actions}>
          {/* issue #34: a plain GET form, so before the scripts (and without them) it leads to /buscar; once live it opens
              the search dialog instead. Under 600 px the drawer holds the search, and this shows only without scripts. */}
          <form role="search" aria-label="Buscar en el sitio" action={route('buscar')} method="get" className={styles.search}>
            <button
              type="submit"
              className={buttonClass({ variant: 'plain', shape: 'round' }, styles.searchButton)}
              aria-label="Buscar"
              onClick={(event) => {
                event.preventDefault();
                holdTyping();
                setSearchDialog(true);
              }}
              onPointerEnter={searchDialog.prefetch}
              onFocus={searchDialog.prefetch}
            >
              <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </form>
          <button
            type="button"
            className={buttonClass({ variant: 'filled', shape: 'pill' }, styles.contact)}
            onClick={() => setContactForm(true)}
            onPointerEnter={contactDialog.prefetch}
            onFocus={contactDialog.prefetch}
            data-needs-js=""
          >
            CONTÁCTANOS
          </button>
          {user && <UserMenu firstName={user.firstName} roles={user.roles ?? []} variant="bar" />}
          <ThemeSwitch />
        </div>
      </div>
    </header>
  );
}
