import type { PageProps } from '@gota/shared/contracts';
import styles from './page.module.css';

/** Auth page (SPEC §2). Issue #6 adds the form, its messages and the dark card. */
export function RecuperarContrasenaPage(_props: PageProps) {
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Recuperar contraseña</h1>
      <p className={styles.lead}>Te enviaremos un enlace para establecer una nueva contraseña.</p>
    </div>
  );
}

export default RecuperarContrasenaPage;
