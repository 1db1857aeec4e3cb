import type { PageProps } from '@gota/shared/contracts';
import styles from './page.module.css';

/** Auth page (SPEC §2). Issue #6 adds the form, its messages and the dark card. */
export function RegistroPage(_props: PageProps) {
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Registro</h1>
      <p className={styles.lead}>Crea tu cuenta y súmate al movimiento.</p>
    </div>
  );
}

export default RegistroPage;
