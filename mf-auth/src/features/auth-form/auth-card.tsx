import type { ReactNode } from 'react';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import styles from './auth-card.module.css';

export { styles as authCardStyles };

/** The dark card every auth page sits in, at most 400 px wide (product §2). */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <div className={`${styles.card} theme-dark`}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </div>
  );
}

/** The way back to the sign-in form, under a card's form (recovering a password, the second step). */
export function BackToSignIn() {
  return (
    <div className={styles.links}>
      <Link to={route('auth')}>Volver a iniciar sesión</Link>
    </div>
  );
}
