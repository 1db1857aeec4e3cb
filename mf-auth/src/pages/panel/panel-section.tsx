import type { ReactNode } from 'react';
import { useLocation, useNavigate } from '@gota/shared/router';
import styles from './equipo.module.css';

/** One part of the page, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Reloads the page object, keeping the scroll: the lists show what the database holds now. */
export function useReload() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
}
