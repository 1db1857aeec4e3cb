import { useEffect, useState } from 'react';
import { Button, prefersReducedMotion } from '@gota/shared/ui';
import styles from './scroll-top-button.module.css';

/** product §9: the button appears once the page is scrolled more than 100 px. */
const scrollTopThreshold = 100;

/** 'Volver arriba': smooth scroll to the top (instant under reduced motion), then focus on the page's heading. */
export function ScrollTopButton({ focusTargetId }: { focusTargetId?: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > scrollTopThreshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;

  const toTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // keyboard users continue from the top instead of from a button that just disappeared
    if (focusTargetId) document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };
  return (
    <Button variant="filled" className={styles.button} onClick={toTop} aria-label="Volver arriba">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 5 L5 12 M12 5 L19 12 M12 5 V20" />
      </svg>
    </Button>
  );
}
