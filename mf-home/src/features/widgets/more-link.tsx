import type { ReactNode } from 'react';
import { Link } from '@gota/shared/router';
import { buttonClass } from '@gota/shared/ui';
import styles from './widgets.module.css';

/** The way on under a home block ('VER TODAS LAS HISTORIAS', 'Conoce a nuestros aliados'): an outlined pill link. */
export function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className={styles.more}>
      <Link className={buttonClass({ variant: 'outlined', shape: 'pill' })} to={to}>
        {children}
      </Link>
    </p>
  );
}
