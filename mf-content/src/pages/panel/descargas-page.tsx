import { useRef, useState } from 'react';
import {
  fileSizeLabel,
  formatMexicoCity,
  kitFileKinds,
  kitLimits,
  kitPanelFileUrl,
  type KitFileVersion,
  type PagePropsOf,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { buttonClass, TextAreaField, TextField, VisuallyHidden } from '@gota/shared/ui';
import { HideButton, RowButtons } from '../../features/content-panel/row-buttons';
import { SetPage, visibleOf, type SetPageFrame } from '../../features/content-panel/set-page';
import { rowField } from '../../features/content-panel/row-field';
import { SetRows, SortableRow } from '../../features/content-panel/sortable-rows';
import { useContentSet } from '../../features/content-panel/use-content-set';
import { KitUpload } from '../../features/downloads-panel/kit-upload';
import own from '../../features/content-panel/content-panel.module.css';
import kit from '../../features/downloads-panel/downloads-panel.module.css';
import styles from './panel.module.css';

const frame: SetPageFrame<'descargas'> = {
  title: 'Descargas',
  current: 'panelDescargas',
  lead: (
    <>
      Los archivos del kit de la campaña en <a href={route('descargas')}>Campaña</a>, uno a uno y todos juntos en un ZIP.
    </>
  ),
  summary: visibleOf('archivos'),
  what: 'los archivos del kit',
  add: { id: 'kit-anadir', label: 'Subir un archivo nuevo', limit: kitLimits.files },
};

/** «PDF, 1,2 MB, subido el 3 de marzo… por ana@…». */
function versionLine(version: KitFileVersion): string {
  return `${kitFileKinds[version.kind].label}, ${fileSizeLabel(version.size)}, subido el ${formatMexicoCity(version.uploadedAt)} por ${version.uploadedBy}`;
}

/**
 * `Panel/Descargas` (GET /panel/descargas, issue #42 item 4, decision 061): the campaign kit of /campana. «Subir un
 * archivo» adds one or a new version of one (public at once, the kit's ZIP made again); each file's title, description,
 * place and visibility are saved with «Guardar y publicar»; its earlier versions are listed and downloadable here. Every
 * change is a revision that «Restaurar» brings back.
 */
export function DescargasPage({ set, revisions, log }: PagePropsOf<'Panel/Descargas'>) {
  const editor = useContentSet('descargas', set);
  const { rows, messages } = editor;
  const alert = useSiteStore((state) => state.addAlert);
  const [target, setTarget] = useState('nuevo');
  const pickerButton = useRef<HTMLButtonElement>(null);
  const uploadFor = (id: string) => {
    setTarget(id);
    pickerButton.current?.focus();
  };
  return (
    <SetPage
      editor={editor}
      frame={frame}
      history={{ revisions, log }}
      onAdd={() => uploadFor('nuevo')}
      before={
        <KitUpload
          set={editor.set}
          target={target}
          onTargetChange={setTarget}
          pickerButton={pickerButton}
          onConflict={editor.conflictFrom}
          onUploaded={(answer) => {
            alert({ type: 'success', title: answer.message });
            void editor.adoptSaved(answer.set);
          }}
        />
      }
    >
      <SetRows editor={editor} rows={rows.map((row, index) => ({ key: row.key, label: `Archivo ${index + 1}` }))}>
        {rows.map((row, index) => {
          const id = `archivo-${row.key}`;
          const label = `Archivo ${index + 1}`;
          const field = rowField(editor, row, index, id);
          // a file the kit no longer holds: said of the row as a whole
          const missing = messages[`items.${index}.id`] ?? messages[`items.${index}`];
          return (
            <SortableRow key={row.key} id={row.key} label={label}>
              <fieldset className={`${styles.fieldset} ${own.row}`} data-hidden={!row.visible}>
                <legend>
                  {label}: {row.name}
                  {!row.visible && <span className={own.hiddenMark}>(oculto: no está en /campana ni en el ZIP)</span>}
                </legend>
                <p className={kit.fileLine}>
                  {versionLine(row.current)}.{' '}
                  <a href={kitPanelFileUrl(row.current, row.name)} download>
                    Descargar<VisuallyHidden> {row.name}</VisuallyHidden>
                  </a>
                </p>
                {missing && <p className={kit.problem}>{missing}</p>}
                <TextField label="Título" maxLength={kitLimits.title} {...field('title', 'titulo')} />
                <TextAreaField
                  label="Descripción"
                  rows={2}
                  maxLength={kitLimits.description}
                  {...field('description', 'descripcion')}
                />
                {row.earlier.length > 0 && (
                  <details className={kit.versions}>
                    <summary>Versiones anteriores ({row.earlier.length})</summary>
                    <ul>
                      {row.earlier.map((version) => (
                        <li key={`${version.sha256}-${version.uploadedAt}`}>
                          {versionLine(version)} ({version.originalName}).{' '}
                          <a href={kitPanelFileUrl(version, row.name)} download>
                            Descargar esta versión<VisuallyHidden> de {row.name}</VisuallyHidden>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <RowButtons editor={editor} row={row.key} index={index} id={id} label={label} afterRemove={frame.add.id}>
                  <HideButton editor={editor} row={row.key} visible={row.visible} label={label} />
                  <button
                    type="button"
                    className={buttonClass({ variant: 'tonal', shape: 'pill' })}
                    onClick={() => uploadFor(row.id)}
                  >
                    Subir versión nueva<VisuallyHidden> de «{row.title}»</VisuallyHidden>
                  </button>
                </RowButtons>
              </fieldset>
            </SortableRow>
          );
        })}
      </SetRows>
    </SetPage>
  );
}

export default DescargasPage;
