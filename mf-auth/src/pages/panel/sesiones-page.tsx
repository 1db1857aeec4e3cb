import { formatMexicoCity, type PagePropsOf } from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { useLocation, useNavigate } from '@gota/shared/router';
import { useSiteStore } from '@gota/shared/store';
import { buttonClass } from '@gota/shared/ui';
import { PanelNav } from './panel-nav';
import styles from './equipo.module.css';

/**
 * `Panel/Sesiones` (decision 051): the open sessions of the signed-in member, newest first, this browser's marked; any
 * other can be closed at once (on every instance: its row is deleted). This browser's ends with «Cerrar sesión».
 */
export function SesionesPage({ sessions, auth }: PagePropsOf<'Panel/Sesiones'>) {
  const navigate = useNavigate();
  const location = useLocation();
  const alert = useSiteStore((state) => state.addAlert);
  const form = useForm({});

  async function close(id: string) {
    if (form.processing) return;
    try {
      const response = await form.submit<{ message: string }>('post', route('panelSesionCerrar', { id }));
      alert({ type: 'success', title: response.data.message });
      await navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
    } catch (error) {
      handleError(error);
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Mis sesiones</h1>
        <p className={styles.lead}>
          Los navegadores donde tu cuenta sigue abierta. Si no reconoces alguno, ciérralo y cambia tu contraseña.
        </p>
        <PanelNav roles={auth.user?.roles ?? []} current="panelSesiones" />
      </header>
      <ul className={styles.members}>
        {sessions.map((session, index) => (
          <li key={session.id} className={styles.member} aria-labelledby={`sesion-${index}`}>
            <h2 id={`sesion-${index}`} className={styles.name}>
              {session.current ? 'Este navegador' : `Otra sesión (${index + 1})`}
            </h2>
            <p className={styles.muted}>
              Inició el <time dateTime={session.since}>{formatMexicoCity(session.since)}</time>; última actividad el{' '}
              <time dateTime={session.lastSeen}>{formatMexicoCity(session.lastSeen)}</time>
              {session.remember ? '; con «Recordarme»' : ''}.
            </p>
            {!session.current && (
              <div className={styles.actions}>
                <button
                  type="button"
                  className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                  aria-busy={form.processing || undefined}
                  onClick={() => void close(session.id)}
                >
                  Cerrar esta sesión
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default SesionesPage;
