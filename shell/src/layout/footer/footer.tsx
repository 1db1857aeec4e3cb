import { appName } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { useId } from 'react';
import { Link } from '@gota/shared/router';
import { privacyDialog } from '../../dialogs/on-demand-dialogs';
import controls from '../controls.module.css';
import { navItems } from '../nav-items';
import styles from './footer.module.css';
import { SocialIcon } from './social-icons';
import { socialLinks } from './social-links';

/**
 * Pages no section links to (#16 row 9): the facts and manifesto page, and signing in (the login page links to
 * registration). Listed after the five sections, in the site map only.
 */
const moreItems = [
  { label: 'DATOS SOBRE EL AGUA', href: route('datos-agua') },
  { label: 'INICIAR SESIÓN', href: route('auth'), signedOutOnly: true },
] as const;

/** The site's footer: site map, privacy notice, the campaign's social profiles and the copyright line (product §2). */
/** The footer's site map: the top bar's menu links here when the page runs without JavaScript. */
export const siteMapId = 'mapa-del-sitio';

export function Footer({ signedIn = false }: { signedIn?: boolean }) {
  const setPrivacyDialog = useSiteStore((state) => state.setPrivacyDialog);
  const newTab = useId();
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Mapa del sitio" id={siteMapId}>
          <ul className={styles.siteMap}>
            {navItems.map((item) => (
              <li key={item.routeName}>
                <Link to={item.href} className={styles.link}>
                  {item.label}
                </Link>
              </li>
            ))}
            {moreItems
              .filter((item) => !(signedIn && 'signedOutOnly' in item))
              .map((item) => (
                <li key={item.href}>
                  <Link to={item.href} className={styles.link}>
                    {item.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>

        <ul className={styles.social} aria-label="Redes sociales">
          {socialLinks.map(({ network, href, label }) => (
            <li key={network}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
                aria-describedby={newTab}
                className={styles.socialLink}
              >
                <SocialIcon network={network} />
              </a>
            </li>
          ))}
        </ul>
        {/* one description for the six links, so each name stays short and a screen reader still hears the new tab */}
        <span id={newTab} hidden>
          Se abre en una pestaña nueva
        </span>

        <div className={styles.legal}>
          <button
            type="button"
            className={controls.linkButton}
            onClick={() => setPrivacyDialog(true)}
            onPointerEnter={privacyDialog.prefetch}
            onFocus={privacyDialog.prefetch}
          >
            Aviso de privacidad
          </button>
          <p className={styles.copyright}>
            © {year} {appName}. Todos los derechos reservados.
          </p>
        </div>
      </div>
    </footer>
  );
}
