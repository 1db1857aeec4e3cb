import { contentSetLimits, counterDisplay, type ImpactCounter, type PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { TextField } from '@gota/shared/ui';
import { RowButtons } from '../../features/content-panel/row-buttons';
import { SetPage, type SetPageFrame } from '../../features/content-panel/set-page';
import { rowField } from '../../features/content-panel/row-field';
import { SetRows, SortableRow } from '../../features/content-panel/sortable-rows';
import { useContentSet } from '../../features/content-panel/use-content-set';
import own from '../../features/content-panel/content-panel.module.css';
import styles from './panel.module.css';

const frame: SetPageFrame<'contadores'> = {
  title: 'Contadores',
  current: 'panelContadores',
  lead: (
    <>
      Las cifras de «Nuestro impacto» en la <a href={route('index')}>página de inicio</a>.
    </>
  ),
  what: 'los contadores',
  add: { id: 'contadores-anadir', label: 'Añadir contador', limit: contentSetLimits.counters },
};

/** A figure as typed: digits (spaces, commas and points between thousands are left out) become a number; anything else is sent as typed, and the server says why it is refused. */
function figureOf(typed: string): number | string {
  const digits = typed.trim().replace(/[\s,]/g, '');
  return /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : typed;
}

/** How the home page shows the counter: «+15», «1.6 M», «19 L». */
function shownAs(counter: ImpactCounter): string {
  const { target, decimals, prefix, suffix } = counterDisplay(counter);
  return `${prefix}${decimals > 0 ? target.toFixed(decimals) : target}${suffix}`;
}

/** A counter's fields after its figure, in their order: what is written before and after it, and what it counts. */
const textFields = [
  { name: 'prefijo', label: 'Antes', hint: 'Opcional, como +', limit: contentSetLimits.counterAffix },
  { name: 'sufijo', label: 'Después', hint: 'Opcional, como « L»', limit: contentSetLimits.counterAffix },
  { name: 'etiqueta', label: 'Etiqueta', hint: 'Lo que cuenta la cifra.', limit: contentSetLimits.counterLabel },
] as const;

/** A counter row: the figure as the person types it, so «1 600 000» or a mistake stays on screen until it is saved. */
type CounterRow = Omit<ImpactCounter, 'valor'> & { valor: number | string };

/**
 * `Panel/Contadores` (GET /panel/contadores, issue #42 item 3, decision 059): the figures and labels of «Nuestro
 * impacto» on the home page, with the date of their last change. Figures are whole numbers, not negative; a label is
 * required. «Guardar y publicar» makes them public at once; every save is a revision that «Restaurar» brings back.
 */
export function ContadoresPage({ set, revisions, log }: PagePropsOf<'Panel/Contadores'>) {
  const editor = useContentSet('contadores', set);
  const { messages } = editor;
  const rows = editor.rows as (CounterRow & { key: number })[];
  const change = (key: number, values: Partial<CounterRow>) => editor.update(key, values as Partial<ImpactCounter>);
  return (
    <SetPage
      editor={editor}
      frame={frame}
      history={{ revisions, log }}
      onAdd={() => editor.focusAfterChange(`contador-${editor.add({ valor: 0, prefijo: '', sufijo: '', etiqueta: '' })}-valor`)}
    >
      <SetRows editor={editor} rows={rows.map((row, index) => ({ key: row.key, label: `Contador ${index + 1}` }))}>
        {rows.map((row, index) => {
          const id = `contador-${row.key}`;
          const label = `Contador ${index + 1}`;
          const field = rowField({ update: change, messages }, row, index, id);
          const preview = typeof row.valor === 'number' ? shownAs(row as ImpactCounter) : null;
          return (
            <SortableRow key={row.key} id={row.key} label={label}>
              <fieldset className={styles.fieldset}>
                <legend>
                  {label}
                  {preview && (
                    <span className={own.hiddenMark}>
                      se ve como «{preview} {row.etiqueta}»
                    </span>
                  )}
                </legend>
                <div className={own.counterFields}>
                  <TextField
                    id={`${id}-valor`}
                    label="Cifra"
                    hint="Número entero, sin decimales. Un millón o más se muestra en millones (1.6 M)."
                    inputMode="numeric"
                    value={String(row.valor)}
                    onValueChange={(value) => change(row.key, { valor: figureOf(value) })}
                    error={messages[`items.${index}.valor`]}
                  />
                  {textFields.map(({ name, label, hint, limit }) => (
                    <TextField key={name} label={label} hint={hint} maxLength={limit} {...field(name)} />
                  ))}
                </div>
                <RowButtons editor={editor} row={row.key} index={index} id={id} label={label} afterRemove={frame.add.id} />
              </fieldset>
            </SortableRow>
          );
        })}
      </SetRows>
    </SetPage>
  );
}

export default ContadoresPage;
