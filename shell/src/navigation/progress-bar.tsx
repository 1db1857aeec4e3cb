import { useEffect, useState } from 'react';
import { useNavigation } from '@gota/shared/router';
import styles from './progress-bar.module.css';

/** Shown only when a visit takes longer than this: quick navigations stay calm (product §9). */
export const progressDelayMs = 250;

/** The navigation progress bar (#29d), after 250 ms of loading. */
export function ProgressBar() {
  const loading = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setVisible(true), progressDelayMs);
    // the visit ended (or another began): hide the bar until the next one has lasted the delay
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [loading]);
  if (!visible) return null;
  return <div className={styles.bar} role="progressbar" aria-label="Cargando página" />;
}
