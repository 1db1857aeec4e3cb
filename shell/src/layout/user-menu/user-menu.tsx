import { route } from '@gota/shared/routes';
import { signOutFailedMessage, type TeamRole } from '@gota/shared/contracts';
import { handleError } from '@gota/shared/http';
import { useState } from 'react';
import { Link } from '@gota/shared/router';
import { buttonClass, PostForm } from '@gota/shared/ui';
import { signOut } from './sign-out';
import styles from './user-menu.module.css';

export interface UserMenuProps {
  firstName: string;
  /**
   * The roles of the account (decision 051): «bandeja» gets 'Bandeja', the campaign team's inbox (issue #13); «editor»
   * 'Editar historias', the stories in the panel (decision 049); «operador» 'Versiones', the remotes' releases
   * (decision 044); «administrador» 'Equipo', who holds which role.
   */
  roles?: readonly TeamRole[];
  /**
   * `bar`: in the top bar, where it shrinks with the window (under 800 px the drawer shows it instead; below 1440 px the
   * button keeps only its icon). `drawer`: always in full.
   */
  variant: 'bar' | 'drawer';
}

const inboxIcon = 'M4 13h4l1.5 3h5L16 13h4M5.5 5h13L20 13v5.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5V13z';
// three stacked layers: the releases of each part of the site
const releasesIcon = 'M12 4 3.5 8.5 12 13l8.5-4.5L12 4zM3.5 12.5 12 17l8.5-4.5M3.5 16.5 12 21l8.5-4.5';
// a pen over a line: writing the stories
const storiesIcon = 'M4 20h16M14.5 4.5l3 3L8 17H5v-3z';
// two heads and shoulders: the people of the team
const teamIcon =
  'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3.5 19a5.5 5.5 0 0 1 11 0M16 11a2.5 2.5 0 1 0 0-5M17 14.5a4.5 4.5 0 0 1 3.5 4.5';
const signOutIcon = 'M14 4h3.5A1.5 1.5 0 0 1 19 5.5v13a1.5 1.5 0 0 1-1.5 1.5H14M10 8l-4 4 4 4M6 12h9';

/**
 * The panel's pages a role opens, in the menu's order. `room`: the class of a link that waits for a wider top bar
 * (`operatorOnly`, `moreRoles`); 'Bandeja' has none.
 */
const roleLinks: readonly { role: TeamRole; to: string; label: string; icon: string; room?: string }[] = [
  { role: 'bandeja', to: route('panel'), label: 'Bandeja', icon: inboxIcon },
  { role: 'editor', to: route('panelHistorias'), label: 'Editar historias', icon: storiesIcon, room: styles.moreRoles },
  { role: 'operador', to: route('panelVersiones'), label: 'Versiones', icon: releasesIcon, room: styles.operatorOnly },
  { role: 'administrador', to: route('panelEquipo'), label: 'Equipo', icon: teamIcon, room: styles.moreRoles },
];

/** A line icon and its words; in the narrow top bar only the icon shows (CSS): the control's aria-label names it. */
function IconLabel({ icon, label }: { icon: string; label: string }) {
  return (
    <>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={styles.label}>{label}</span>
    </>
  );
}

/**
 * The signed-in visitor's greeting and 'Cerrar sesión' (product §10.3), a form: without JavaScript the browser posts it
 * and is led home (decision 043).
 */
export function UserMenu({ firstName, roles = [], variant }: UserMenuProps) {
  const [busy, setBusy] = useState(false);

  async function handleSignOut() {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      // the page reloads on success, so only a failure comes back here
      setBusy(false);
      handleError(error, { message: signOutFailedMessage });
    }
  }

  return (
    <div className={styles.user} data-variant={variant}>
      <span className={styles.greeting}>Hola, {firstName}</span>
      {roleLinks.map(({ role, to, label, icon, room }) =>
        roles.includes(role) ? (
          <Link
            key={role}
            to={to}
            className={buttonClass({ shape: 'pill' }, room ? `${styles.button} ${room}` : styles.button)}
            title={label}
            aria-label={label}
          >
            <IconLabel icon={icon} label={label} />
          </Link>
        ) : null,
      )}
      <PostForm action={route('logout')} onSubmit={() => void handleSignOut()} className={styles.signOut}>
        <button
          type="submit"
          className={buttonClass({ shape: 'pill' }, styles.button)}
          disabled={busy}
          aria-busy={busy}
          title="Cerrar sesión"
          aria-label="Cerrar sesión"
        >
          <IconLabel icon={signOutIcon} label="Cerrar sesión" />
        </button>
      </PostForm>
    </div>
  );
}
