import { useId, useRef, useState } from 'react';
import { buttonClass } from '@gota/shared/ui';
import { Popup } from '@gota/shared/ui/popup';
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
 * 'Compartir Historia': a disclosure button revealing the three share links, in the shared popup (Escape, a press or
 * the focus elsewhere close it; Escape returns the focus to the button). Links open a new window.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <div className={styles.share}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass({ variant: 'outlined', shape: 'pill' })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Compartir Historia
      </button>
      <Popup open={open} onClose={() => setOpen(false)} trigger={buttonRef} keepMounted>
        <ul id={panelId} className={styles.panel}>
          {shareLinks(url, title).map(({ network, href }) => (
            <li key={network}>
              <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                Compartir en {network}
              </a>
            </li>
          ))}
        </ul>
      </Popup>
    </div>
  );
}
