import { useEffect, useRef } from 'react';
import {
  allySections,
  contentSetLimits,
  defaultAllyButton,
  type AllySection,
  type EditableAlly,
  type PagePropsOf,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { buttonClass, TextAreaField, TextField, VisuallyHidden } from '@gota/shared/ui';
import { LogoField } from '../../features/allies-panel/logo-field';
import { HideButton, RowButtons } from '../../features/content-panel/row-buttons';
import { SetPage, type SetPageFrame } from '../../features/content-panel/set-page';
import { rowField } from '../../features/content-panel/row-field';
import { SetRows, SortableRow } from '../../features/content-panel/sortable-rows';
import { useContentSet, type Row } from '../../features/content-panel/use-content-set';
import own from '../../features/content-panel/content-panel.module.css';
import allies from '../../features/allies-panel/allies-panel.module.css';
import styles from './panel.module.css';

const frame: SetPageFrame<'aliados'> = {
  title: 'Aliados y miembros',
  current: 'panelAliados',
  lead: (
    <>
      Los aliados de <a href={route('aliados')}>Aliados</a> y de la <a href={route('index')}>página de inicio</a>, y los miembros
      de <a href={route('datos-agua')}>Datos sobre el agua</a>.
    </>
  ),
  summary: (rows) => `${rows.filter((row) => row.seccion === 'aliados' && row.visible).length} aliados visibles.`,
  what: 'los aliados y miembros',
  add: { id: 'aliados-anadir', label: 'Añadir aliado', limit: contentSetLimits.allies },
};

const newId = () => `aliado-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const blank = (seccion: AllySection): EditableAlly => ({
  id: newId(),
  seccion,
  empresa: '',
  img: '',
  text: '',
  link: '',
  textBtn: '',
  visible: true,
});
const singular: Record<AllySection, string> = { aliados: 'Aliado', miembros: 'Miembro' };
const other: Record<AllySection, AllySection> = { aliados: 'miembros', miembros: 'aliados' };

/**
 * `Panel/Aliados` (GET /panel/aliados, issue #42 item 1, decision 060): the allies of /aliados and of the home page's
 * strip, and the members of /datos-agua, in one list with a part per section. Add, write, order with «Subir» and
 * «Bajar», move to the other section, hide; «Guardar y publicar» makes it public at once, and every save is a revision
 * «Restaurar» brings back. From «Convertir en aliado» of the inbox (`fromLead`), a new ally filled from the lead heads
 * the list, and saving it records on the lead which ally it became.
 */
export function AliadosPage({ set, revisions, log, fromLead }: PagePropsOf<'Panel/Aliados'>) {
  const fromLeadId = useRef<string | null>(null);
  const editor = useContentSet('aliados', set, (items) =>
    fromLead && fromLeadId.current && items.some((item) => item.id === fromLeadId.current)
      ? { desde: { lead: fromLead.leadId, aliado: fromLeadId.current } }
      : {},
  );
  const { rows } = editor;

  // «Convertir en aliado»: the lead's company at the top of the allies, once
  useEffect(() => {
    if (!fromLead || fromLeadId.current) return;
    const ally = { ...blank('aliados'), empresa: fromLead.empresa };
    fromLeadId.current = ally.id;
    const key = editor.add(ally);
    editor.relocate(
      key,
      {},
      () => 0,
      `Nuevo aliado desde la bandeja: ${fromLead.empresa}. Sube su logotipo y escribe su descripción.`,
    );
    editor.focusAfterChange(`aliado-${key}-empresa`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the lead the page was opened with
  }, [fromLead]);

  const inSection = (seccion: AllySection) => (row: { key: number }) =>
    rows.find((candidate) => candidate.key === row.key)?.seccion === seccion;

  function moveTo(row: Row<EditableAlly>, label: string) {
    const to = other[row.seccion];
    // to the top of the members, or the end of the allies: the two lists stay one after the other
    editor.relocate(
      row.key,
      { seccion: to },
      (others) => others.filter((candidate) => candidate.seccion === 'aliados').length,
      `${label} movido a ${allySections[to]}.`,
    );
    editor.focusAfterChange(`aliado-${row.key}-empresa`);
  }

  function rowsOf(seccion: AllySection) {
    const list = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.seccion === seccion);
    return list.map(({ row, index }, place) => {
      const id = `aliado-${row.key}`;
      const label = `${singular[seccion]} ${place + 1}`;
      const field = rowField(editor, row, index, id);
      return (
        <SortableRow key={row.key} id={row.key} label={label}>
          <fieldset className={`${styles.fieldset} ${own.row}`} data-hidden={!row.visible}>
            <legend>
              {label}
              {row.empresa ? `: ${row.empresa}` : ''}
              {!row.visible && <span className={own.hiddenMark}>(oculto: no lo ven los visitantes)</span>}
            </legend>
            <div className={allies.fields}>
              <TextField label="Nombre" maxLength={contentSetLimits.allyName} {...field('empresa')} />
              <LogoField name={row.empresa} {...field('img', 'logo')} />
              {seccion === 'aliados' && (
                <>
                  <div className={allies.wide}>
                    <TextAreaField
                      label="Descripción"
                      hint="Se ve al abrir su logotipo en /aliados. Un salto de línea empieza otro párrafo."
                      rows={3}
                      maxLength={contentSetLimits.allyText}
                      {...field('text', 'texto')}
                    />
                  </div>
                  <TextField
                    label="Enlace a su sitio"
                    hint="Empieza con https://"
                    type="url"
                    spellCheck={false}
                    {...field('link', 'enlace')}
                  />
                  <TextField
                    label="Texto del botón"
                    hint={`Opcional: si lo dejas vacío dice «${defaultAllyButton}».`}
                    maxLength={contentSetLimits.allyButton}
                    {...field('textBtn', 'boton')}
                  />
                </>
              )}
            </div>
            <RowButtons
              editor={editor}
              row={row.key}
              index={place}
              count={list.length}
              among={inSection(seccion)}
              id={id}
              label={label}
              afterRemove={frame.add.id}
            >
              <HideButton editor={editor} row={row.key} visible={row.visible} label={label} />
              <button
                type="button"
                className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                onClick={() => moveTo(row, label)}
              >
                Mover a {allySections[other[seccion]]}
                <VisuallyHidden> el {label.toLowerCase()}</VisuallyHidden>
              </button>
            </RowButtons>
          </fieldset>
        </SortableRow>
      );
    });
  }

  return (
    <SetPage
      editor={editor}
      frame={frame}
      history={{ revisions, log }}
      onAdd={() => {
        const key = editor.add(blank('aliados'));
        editor.relocate(
          key,
          {},
          (others) => others.filter((candidate) => candidate.seccion === 'aliados').length,
          'Aliado añadido al final de los aliados.',
        );
        editor.focusAfterChange(`aliado-${key}-empresa`);
      }}
      before={
        fromLead && (
          <p className={allies.fromLead}>
            Desde la bandeja: <strong>{fromLead.empresa}</strong> ({fromLead.contacto}). Al guardar, el mensaje queda marcado como
            convertido en aliado. <a href={route('panelMensaje', { id: fromLead.leadId })}>Volver al mensaje</a>
          </p>
        )
      }
    >
      {(['aliados', 'miembros'] as const).map((seccion) => (
        <section key={seccion} aria-labelledby={`seccion-${seccion}`}>
          <h2 id={`seccion-${seccion}`} className={styles.sectionTitle}>
            {allySections[seccion]}
          </h2>
          <SetRows
            editor={editor}
            rows={rows
              .filter((row) => row.seccion === seccion)
              .map((row, place) => ({ key: row.key, label: `${singular[seccion]} ${place + 1}` }))}
            among={inSection(seccion)}
          >
            {rowsOf(seccion)}
          </SetRows>
        </section>
      ))}
    </SetPage>
  );
}

export default AliadosPage;
