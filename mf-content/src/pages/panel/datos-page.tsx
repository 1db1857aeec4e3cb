import { contentSetLimits, type PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { FactEditor } from '../../features/content-panel/fact-editor';
import { HideButton, RowButtons } from '../../features/content-panel/row-buttons';
import { SetPage, visibleOf, type SetPageFrame } from '../../features/content-panel/set-page';
import { SetRows, SortableRow } from '../../features/content-panel/sortable-rows';
import { useContentSet } from '../../features/content-panel/use-content-set';
import own from '../../features/content-panel/content-panel.module.css';
import styles from './panel.module.css';

const frame: SetPageFrame<'datos'> = {
  title: 'Datos del agua',
  current: 'panelDatos',
  lead: (
    <>
      Los datos del carrusel de <a href={route('blog')}>Historias</a> y de la página{' '}
      <a href={route('datos-agua')}>Datos sobre el agua</a>.
    </>
  ),
  summary: visibleOf('datos'),
  what: 'los datos',
  add: { id: 'datos-anadir', label: 'Añadir dato', limit: contentSetLimits.facts },
};

/**
 * `Panel/Datos` (GET /panel/datos-agua, issue #42 item 2, decision 059): the water facts of the /historias carousel and
 * of /datos-agua. Write each one with its highlights (buttons, never HTML), order them with «Subir» and «Bajar», hide
 * one without losing it, add and remove; «Guardar y publicar» makes the list public at once, and every save is a
 * revision that «Restaurar» brings back.
 */
export function DatosPage({ set, revisions, log }: PagePropsOf<'Panel/Datos'>) {
  const editor = useContentSet('datos', set);
  const { rows, messages } = editor;
  return (
    <SetPage
      editor={editor}
      frame={frame}
      history={{ revisions, log }}
      onAdd={() => editor.focusAfterChange(`dato-${editor.add({ html: '', visible: true })}`)}
    >
      <SetRows editor={editor} rows={rows.map((row, index) => ({ key: row.key, label: `Dato ${index + 1}` }))}>
        {rows.map((row, index) => {
          const id = `dato-${row.key}`;
          const label = `Dato ${index + 1}`;
          return (
            <SortableRow key={row.key} id={row.key} label={label}>
              <fieldset className={`${styles.fieldset} ${own.row}`} data-hidden={!row.visible}>
                <legend>
                  {label}
                  {!row.visible && <span className={own.hiddenMark}>(oculto: no lo ven los visitantes)</span>}
                </legend>
                <FactEditor
                  id={id}
                  label={label}
                  initial={row.html}
                  onChange={(html) => editor.update(row.key, { html })}
                  error={messages[`items.${index}.html`]}
                />
                <RowButtons editor={editor} row={row.key} index={index} id={id} label={label} afterRemove={frame.add.id}>
                  <HideButton editor={editor} row={row.key} visible={row.visible} label={label} />
                </RowButtons>
              </fieldset>
            </SortableRow>
          );
        })}
      </SetRows>
    </SetPage>
  );
}

export default DatosPage;
