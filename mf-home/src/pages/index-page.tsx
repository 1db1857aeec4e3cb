import { Link } from 'react-router-dom';
import type { PageProps } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import styles from './page.module.css';

/** Home (SPEC §2 "Home"). Issue #4 adds the ripple hero, the counters, the story carousel and the allies strip. */
export function IndexPage(_props: PageProps) {
  const setContactForm = useSiteStore((state) => state.setContactForm);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Cada gota cuenta: cuidemos juntos el agua de México</h1>
      <p className={styles.lead}>
        Empresas, fundaciones y jóvenes sumamos acciones concretas por la seguridad hídrica del país.
      </p>
      <p>
        <button type="button" className={styles.button} onClick={() => setContactForm(true)}>
          ¿quieres sumarte?
        </button>{' '}
        <Link className={styles.button} to={route('quienes-somos')}>
          CONOCE MÁS
        </Link>
      </p>
    </div>
  );
}

export default IndexPage;
