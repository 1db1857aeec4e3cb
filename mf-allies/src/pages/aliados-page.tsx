import type { PageProps } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import styles from './page.module.css';

/** Allies (SPEC §2 "Allies"). Issue #5 adds the intro strip, the logo carousel and the join sections. */
export function AliadosPage(_props: PageProps) {
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Impulsando un cambio sostenible, una gota a la vez</h1>
      <p className={styles.lead}>
        Conoce las iniciativas de nuestros aliados y descubre cómo están logrando un impacto positivo en el cuidado del
        agua
      </p>
      <button type="button" className={styles.button} onClick={() => setEmpresaForm(true)}>
        ¿quieres sumarte?
      </button>
    </div>
  );
}

export default AliadosPage;
