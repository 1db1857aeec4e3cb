import { useState } from 'react';
import {
  formatMexicoCity,
  releaseActionLabels,
  releaseStateLabels,
  type PagePropsOf,
  type ReleaseEntry,
} from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { Link, useLocation, useNavigate } from '@gota/shared/router';
import { useSiteStore } from '@gota/shared/store';
import { buttonClass } from '@gota/shared/ui';
import { ConfirmDialog } from '@gota/shared/ui/confirm-dialog';
import { PanelNav } from './panel-nav';
import styles from './versiones.module.css';

/** What the confirmation dialog asks about: activating a release, or going back to the one before. */
type Pending = { kind: 'activar'; release: string } | { kind: 'revertir'; to: string };

const localLabel = (id: string) => (id === 'local' ? 'la compilación local' : `la versión ${id}`);

function ReleaseReport({ release }: { release: ReleaseEntry }) {
  if (release.checks.length === 0 && release.pages.length === 0)
    return <p className={styles.muted}>Sin verificación previa (importada).</p>;
  return (
    <details className={styles.report}>
      <summary>Verificación previa{release.ms === null ? '' : ` (${(release.ms / 1000).toFixed(1)} s)`}</summary>
      <ul className={styles.checks}>
        {[...release.checks, ...release.pages].map((check, index) => (
          <li key={`${check.name}-${index}`} data-ok={check.ok}>
            <span className={styles.mark}>{check.ok ? 'Correcto' : 'Falló'}</span> <strong>{check.name}</strong>: {check.detail}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * `Panel/Versiones` (issue #31 item 3, decision 044): for operators, the remotes and what each serves; on a remote's
 * page its releases (state, who, when, note, pre-flight report), «Activar» and «Revertir» behind a confirmation, and
 * «Vista previa», which puts this browser on a release and opens the remote's page. After a change the page object is
 * loaded again (a new release set makes the shell reload the document).
 */
export function VersionesPage({ remotes, selected, preview, auth }: PagePropsOf<'Panel/Versiones'>) {
  const navigate = useNavigate();
  const location = useLocation();
  const alert = useSiteStore((state) => state.addAlert);
  const [pending, setPending] = useState<Pending | null>(null);
  const change = useForm<{ release: string }>({ release: '' });
  const previewForm = useForm<{ release: string }>({ release: '' });
  const remote = selected?.remote ?? '';

  async function confirm() {
    if (!pending || change.processing) return;
    const action = pending;
    try {
      change.transform(() => (action.kind === 'activar' ? { release: action.release } : {}));
      const url =
        action.kind === 'activar' ? route('panelVersionesActivar', { remote }) : route('panelVersionesRevertir', { remote });
      const response = await change.submit<{ message: string }>('post', url);
      setPending(null);
      alert({ type: 'success', title: response.data.message });
      await navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
    } catch (error) {
      setPending(null);
      handleError(error);
    }
  }

  async function startPreview(release: string) {
    if (previewForm.processing) return;
    try {
      previewForm.transform(() => ({ release }));
      const response = await previewForm.submit<{ message: string; location: string }>(
        'post',
        route('panelVersionesVistaPrevia', { remote }),
      );
      // a whole new document: it must carry the previewed release's registry
      window.location.assign(response.data.location);
    } catch (error) {
      handleError(error);
    }
  }

  const title = selected ? `Versiones de ${selected.remote}` : 'Versiones';
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {selected && (
          <p className={styles.back}>
            <Link to={route('panelVersiones')}>
              <span aria-hidden="true">←</span> Todos los remotos
            </Link>
          </p>
        )}
        <h1 className={styles.title}>{title}</h1>
        <PanelNav roles={auth.user?.roles ?? []} current="panelVersiones" />
        <p className={styles.lead}>
          Cada parte del sitio se publica por separado. Una versión candidata pasó la verificación previa y nadie la ve hasta que
          se activa; la vista previa la muestra solo en este navegador.
        </p>
        {preview && (
          <p className={styles.notice} role="status">
            Este navegador ve en vista previa {preview.remote} {preview.release}. Para salir, usa el botón de la franja inferior.
          </p>
        )}
      </header>

      <nav aria-label="Remotos">
        <ul className={styles.remotes}>
          {remotes.map((item) => (
            <li key={item.remote}>
              <Link
                to={route('panelVersionesRemoto', { remote: item.remote })}
                className={styles.remote}
                aria-current={item.remote === remote ? 'page' : undefined}
              >
                <strong>{item.remote}</strong>
                <span>Activa: {item.active === 'local' ? 'compilación local' : item.active}</span>
                <span>{item.candidates === 1 ? '1 candidata' : `${item.candidates} candidatas`}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {selected && (
        <>
          <section aria-labelledby="versiones-lista" className={styles.section}>
            <div className={styles.sectionHead}>
              <h2 id="versiones-lista" className={styles.sectionTitle}>
                Versiones registradas
              </h2>
              {selected.rollbackTo !== null && (
                <button
                  type="button"
                  className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                  onClick={() => setPending({ kind: 'revertir', to: selected.rollbackTo! })}
                >
                  Revertir
                </button>
              )}
            </div>
            {selected.releases.length === 0 ? (
              <p className={styles.muted}>
                Todavía no hay versiones registradas: {selected.remote} sirve su compilación local. Registra una con npm run
                release -- add.
              </p>
            ) : (
              <ol className={styles.releases}>
                {selected.releases.map((release) => {
                  const canUse = release.state === 'candidata' || release.state === 'retirada';
                  return (
                    <li key={release.id} className={styles.release} aria-labelledby={`version-${release.id}`}>
                      <div className={styles.releaseHead}>
                        <h3 id={`version-${release.id}`} className={styles.releaseId}>
                          {release.id}
                        </h3>
                        <span className={styles.badge} data-state={release.state}>
                          {releaseStateLabels[release.state]}
                        </span>
                      </div>
                      <dl className={styles.fields}>
                        <dt>Registró</dt>
                        <dd>{release.by}</dd>
                        <dt>Fecha</dt>
                        <dd>
                          <time dateTime={release.at}>{formatMexicoCity(release.at)}</time>
                        </dd>
                        <dt>Nota</dt>
                        <dd>{release.note ?? 'Sin nota'}</dd>
                        <dt>Manifiesto</dt>
                        <dd className={styles.url}>{release.manifestUrl}</dd>
                      </dl>
                      {release.reasons.length > 0 && (
                        <ul className={styles.reasons} aria-label="Motivos del rechazo">
                          {release.reasons.map((reason) => (
                            <li key={reason}>{reason}</li>
                          ))}
                        </ul>
                      )}
                      <ReleaseReport release={release} />
                      {canUse && (
                        <div className={styles.actions}>
                          <button
                            type="button"
                            className={buttonClass({ variant: 'filled', shape: 'pill' })}
                            aria-label={`Activar la versión ${release.id}`}
                            onClick={() => setPending({ kind: 'activar', release: release.id })}
                          >
                            Activar
                          </button>
                          <button
                            type="button"
                            className={buttonClass({ variant: 'outlined', shape: 'pill' })}
                            aria-label={`Vista previa de la versión ${release.id}`}
                            aria-busy={previewForm.processing || undefined}
                            onClick={() => void startPreview(release.id)}
                          >
                            Vista previa
                          </button>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>

          <section aria-labelledby="versiones-historial" className={styles.section}>
            <h2 id="versiones-historial" className={styles.sectionTitle}>
              Historial de cambios
            </h2>
            {selected.log.length === 0 ? (
              <p className={styles.muted}>Nunca cambió de versión.</p>
            ) : (
              <ol className={styles.log}>
                {selected.log.map((line, index) => (
                  <li key={`${line.at}-${index}`}>
                    {releaseActionLabels[line.action as keyof typeof releaseActionLabels] ?? line.action}: {line.from} → {line.to}{' '}
                    · {line.by} · <time dateTime={line.at}>{formatMexicoCity(line.at)}</time> · {line.reason}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'activar' ? `¿Activar ${pending.release} de ${remote}?` : `¿Revertir ${remote}?`}
        description={
          pending?.kind === 'activar'
            ? `Todos los visitantes verán ${localLabel(pending.release)} en unos segundos, en todas las instancias.`
            : `Todos los visitantes volverán a ${localLabel(pending?.kind === 'revertir' ? pending.to : 'local')} en unos segundos.`
        }
        confirmLabel={pending?.kind === 'activar' ? 'Activar' : 'Revertir'}
        onConfirm={() => void confirm()}
        busy={change.processing}
      />
    </div>
  );
}

export default VersionesPage;
