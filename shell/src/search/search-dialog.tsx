import * as Dialog from '@radix-ui/react-dialog';
import { useSiteStore } from '@gota/shared/store';
import { Button, VisuallyHidden } from '@gota/shared/ui';
import { StoreDialog } from '../dialogs/store-dialog';
import { CloseIcon } from '../layout/icons';
import { SearchBox } from './search-box';
import styles from './search-dialog.module.css';

/**
 * The top bar's search (issue #34): a Radix dialog near the top of the window, its field focused, the results under it
 * as the visitor types. Opened from the store (the top bar's button, the `/` key), so it remembers what had the focus
 * and gives it back.
 */
export function SearchDialog() {
  const open = useSiteStore((state) => state.searchDialog);
  const setOpen = useSiteStore((state) => state.setSearchDialog);

  return (
    <StoreDialog
      open={open}
      onOpenChange={setOpen}
      className={styles.dialog}
      aria-describedby={undefined}
      onOpenAutoFocus={(event) => {
        // the field, not the first button
        event.preventDefault();
        (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      }}
    >
      <div className={styles.header}>
        <Dialog.Title asChild>
          <VisuallyHidden as="h2">Buscar en Gota a Gota</VisuallyHidden>
        </Dialog.Title>
        <SearchBox variant="dialog" onNavigate={() => setOpen(false)} />
        <Dialog.Close asChild>
          <Button aria-label="Cerrar búsqueda" className={styles.close}>
            <CloseIcon />
          </Button>
        </Dialog.Close>
      </div>
    </StoreDialog>
  );
}
