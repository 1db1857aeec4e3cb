import type { PagePropsOf } from '@gota/shared/contracts';
import { LogoTile, Section } from '@gota/shared/ui';
import { ImageWindow } from '../features/datos-agua/image-window';
import { Paragraphs } from './paragraphs';
import styles from './page.module.css';

/**
 * Facts and manifesto (product §2 "DatosAgua"): the image window, the manifesto, the water facts and the grid of the 16
 * members. The manifesto comes from api/content/page-texts.json (decision 042); the facts are the campaign team's, edited
 * in the panel's «Datos del agua» (decision 059).
 */
export function DatosAguaPage({ texts, members = [], facts = [] }: PagePropsOf<'DatosAgua'>) {
  const { manifesto } = texts;
  // the carousel of /historias repeats its facts in another order (product §3); a list says each once
  const distinct = [...new Set(facts.map((fact) => fact.html))];
  return (
    <div className={styles.page}>
      <ImageWindow
        src="/img/campana/ventana-agua.svg"
        alt="Ilustración de un río que baja de las montañas hacia el valle"
        width={1200}
        height={500}
      />

      <Section
        id="manifiesto"
        title={manifesto.title}
        headingLevel={1}
        className={styles.section}
        titleClassName={styles.heroTitle}
      >
        <div className={styles.text}>
          <Paragraphs paragraphs={manifesto.statements} />
          <p>
            <strong>{manifesto.commitment.lead}</strong> {manifesto.commitment.text}
          </p>
        </div>
      </Section>

      {distinct.length > 0 && (
        <Section id="datos" title="Datos sobre el agua" className={styles.section} titleClassName={styles.sectionTitle}>
          <ul className={styles.facts}>
            {distinct.map((html) => (
              // the html is sanitized on the server when the content is read (api/src/features/content/load-content.ts)
              <li key={html} className={styles.fact} dangerouslySetInnerHTML={{ __html: html }} />
            ))}
          </ul>
        </Section>
      )}

      <Section id="miembros" title={texts.members.title} className={styles.section} titleClassName={styles.sectionTitle}>
        <ul className={styles.members}>
          {members.map((member) => (
            <li key={member.logo}>
              <LogoTile src={member.logo} alt={member.name} loading="lazy" />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

export default DatosAguaPage;
