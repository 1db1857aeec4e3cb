import { useSiteStore, type AlertType } from '@gota/shared/store';
import { Button } from '@gota/shared/ui';
import styles from './shell-page.module.css';

const alertTypes: AlertType[] = ['info', 'success', 'warning', 'error'];

/**
 * Demo of the shell's alerts, overlay and dialogs, for developers (outside production only; product §2 "Example page").
 * The confirm menu is not here: the shell's pages are in its start-up bundle, and every visitor would download the
 * popup layer for it (decision 026); the message page of the inbox shows it.
 */
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
          <Button
            key={type}
            shape="pill"
            variant="filled"
            onClick={() => addAlert({ type, title: 'Alerta de prueba', subtitle: `Tipo ${type}`, closable: true })}
          >
            Alerta {type}
          </Button>
        ))}
        <Button
          shape="pill"
          variant="filled"
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
        </Button>
        <Button
          shape="pill"
          variant="filled"
          onClick={() => {
            setOverlay(true);
            setTimeout(() => setOverlay(false), 1500);
          }}
        >
          Mostrar overlay
        </Button>
      </div>
      <h2>Formularios</h2>
      <div className={styles.row}>
        <Button shape="pill" variant="filled" onClick={() => setContactForm(true)}>
          Abrir contacto
        </Button>
        <Button shape="pill" variant="filled" onClick={() => setEmpresaForm(true)}>
          Abrir empresa
        </Button>
      </div>
    </div>
  );
}
