import { overlayDefaults, useSiteStore } from '@gota/shared/store';
import styles from './overlay.module.css';

/**
 * The global loading overlay (product §2, §9): a scrim above everything but the alerts, with a spinner and a text.
 * The status region stays in the DOM while hidden so that screen readers announce the text when it appears.
 */
export function Overlay() {
  const overlay = useSiteStore((state) => state.overlay);
  const size = overlay.size > 0 ? overlay.size : overlayDefaults.size;
  const text = overlay.text || overlayDefaults.text;

  return (
    <div role="status" aria-live="polite" className={overlay.value ? styles.scrim : styles.idle}>
      {overlay.value && (
        <div className={styles.box}>
          <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
          <p className={styles.text}>{text}</p>
        </div>
      )}
    </div>
  );
}
