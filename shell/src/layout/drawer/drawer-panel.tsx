import type { SiteUser } from '@gota/shared/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useSiteStore } from '@gota/shared/store';
import { useRef, type RefObject } from 'react';
import { CloseIcon } from '../icons';
import { NavLinks } from '../nav-links';
import { contactDialog } from '../../dialogs/on-demand-dialogs';
import { SearchBox } from '../../search/search-box';
import { UserMenu } from '../user-menu/user-menu';
import styles from './drawer.module.css';
import { Button, buttonClass, VisuallyHidden } from '@gota/shared/ui';

export interface DrawerPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The content's id, which 'Abrir menú' names in aria-controls while it is open. */
  id: string;
  /** 'Abrir menú': the focus goes back there when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  user: SiteUser | null;
}

/**
 * The drawer itself (product §2): the search, the five sections and CONTÁCTANOS, over a backdrop. Its code, with
 * Radix Dialog's, loads when 'Abrir menú' is first pressed (decision 020); `Drawer` owns the button and the open state.
 */
export function DrawerPanel({ open, onOpenChange, id, trigger, user }: DrawerPanelProps) {
  const setContactForm = useSiteStore((state) => state.setContactForm);
  // CONTÁCTANOS waits until the drawer has closed and given the focus back to 'Abrir menú': opening the contact dialog at
  // once would make it remember a button that is about to vanish, and its focus would be lost when it closes.
  const contactPending = useRef(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.backdrop} />
        <Dialog.Content
          id={id}
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // the menu button is ours, not a Radix Trigger: give it the focus back ourselves
            event.preventDefault();
            trigger.current?.focus();
            if (!contactPending.current) return;
            contactPending.current = false;
            setContactForm(true);
          }}
        >
          <div className={styles.header}>
            <Dialog.Title asChild>
              <VisuallyHidden as="h2">Menú</VisuallyHidden>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button aria-label="Cerrar menú">
                <CloseIcon />
              </Button>
            </Dialog.Close>
          </div>

          {/* product §2: the drawer's «Buscar...», with its results under it as the visitor types (issue #34) */}
          <SearchBox variant="drawer" onNavigate={() => onOpenChange(false)} />

          <NavLinks
            label="Menú principal"
            classes={{ list: styles.links, link: styles.link, active: styles.active }}
            onNavigate={() => onOpenChange(false)}
          />

          <button
            type="button"
            className={buttonClass({ variant: 'filled', shape: 'pill' }, styles.contact)}
            onPointerEnter={contactDialog.prefetch}
            onFocus={contactDialog.prefetch}
            onClick={() => {
              contactPending.current = true;
              onOpenChange(false);
            }}
          >
            CONTÁCTANOS
          </button>

          {user && <UserMenu firstName={user.firstName} roles={user.roles ?? []} variant="drawer" />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
