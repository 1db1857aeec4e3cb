import { useEffect, useId, useRef, useState } from 'react';
import styles from './share-menu.module.css';

/** Share addresses of each network for a page address and title. */
function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/**
 * 'Compartir Historia': a disclosure button revealing the three share links. Escape or leaving the panel closes it;
 * Escape returns focus to the button. Links open a new window.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- takes the Escape key of the controls inside (it bubbles); the wrapper itself is not focusable
    <div
      ref={rootRef}
      className={styles.share}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Compartir Historia
      </button>
      <ul id={panelId} className={styles.panel} hidden={!open}>
        {shareLinks(url, title).map(({ network, href }) => (
          <li key={network}>
            <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              Compartir en {network}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
