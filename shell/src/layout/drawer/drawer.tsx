import * as Dialog from '@radix-ui/react-dialog';
import { useSiteStore } from '@gota/shared/store';
import { useId, useRef, useState } from 'react';
import { NavLink } from '@gota/shared/router';
import controls from '../controls.module.css';
import { navItems } from '../nav-items';
import { UserMenu } from '../user-menu/user-menu';
import styles from './drawer.module.css';

export interface DrawerProps {
  /** Styles the 'Abrir menú' trigger; the top bar shows it only under 600 px (800 px signed in). */
  className?: string;
  /** The signed-in visitor, whose greeting and 'Cerrar sesión' move here from the narrow top bar. */
  user?: { firstName: string; staff?: boolean | undefined } | null;
}

/** The three lines of a menu button. */
export function MenuIcon() {
  return (
    <svg className={controls.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The side menu of narrow screens (SPEC §2): its own 'Abrir menú' trigger and a left drawer with the five sections,
 * CONTÁCTANOS and the (unused) search.
 */
export function Drawer({ className, user = null }: DrawerProps) {
  const [open, setOpen] = useState(false);
  const setContactForm = useSiteStore((state) => state.setContactForm);
  // CONTÁCTANOS waits until the drawer has closed and given the focus back to 'Abrir menú': opening the contact dialog at
  // once would make it remember a button that is about to vanish, and its focus would be lost when it closes.
  const contactPending = useRef(false);
  const searchHint = useId();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={[controls.iconButton, className].filter(Boolean).join(' ')} aria-label="Abrir menú" data-needs-js="">
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.backdrop} />
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={() => {
            if (!contactPending.current) return;
            contactPending.current = false;
            setContactForm(true);
          }}
        >
          <div className={styles.header}>
            <Dialog.Title className={controls.visuallyHidden}>Menú</Dialog.Title>
            <Dialog.Close className={controls.iconButton} aria-label="Cerrar menú">
              <svg className={controls.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>

          {/* SPEC §2: the drawer holds a search that is unused. It is a real, labelled field that does nothing on submit. */}
          <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
            <label className={controls.visuallyHidden} htmlFor={`${searchHint}-input`}>
              Buscar...
            </label>
            <input
              id={`${searchHint}-input`}
              type="search"
              className={styles.searchInput}
              placeholder="Buscar..."
              aria-describedby={searchHint}
              autoComplete="off"
            />
            <p id={searchHint} className={styles.hint}>
              La búsqueda estará disponible muy pronto.
            </p>
          </form>

          <nav aria-label="Menú principal">
            <ul className={styles.links}>
              {navItems.map((item) => (
                <li key={item.routeName}>
                  <NavLink
                    to={item.href}
                    end={item.end}
                    className={({ isActive }) => [styles.link, isActive ? styles.active : ''].filter(Boolean).join(' ')}
                    onClick={() => setOpen(false)}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <button
            type="button"
            className={`${controls.primaryButton} ${styles.contact}`}
            onClick={() => {
              contactPending.current = true;
              setOpen(false);
            }}
          >
            CONTÁCTANOS
          </button>

          {user && <UserMenu firstName={user.firstName} staff={user.staff === true} variant="drawer" />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
