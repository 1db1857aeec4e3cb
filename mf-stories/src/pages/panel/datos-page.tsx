import type { FormEvent } from 'react';
import { contentSetLimits, formatMexicoCity, type ContentSetPageProps, type PageProps } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';
import { FactEditor } from '../../features/content-panel/fact-editor';
import { ContentNav, SetConflict, SetHistory } from '../../features/content-panel/set-history';
import { useContentSet } from '../../features/content-panel/use-content-set';
import own from '../../features/content-panel/content-panel.module.css';
import styles from './panel.module.css';

/**
 * `Panel/Datos` (GET /panel/datos-agua, issue #42 item 2, decision 059): the water facts of the /historias carousel and
 * of /datos-agua. Write each one with its highlights (buttons, never HTML), order them with «Subir» and «Bajar», hide
 * one without losing it, add and remove; «Guardar y publicar» makes the list public at once, and every save is a
 * revision that «Restaurar» brings back.
 */
export function DatosPage({ set: initial, revisions, log }: PageProps<ContentSetPageProps<'datos'>>) {
  const editor = useContentSet('datos', initial);
  const { set, rows, messages } = editor;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void editor.save();
  }

  const visible = rows.filter((row) => row.visible).length;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Datos del agua</h1>
        <p className={styles.lead}>
          Los datos del carrusel de <a href={route('blog')}>Historias</a> y de la página <a href={route('datos-agua')}>Datos sobre el agua</a>. Al guardar, los visitantes los ven de inmediato.
        </p>
        <ContentNav current="panelDatos" />
        <p className={styles.muted}>
          {set.updatedAt ? (
            <>
              Última actualización: {set.updatedBy}, <time dateTime={set.updatedAt}>{formatMexicoCity(set.updatedAt)}</time>.
            </>
          ) : (
            'Aún sin cambios desde el panel.'
          )}{' '}
          {visible} de {rows.length} datos visibles.
        </p>
      </header>

      {editor.conflict && <SetConflict message={editor.conflict.message} onTakeTheirs={editor.takeTheirs} onKeepMine={editor.keepMine} />}

      <form onSubmit={onSubmit} noValidate aria-label="Datos del agua">
        {messages.items && (
          <p role="alert" className={styles.warning}>
            {messages.items}
          </p>
        )}
        <ol className={own.items}>
          {rows.map((row, index) => {
            const id = `dato-${row.key}`;
            const label = `Dato ${index + 1}`;
            return (
              <li key={row.key}>
                <fieldset className={`${styles.fieldset} ${own.row}`} data-hidden={!row.visible}>
                  <legend>
                    {label}
                    {!row.visible && <span className={own.hiddenMark}>(oculto: no lo ven los visitantes)</span>}
                  </legend>
                  <FactEditor id={id} label={label} initial={row.html} onChange={(html) => editor.update(row.key, { html })} error={messages[`items.${index}.html`]} />
                  <div className={own.rowButtons}>
                    <button
                      id={`${id}-subir`}
                      type="button"
                      className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                      disabled={index === 0}
                      onClick={() => {
                        editor.move(row.key, -1, label);
                        editor.focusAfterChange(index - 1 === 0 ? `${id}-bajar` : `${id}-subir`);
                      }}
                    >
                      Subir<VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>
                    </button>
                    <button
                      id={`${id}-bajar`}
                      type="button"
                      className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                      disabled={index === rows.length - 1}
                      onClick={() => {
                        editor.move(row.key, 1, label);
                        editor.focusAfterChange(index + 1 === rows.length - 1 ? `${id}-subir` : `${id}-bajar`);
                      }}
                    >
                      Bajar<VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>
                    </button>
                    <button type="button" className={buttonClass({ variant: 'tonal', shape: 'pill' })} aria-pressed={!row.visible} onClick={() => editor.update(row.key, { visible: !row.visible })}>
                      {row.visible ? 'Ocultar' : 'Mostrar'}
                      <VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>
                    </button>
                    <button
                      type="button"
                      className={buttonClass({ variant: 'plain', shape: 'pill' })}
                      onClick={() => {
                        editor.remove(row.key);
                        editor.focusAfterChange('datos-anadir');
                      }}
                    >
                      Quitar<VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <p role="status" className={styles.muted}>
          {editor.announcement}
        </p>
        <div className={styles.actions}>
          <button
            id="datos-anadir"
            type="button"
            className={buttonClass({ variant: 'tonal', shape: 'pill' })}
            disabled={rows.length >= contentSetLimits.facts}
            onClick={() => editor.focusAfterChange(`dato-${editor.add({ html: '', visible: true })}`)}
          >
            Añadir dato
          </button>
          <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })} disabled={editor.saving} aria-busy={editor.saving}>
            Guardar y publicar
          </button>
        </div>
      </form>

      <SetHistory what="los datos" revisions={revisions} log={log} current={revisions[0]?.number} onRestore={(number) => void editor.restore(number)} busy={editor.saving} />
    </div>
  );
}

export default DatosPage;
