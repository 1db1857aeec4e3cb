import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Popup } from '@gota/shared/ui/popup';
import styles from './confirm-menu.module.css';

type ConfirmColor = 'error' | 'primary' | 'warning' | 'success';

export interface ConfirmMenuProps {
  /** What confirming does, for the activator's accessible name (e.g. 'Eliminar historia'). */
  label: string;
  onConfirm: () => void;
  title?: string;
  noText?: string;
  yesText?: string;
  color?: ConfirmColor;
  /** The activator's icon; a trash can by default. */
  icon?: ReactNode;
  /** A visible word beside the icon (e.g. 'Eliminar'); without it the activator is the icon alone. */
  text?: string;
}

/**
 * The confirm control of product §4: the activator opens a small menu asking '¿Estás seguro?'; SI confirms, NO (or Escape,
 * a press or the focus elsewhere: the shared popup) closes. The focus goes to NO, the safe answer, and back to the activator on close.
 */
export function ConfirmMenu({
  label,
  onConfirm,
  title = '¿Estás seguro?',
  noText = 'NO',
  yesText = 'SI',
  color = 'error',
  icon,
  text,
}: ConfirmMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const activatorRef = useRef<HTMLButtonElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    activatorRef.current?.focus();
  };

  useEffect(() => {
    if (open) noRef.current?.focus();
  }, [open]);

  return (
    <div className={styles.root} data-color={color}>
      <button
        ref={activatorRef}
        type="button"
        className={text ? `${styles.activator} ${styles.withText}` : styles.activator}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {icon ?? <TrashIcon />}
        {text}
      </button>
      <Popup open={open} onClose={() => setOpen(false)} trigger={activatorRef}>
        <div id={menuId} role="group" aria-labelledby={`${menuId}-title`} className={styles.menu}>
          <p id={`${menuId}-title`} className={styles.title}>
            {title}
          </p>
          <div className={styles.actions}>
            <button ref={noRef} type="button" className={styles.no} onClick={close}>
              {noText}
            </button>
            <button
              type="button"
              className={styles.yes}
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {yesText}
            </button>
          </div>
        </div>
      </Popup>
    </div>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
