import type { PageProps } from '@gota/shared/contracts';
import styles from './page.module.css';

/** Auth page (SPEC §2). Issue #6 adds the form, its messages and the dark card. */
export function LoginPage(_props: PageProps) {
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Iniciar Sesión</h1>
      <p className={styles.lead}>Entra a tu cuenta para seguir sumando.</p>
    </div>
  );
}

export default LoginPage;
