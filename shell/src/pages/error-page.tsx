import type { PagePropsOf } from '@gota/shared/contracts';
import { Link } from '@gota/shared/router';
import { route } from '@gota/shared/routes';
import { buttonClass } from '@gota/shared/ui';
import styles from './shell-page.module.css';

/**
 * The answer to a form sent without JavaScript that has no page of its own ('Cerrar sesión', a lead's actions in the
 * inbox) when the server refused it (decision 043): what the script would have said in an alert, on a page.
 */
export function ErrorPage({ message }: PagePropsOf<'Error'>) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>No pudimos completar lo que pediste</h1>
      <p>{message}</p>
      <p>
        <Link className={buttonClass({ variant: 'filled', shape: 'pill' })} to={route('index')}>
          Volver al inicio
        </Link>
      </p>
    </div>
  );
}
