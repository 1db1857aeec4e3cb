import type { PageProps } from '@gota/shared/contracts';
import styles from './page.module.css';

/** Facts and manifesto (SPEC §2 "DatosAgua"). Issue #5 adds the image window, the text and the members grid. */
export function DatosAguaPage(_props: PageProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Manifiesto</h1>
      <p className={styles.lead}>El agua nos une: lo que creemos y lo que nos comprometemos a hacer.</p>
      <h2>Miembros</h2>
    </div>
  );
}

export default DatosAguaPage;
