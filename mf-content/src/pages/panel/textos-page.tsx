import { contentSetLimits, editablePageLabels, editablePages, type PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import { TextField } from '@gota/shared/ui';
import { PreviewButton } from '../../features/content-panel/preview-button';
import { ContentNav, LastChange, SetConflict, SetHistory } from '../../features/content-panel/set-history';
import { SaveButton } from '../../features/content-panel/set-page';
import { CountedField } from '../../features/editor/counted-field';
import { ImageField } from '../../features/editor/image-field';
import { ProseFields } from '../../features/texts-panel/prose-fields';
import { usePageTexts } from '../../features/texts-panel/use-page-texts';
import own from '../../features/content-panel/content-panel.module.css';
import styles from './panel.module.css';

/** Where visitors read each editable page. */
const visitorRoute = {
  index: 'index',
  'quienes-somos': 'quienes-somos',
  descargas: 'descargas',
  'datos-agua': 'datos-agua',
  blog: 'blog',
  aliados: 'aliados',
} as const;

/**
 * `Panel/Textos` (GET /panel/textos/{pagina}, issue #42 item 5, decision 062): one page's title and description as
 * search engines and shared links show them, with their counts against the limits the server keeps, its share image
 * (a photo uploaded here, kept, or none), and its prose. «Guardar y publicar» makes them public at once; every save is
 * a revision that «Restaurar» brings back, and a save on a stale version meets the panel's same conflict choice.
 */
export function TextosPage(props: PagePropsOf<'Panel/Textos'>) {
  // another page of the list is another set: its own state from its own props
  return <PageTexts key={props.page} {...props} />;
}

function PageTexts({ page, set: initial, revisions, log }: PagePropsOf<'Panel/Textos'>) {
  const editor = usePageTexts(page, initial);
  const { set, items, messages } = editor;
  const label = editablePageLabels[page];
  // a search engines' field: its id, value, change and message
  const seo = (field: keyof typeof items.seo) => ({
    id: `texto-seo-${field}`,
    value: items.seo[field] ?? '',
    onValueChange: (value: string) => editor.changeSeo(field, value),
    error: messages[`items.seo.${field}`],
  });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Textos de las páginas</h1>
        <p className={styles.lead}>
          El título y la descripción que muestran los buscadores y los enlaces compartidos, la imagen para compartir y el texto de
          cada página. Al guardar, los visitantes ven los cambios de inmediato.
        </p>
        <ContentNav current="panelTextos" />
      </header>

      <nav aria-label="Páginas" className={styles.section}>
        <ul className={own.rowButtons}>
          {editablePages.map((name) => (
            <li key={name}>
              <Link to={route('panelTexto', { pagina: name })} aria-current={name === page ? 'page' : undefined}>
                {editablePageLabels[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <h2 className={styles.sectionTitle}>{label}</h2>
      <LastChange updatedAt={set.updatedAt} updatedBy={set.updatedBy}>
        {' '}
        <a href={route(visitorRoute[page])} target="_blank" rel="noreferrer">
          Ver la página publicada (se abre en otra pestaña)
        </a>
      </LastChange>

      <SetConflict editor={editor} what={`los textos de ${label}`} />

      <form onSubmit={editor.submit} noValidate aria-label={`Textos de ${label}`} className={styles.form}>
        <fieldset className={styles.fieldset}>
          <legend>Buscadores y redes sociales</legend>
          <CountedField
            label="Título"
            hint="Lo que se lee en la pestaña del navegador y en los resultados de búsqueda."
            limit={contentSetLimits.pageTitle}
            {...seo('title')}
          />
          <CountedField
            label="Descripción"
            hint="Una o dos frases bajo el título en los buscadores y al compartir el enlace."
            limit={contentSetLimits.pageDescription}
            multiline
            {...seo('description')}
          />
          <TextField
            label="Palabras clave"
            hint="Separadas por comas."
            maxLength={contentSetLimits.pageKeywords}
            {...seo('keywords')}
          />
          <ImageField label="Imagen para compartir" {...seo('img')} />
        </fieldset>

        {items.texts ? (
          <fieldset className={styles.fieldset}>
            <legend>Texto de la página</legend>
            <ProseFields texts={items.texts} editor={editor} />
          </fieldset>
        ) : (
          <p className={styles.muted}>
            Esta página no tiene textos propios aquí: su contenido se edita en su propia sección del panel.
          </p>
        )}

        <div className={styles.actions}>
          <PreviewButton onPreview={editor.preview} />
          <SaveButton saving={editor.saving} />
        </div>
      </form>

      <SetHistory what={`los textos de ${label}`} revisions={revisions} log={log} editor={editor} />
    </div>
  );
}

export default TextosPage;
