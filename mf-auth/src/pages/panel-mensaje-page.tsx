import {
  formatMexicoCity,
  leadKindLabels,
  leadMessages,
  leadStatusLabels,
  type LeadStatus,
  type PagePropsOf,
} from '@gota/shared/contracts';
import { useForm } from '@gota/shared/forms';
import { handleError, isAxiosError } from '@gota/shared/http';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { PostForm, Section } from '@gota/shared/ui';
import { ConfirmMenu } from '@gota/shared/ui/confirm-menu';
import { Link, useLocation, useNavigate } from '@gota/shared/router';
import { historyLine, leadTitle, notificationText, replyHref } from '../features/lead/lead-texts';
import styles from './panel-mensaje-page.module.css';

/**
 * One lead of the campaign team's inbox (issue #13 row 4): every field, a 'Responder' mail link, mark as attended or
 * reopen (the page object is then loaded again, so the status and the history are the server's), delete behind the
 * spec's confirm control, the history of what the team did, the notification mail's delivery state, and the way back
 * to the inbox view it was opened from. Marking works without JavaScript too: the browser posts the form to the same
 * address and is led back here (decision 043); deleting needs the confirm control's script.
 */
export function PanelMensajePage({ lead, history, notification, backUrl, ally, canMakeAlly }: PagePropsOf<'Panel/Mensaje'>) {
  const navigate = useNavigate();
  const location = useLocation();
  const next: LeadStatus = lead.status === 'nuevo' ? 'atendido' : 'nuevo';
  const statusForm = useForm({ estado: next });
  // what is sent is always the status the button names, whatever the page showed when the form was created
  statusForm.transform(() => ({ estado: next }));
  const deletion = useForm({});
  const title = leadTitle(lead);
  const mail = notificationText(notification);
  const alert = useSiteStore((state) => state.addAlert);

  async function changeStatus() {
    if (statusForm.processing) return;
    try {
      const response = await statusForm.submit<{ message?: string }>('post', route('panelMensajeEstado', { id: lead.id }));
      alert({
        type: 'success',
        title: response.data.message ?? (next === 'atendido' ? leadMessages.attended : leadMessages.reopened),
      });
      // the same address again: the shell's router loads the page object anew (status and history from the server)
      await navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
    } catch (error) {
      handleError(error);
    }
  }

  async function remove() {
    if (deletion.processing) return;
    try {
      await deletion.submit('delete', route('panelMensaje', { id: lead.id }));
      alert({ type: 'success', title: leadMessages.deleted });
      await navigate(backUrl);
    } catch (error) {
      // already gone (another tab, another team member): the way back is the same
      if (isAxiosError(error) && error.response?.status === 404) {
        alert({ type: 'info', title: leadMessages.notFound });
        await navigate(backUrl);
        return;
      }
      handleError(error);
    }
  }

  return (
    <article className={styles.page} aria-labelledby="mensaje-titulo">
      <p className={styles.back}>
        <Link to={backUrl}>
          <span aria-hidden="true">←</span> Volver a la bandeja
        </Link>
      </p>
      <header className={styles.header}>
        <h1 id="mensaje-titulo" className={styles.title}>
          {title}
        </h1>
        <p className={styles.badges}>
          <span className={styles.badge}>{leadKindLabels[lead.kind]}</span>
          <span className={styles.badge} data-status={lead.status}>
            {leadStatusLabels[lead.status]}
          </span>
        </p>
      </header>

      <div className={styles.actions}>
        <a className={styles.button} href={replyHref(lead)}>
          Responder
        </a>
        {/* `?volver=`: where a post without JavaScript is led back to after this page, as the script keeps it */}
        <PostForm
          action={`${route('panelMensajeEstado', { id: lead.id })}?${new URLSearchParams({ volver: backUrl }).toString()}`}
          onSubmit={() => void changeStatus()}
        >
          <input type="hidden" name="estado" value={next} />
          <button type="submit" className={styles.button} data-variant="primary" aria-busy={statusForm.processing || undefined}>
            {lead.status === 'nuevo' ? 'Marcar como atendido' : 'Reabrir'}
          </button>
        </PostForm>
        <div className={styles.delete}>
          <ConfirmMenu label={`Eliminar el mensaje de ${title}`} text="Eliminar" onConfirm={() => void remove()} />
        </div>
      </div>

      {ally ? (
        <p className={styles.ally}>
          Convertido en aliado: <Link to={route('panelAliados')}>{ally.empresa}</Link>
        </p>
      ) : (
        canMakeAlly && (
          <p className={styles.ally}>
            {/* the ally's form of the panel, filled from this lead (decision 060) */}
            <Link className={styles.button} to={`${route('panelAliados')}?${new URLSearchParams({ desde: lead.id }).toString()}`}>
              Convertir en aliado
            </Link>
          </p>
        )
      )}

      <Section id="mensaje-datos" title="Datos" className={styles.section} titleClassName={styles.sectionTitle}>
        <dl className={styles.fields}>
          <dt>Tipo</dt>
          <dd>{leadKindLabels[lead.kind]}</dd>
          <dt>Estado</dt>
          <dd>{leadStatusLabels[lead.status]}</dd>
          {lead.empresa !== null && (
            <>
              <dt>Empresa</dt>
              <dd>{lead.empresa}</dd>
            </>
          )}
          <dt>Nombre</dt>
          <dd>{lead.name}</dd>
          {lead.lastName !== null && (
            <>
              <dt>Apellido</dt>
              <dd>{lead.lastName}</dd>
            </>
          )}
          <dt>Correo</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
          <dt>Fecha</dt>
          <dd>
            <time dateTime={lead.createdAt}>{formatMexicoCity(lead.createdAt)}</time>
          </dd>
          {lead.mensaje !== null && (
            <>
              <dt>Mensaje</dt>
              <dd className={styles.message}>{lead.mensaje}</dd>
            </>
          )}
        </dl>
      </Section>

      <Section
        id="mensaje-notificacion"
        title="Notificación al equipo"
        className={styles.section}
        titleClassName={styles.sectionTitle}
      >
        <p className={styles.notification} data-tone={mail.tone}>
          {mail.text}
        </p>
      </Section>

      <Section id="mensaje-historial" title="Historial" className={styles.section} titleClassName={styles.sectionTitle}>
        {history.length === 0 ? (
          <p className={styles.muted}>Nadie del equipo lo ha atendido todavía.</p>
        ) : (
          <ol className={styles.history}>
            {history.map((event, index) => {
              const line = historyLine(event);
              return (
                <li key={`${event.createdAt}-${index}`}>
                  {line.what} · <time dateTime={event.createdAt}>{line.when}</time>
                </li>
              );
            })}
          </ol>
        )}
      </Section>
    </article>
  );
}

export default PanelMensajePage;
