import type { PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import { buttonClass } from '@gota/shared/ui';
import styles from './panel.module.css';

/** `Panel/SinAcceso` (403 under /panel, issue #13): a signed-in account that is not on the campaign team. */
export function SinAccesoPage(_props: PagePropsOf<'Panel/SinAcceso'>) {
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1 className={styles.title}>No tienes acceso a esta página</h1>
      <p className={styles.lead}>
        La bandeja es del equipo de campaña de Gota a Gota. Tu cuenta no forma parte de él; si crees que debería, pide a la
        persona que administra el sitio que la agregue.
      </p>
      <Link to={route('index')} className={buttonClass({ variant: 'filled', shape: 'pill' })}>
        Volver al inicio
      </Link>
    </div>
  );
}

export default SinAccesoPage;
