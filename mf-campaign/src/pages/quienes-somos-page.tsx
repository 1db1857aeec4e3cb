import type { PageProps } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import styles from './page.module.css';

/** About (SPEC §2 "About"). Issue #5 adds the mission, vision, objectives and steps. */
export function QuienesSomosPage(_props: PageProps) {
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Somos Gota a Gota</h1>
      <p className={styles.lead}>
        Un movimiento nacional que busca acciones concretas y sostenibles por la seguridad hídrica de México.
      </p>
      <button type="button" className={styles.button} onClick={() => setEmpresaForm(true)}>
        ¿quieres sumarte?
      </button>
    </div>
  );
}

export default QuienesSomosPage;
