import type { FormEvent } from 'react';
import { contentSetLimits, counterDisplay, formatMexicoCity, type ContentSetPageProps, type ImpactCounter, type PageProps } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { buttonClass, TextField, VisuallyHidden } from '@gota/shared/ui';
import { ContentNav, SetConflict, SetHistory } from '../../features/content-panel/set-history';
import { useContentSet } from '../../features/content-panel/use-content-set';
import own from '../../features/content-panel/content-panel.module.css';
import styles from './panel.module.css';

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

/** A counter row: the figure as the person types it, so «1 600 000» or a mistake stays on screen until it is saved. */
type CounterRow = Omit<ImpactCounter, 'valor'> & { valor: number | string };

/**
 * `Panel/Contadores` (GET /panel/contadores, issue #42 item 3, decision 059): the figures and labels of «Nuestro
 * impacto» on the home page, with the date of their last change. Figures are whole numbers, not negative; a label is
 * required. «Guardar y publicar» makes them public at once; every save is a revision that «Restaurar» brings back.
 */
export function ContadoresPage({ set: initial, revisions, log }: PageProps<ContentSetPageProps<'contadores'>>) {
  const editor = useContentSet('contadores', initial);
  const { set, messages } = editor;
  const rows = editor.rows as (CounterRow & { key: number })[];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void editor.save();
  }

  const change = (key: number, values: Partial<CounterRow>) => editor.update(key, values as Partial<ImpactCounter>);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Contadores</h1>
        <p className={styles.lead}>
          Las cifras de «Nuestro impacto» en la <a href={route('index')}>página de inicio</a>. Al guardar, los visitantes las ven de inmediato.
        </p>
        <ContentNav current="panelContadores" />
        <p className={styles.muted}>
          {set.updatedAt ? (
            <>
              Última actualización: <time dateTime={set.updatedAt}>{formatMexicoCity(set.updatedAt)}</time>, por {set.updatedBy}.
            </>
          ) : (
            'Aún sin cambios desde el panel.'
          )}
        </p>
      </header>

      {editor.conflict && <SetConflict message={editor.conflict.message} onTakeTheirs={editor.takeTheirs} onKeepMine={editor.keepMine} />}

      <form onSubmit={onSubmit} noValidate aria-label="Contadores">
        {messages.items && (
          <p role="alert" className={styles.warning}>
            {messages.items}
          </p>
        )}
        <ol className={own.items}>
          {rows.map((row, index) => {
            const id = `contador-${row.key}`;
            const label = `Contador ${index + 1}`;
            const error = (field: keyof ImpactCounter) => messages[`items.${index}.${field}`];
            const preview = typeof row.valor === 'number' ? shownAs(row as ImpactCounter) : null;
            return (
              <li key={row.key}>
                <fieldset className={styles.fieldset}>
                  <legend>
                    {label}
                    {preview && <span className={own.hiddenMark}>se ve como «{preview} {row.etiqueta}»</span>}
                  </legend>
                  <div className={own.counterFields}>
                    <TextField
                      id={`${id}-valor`}
                      label="Cifra"
                      hint="Número entero, sin decimales. Un millón o más se muestra en millones (1.6 M)."
                      inputMode="numeric"
                      value={String(row.valor)}
                      onValueChange={(value) => change(row.key, { valor: figureOf(value) })}
                      error={error('valor')}
                    />
                    <TextField
                      id={`${id}-prefijo`}
                      label="Antes"
                      hint="Opcional, como +"
                      maxLength={contentSetLimits.counterAffix}
                      value={row.prefijo}
                      onValueChange={(prefijo) => change(row.key, { prefijo })}
                      error={error('prefijo')}
                    />
                    <TextField
                      id={`${id}-sufijo`}
                      label="Después"
                      hint="Opcional, como « L»"
                      maxLength={contentSetLimits.counterAffix}
                      value={row.sufijo}
                      onValueChange={(sufijo) => change(row.key, { sufijo })}
                      error={error('sufijo')}
                    />
                    <TextField
                      id={`${id}-etiqueta`}
                      label="Etiqueta"
                      hint="Lo que cuenta la cifra."
                      maxLength={contentSetLimits.counterLabel}
                      value={row.etiqueta}
                      onValueChange={(etiqueta) => change(row.key, { etiqueta })}
                      error={error('etiqueta')}
                    />
                  </div>
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
                    <button
                      type="button"
                      className={buttonClass({ variant: 'plain', shape: 'pill' })}
                      onClick={() => {
                        editor.remove(row.key);
                        editor.focusAfterChange('contadores-anadir');
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
            id="contadores-anadir"
            type="button"
            className={buttonClass({ variant: 'tonal', shape: 'pill' })}
            disabled={rows.length >= contentSetLimits.counters}
            onClick={() => editor.focusAfterChange(`contador-${editor.add({ valor: 0, prefijo: '', sufijo: '', etiqueta: '' })}-valor`)}
          >
            Añadir contador
          </button>
          <button type="submit" className={buttonClass({ variant: 'filled', shape: 'pill' })} disabled={editor.saving} aria-busy={editor.saving}>
            Guardar y publicar
          </button>
        </div>
      </form>

      <SetHistory what="los contadores" revisions={revisions} log={log} current={revisions[0]?.number} onRestore={(number) => void editor.restore(number)} busy={editor.saving} />
    </div>
  );
}

export default ContadoresPage;
