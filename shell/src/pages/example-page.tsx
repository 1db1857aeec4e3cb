import { useSiteStore, type AlertType } from '@gota/shared/store';
import styles from './shell-page.module.css';

const alertTypes: AlertType[] = ['info', 'success', 'warning', 'error'];

/** Demo of the shared controls, for developers (outside production only; SPEC §2 "Example page"). */
export function ExamplePage() {
  const addAlert = useSiteStore((state) => state.addAlert);
  const setOverlay = useSiteStore((state) => state.setOverlay);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Ejemplo</h1>
      <p>Botones de demostración de las alertas y el overlay.</p>
      <div className={styles.row}>
        {alertTypes.map((type) => (
          <button
            key={type}
            type="button"
            className={styles.button}
            onClick={() => addAlert({ type, title: 'Alerta de prueba', subtitle: `Tipo ${type}`, closable: true })}
          >
            Alerta {type}
          </button>
        ))}
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            setOverlay(true);
            setTimeout(() => setOverlay(false), 1500);
          }}
        >
          Mostrar overlay
        </button>
      </div>
    </div>
  );
}
