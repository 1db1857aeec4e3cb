import { Link } from '@gota/shared/router';
import { route } from '@gota/shared/routes';
import { buttonClass } from '@gota/shared/ui';
import styles from './shell-page.module.css';

/** The 404 page, inside the default layout (product §10.1). */
export function NotFoundPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>No encontramos esta página</h1>
      <p>Puede que la dirección esté mal escrita o que la página haya cambiado de lugar.</p>
      <p>
        <Link className={buttonClass({ variant: 'filled', shape: 'pill' })} to={route('index')}>
          Volver al inicio
        </Link>{' '}
        <Link className={styles.link} to={route('blog')}>
          Leer historias
        </Link>
      </p>
    </div>
  );
}
