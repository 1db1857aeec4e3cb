import {
  formatMexicoCity,
  inboxFilterKeys,
  inboxQuery,
  leadPath,
  leadKindLabels,
  leadStatusLabels,
  type InboxFilters,
  type InboxPageProps,
  type LeadSummary,
  type PagePropsOf,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { ErrorSummary, SearchForm, SelectField, TextField, buttonClass } from '@gota/shared/ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from '@gota/shared/router';
import { PanelNav } from './panel-nav';
import styles from './panel.module.css';

const filterIds: Record<keyof InboxFilters, string> = {
  q: 'bandeja-q',
  tipo: 'bandeja-tipo',
  estado: 'bandeja-estado',
  desde: 'bandeja-desde',
  hasta: 'bandeja-hasta',
};

/** The filters chosen from a list, then the two ends of the date range: one field each, in this order. */
const selectFilters = [
  { key: 'tipo', label: 'Tipo', options: leadKindLabels },
  { key: 'estado', label: 'Estado', options: leadStatusLabels },
] as const;
const dateFilters = [
  { key: 'desde', label: 'Desde' },
  { key: 'hasta', label: 'Hasta' },
] as const;

/** The list's columns; «Quién» heads its row. */
const columns = ['Fecha', 'Tipo', 'Estado', 'Quién', 'Correo', 'Mensaje'] as const;

/** "1 mensaje de empresa nuevo", "3 registros nuevos". */
function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString('es-MX')} ${count === 1 ? one : many}`;
}

/** What the live region says about the list shown. */
function resultText(count: number, filtered: boolean, paged: boolean): string {
  if (count === 0) return filtered ? 'No hay mensajes que coincidan con los filtros.' : 'Todavía no hay mensajes.';
  const shown = count === 1 ? 'Se muestra 1 mensaje' : `Se muestran ${count} mensajes`;
  return `${shown}${filtered ? (count === 1 ? ' que coincide con los filtros' : ' que coinciden con los filtros') : ''}${paged ? ', en una página siguiente' : ''}.`;
}

function leadTitle(lead: LeadSummary): string {
  if (lead.kind === 'empresa') return lead.empresa ?? lead.name;
  return [lead.name, lead.lastName].filter(Boolean).join(' ');
}

/** The filter form: a GET form whose fields are the address's parameters, so it works before (and without) scripts. */
function FilterForm({ filters, errors }: { filters: InboxFilters; errors: Record<string, string> }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof InboxFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const filtered = inboxFilterKeys.some((key) => filters[key]);

  return (
    <SearchForm
      className={styles.filters}
      action={route('panel')}
      aria-label="Filtrar la bandeja"
      onSearch={() => void navigate(`${route('panel')}${inboxQuery({ ...draft, q: draft.q.trim() })}`)}
    >
      <div className={styles.search}>
        <TextField
          id={filterIds.q}
          name="q"
          type="search"
          label="Buscar"
          hint="Empresa, nombre, correo o mensaje; sin importar mayúsculas ni acentos."
          value={draft.q}
          onValueChange={set('q')}
          error={errors.q}
          maxLength={400}
        />
      </div>
      {selectFilters.map(({ key, label, options }) => (
        <SelectField
          key={key}
          id={filterIds[key]}
          name={key}
          label={label}
          emptyOption="Todos"
          options={options}
          value={draft[key]}
          error={errors[key]}
          onValueChange={set(key)}
        />
      ))}
      {dateFilters.map(({ key, label }) => (
        <TextField
          key={key}
          id={filterIds[key]}
          name={key}
          type="date"
          label={label}
          value={draft[key]}
          onValueChange={set(key)}
          error={errors[key]}
        />
      ))}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })}>
          Filtrar
        </button>
        {filtered && (
          <Link to={route('panel')} className={buttonClass({ variant: 'outlined', shape: 'pill' })}>
            Quitar filtros
          </Link>
        )}
      </div>
    </SearchForm>
  );
}

function FailedMailNotice({ mails }: { mails: InboxPageProps['failedMail'] }) {
  if (mails.length === 0) return null;
  return (
    <section className={styles.notice} aria-labelledby="bandeja-fallidos">
      <h2 id="bandeja-fallidos" className={styles.noticeTitle}>
        {mails.length === 1 ? 'Un correo no se pudo enviar' : 'Correos que no se pudieron enviar'}
      </h2>
      <p>
        Después de varios intentos el servidor de correo no los aceptó. Revisa la configuración de correo (SMTP_URL) y avisa a
        quien corresponda.
      </p>
      <ul className={styles.noticeList}>
        {mails.map((mail) => (
          <li key={mail.id}>
            <strong>{mail.subject}</strong> · {formatMexicoCity(mail.createdAt)} ·{' '}
            {countText(mail.attempts, 'intento', 'intentos')}
            {mail.lastError && <span className={styles.muted}> · {mail.lastError}</span>}
            {mail.leadId && (
              <>
                {' · '}
                <Link to={route('panelMensaje', { id: mail.leadId })}>Ver el mensaje</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `Panel/Bandeja` (GET /panel, issue #13): the campaign team's inbox. */
export function BandejaPage({
  filters,
  leads,
  nextCursor,
  paged,
  newCounts,
  failedMail,
  errors,
  auth,
}: PagePropsOf<'Panel/Bandeja'>) {
  const filtered = inboxFilterKeys.some((key) => filters[key]);
  // each filter's message links to its field; a bad page link (`despues`) belongs to no field
  const fieldErrors = Object.fromEntries(inboxFilterKeys.map((key) => [filterIds[key], errors[key]]));
  const otherErrors = errors.despues ? [errors.despues] : [];
  const invalid = Object.keys(errors).length > 0;
  const exportHref = `${route('panelExportar')}${inboxQuery(filters)}`;
  // a lead opened from this view links back to it, filters and page included
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Bandeja</h1>
        <p className={styles.lead}>Mensajes de empresas y registros de contacto, del más reciente al más antiguo.</p>
        <PanelNav roles={auth.user?.roles ?? []} current="panel" />
        <ul className={styles.counts} aria-label="Pendientes de atender">
          <li>
            <strong>{newCounts.empresa.toLocaleString('es-MX')}</strong>{' '}
            {newCounts.empresa === 1 ? 'mensaje de empresa nuevo' : 'mensajes de empresa nuevos'}
          </li>
          <li>
            <strong>{newCounts.registro.toLocaleString('es-MX')}</strong>{' '}
            {newCounts.registro === 1 ? 'registro nuevo' : 'registros nuevos'}
          </li>
        </ul>
      </header>

      <FailedMailNotice mails={failedMail} />
      <ErrorSummary errors={fieldErrors} messages={otherErrors} title="Revisa los filtros" />
      {/* a new address is a new set of filters: the form starts again from it */}
      <FilterForm key={JSON.stringify(filters)} filters={filters} errors={errors} />

      <div className={styles.toolbar}>
        <p className={styles.result} role="status">
          {invalid ? 'Corrige los filtros para ver los mensajes.' : resultText(leads.length, filtered, paged)}
        </p>
        {!invalid && (
          <a className={buttonClass({ variant: 'outlined', shape: 'pill' })} href={exportHref} download>
            Exportar CSV
          </a>
        )}
      </div>

      {leads.length > 0 && (
        // explicit roles: the narrow layout turns rows into cards (display: block), which makes some browsers forget the table
        <table className={styles.table} role="table">
          <caption className={styles.caption}>
            {filtered ? 'Mensajes que coinciden con los filtros' : 'Mensajes y registros'}, del más reciente al más antiguo
          </caption>
          <thead role="rowgroup" className={styles.head}>
            <tr role="row">
              {columns.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {leads.map((lead) => (
              <tr key={lead.id} role="row" data-status={lead.status}>
                <td role="cell" data-label="Fecha">
                  <time dateTime={lead.createdAt}>{formatMexicoCity(lead.createdAt)}</time>
                </td>
                <td role="cell" data-label="Tipo">
                  {leadKindLabels[lead.kind]}
                </td>
                <td role="cell" data-label="Estado">
                  <span className={styles.status} data-status={lead.status}>
                    {leadStatusLabels[lead.status]}
                  </span>
                </td>
                <th scope="row" role="rowheader" data-label="Quién">
                  <div>
                    <Link to={leadPath(lead.id, here)} className={styles.leadLink}>
                      {leadTitle(lead)}
                    </Link>
                    {lead.kind === 'empresa' && <span className={styles.muted}>{lead.name}</span>}
                  </div>
                </th>
                <td role="cell" data-label="Correo" className={styles.email}>
                  {lead.email}
                </td>
                <td role="cell" data-label="Mensaje">
                  {lead.excerpt ?? <span className={styles.muted}>—</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {(paged || nextCursor) && (
        <nav className={styles.pager} aria-label="Páginas de la bandeja">
          {paged && (
            <Link to={`${route('panel')}${inboxQuery(filters)}`} className={buttonClass({ variant: 'outlined', shape: 'pill' })}>
              Volver a los más recientes
            </Link>
          )}
          {nextCursor && (
            <Link
              to={`${route('panel')}${inboxQuery(filters, { despues: nextCursor })}`}
              className={buttonClass({ variant: 'filled', shape: 'pill' })}
            >
              Siguiente página
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

export default BandejaPage;
