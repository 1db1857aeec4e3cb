import type { PageProps } from '@gota/shared/contracts';
import styles from './page.module.css';

/** Downloads (SPEC §2 "Downloads"). Issue #5 adds the visual-code sections and the DESCARGAR archive. */
export function DescargasPage(_props: PageProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Un latido en cada gota</h1>
      <p className={styles.lead}>
        La campaña que convierte un gesto con las manos, el «water finger heart», en un recordatorio de cuidar el agua.
      </p>
    </div>
  );
}

export default DescargasPage;
