import type { ReactNode } from 'react';
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
