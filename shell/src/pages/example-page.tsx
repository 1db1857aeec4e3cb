import { useSiteStore, type AlertType } from '@gota/shared/store';
import { ConfirmMenu } from '@gota/shared/ui';
import styles from './shell-page.module.css';

const alertTypes: AlertType[] = ['info', 'success', 'warning', 'error'];

/** Demo of the shared controls, for developers (outside production only; product §2 "Example page"). */
export function ExamplePage() {
  const addAlert = useSiteStore((state) => state.addAlert);
  const setOverlay = useSiteStore((state) => state.setOverlay);
  const setContactForm = useSiteStore((state) => state.setContactForm);
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Ejemplo</h1>
      <h2>Alertas y overlay</h2>
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
          onClick={() =>
            addAlert({
              type: 'warning',
              title: 'Atención',
              subtitle: 'Comprueba que los datos del formulario sean correctos',
              list: Array.from({ length: 8 }, (_, index) => `Mensaje de prueba ${index + 1}`),
              closable: true,
            })
          }
        >
          Alerta con lista
        </button>
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
      <h2>Formularios</h2>
      <div className={styles.row}>
        <button type="button" className={styles.button} onClick={() => setContactForm(true)}>
          Abrir contacto
        </button>
        <button type="button" className={styles.button} onClick={() => setEmpresaForm(true)}>
          Abrir empresa
        </button>
      </div>
      <h2>Confirmación</h2>
      <ConfirmMenu label="Eliminar elemento de prueba" onConfirm={() => addAlert({ type: 'success', title: 'Confirmado' })} />
    </div>
  );
}
