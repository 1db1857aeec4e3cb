import type { PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import styles from './guia.module.css';
import panel from './panel.module.css';

/**
 * `Panel/Guia`: one of the campaign team's guides (docs/equipo, in Spanish), read in the panel. The text is the
 * server's, rendered from Markdown and sanitised there; its images and links to the other guides stay in the panel.
 */
export function GuiaPage({ title, html }: PagePropsOf<'Panel/Guia'>) {
  return (
    <div className={`${panel.page} ${styles.guide}`}>
      <p>
        <Link to={route('panelGuia', { name: 'indice' })}>← Todas las guías</Link>
      </p>
      <h1 className={panel.title}>{title}</h1>
      {/* sanitised on the server (api/src/features/guide/guia.handlers.ts) */}
      <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

export default GuiaPage;
