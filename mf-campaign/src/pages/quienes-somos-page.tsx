import type { PagePropsOf } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { Button, ScrollReveal, Section } from '@gota/shared/ui';
import { HeartMark } from '../features/heart-mark/heart-mark';
import { Paragraphs } from './paragraphs';
import styles from './page.module.css';

/**
 * About (product §2 "About"): hero, mission, vision, the four objectives, how to take part, and the company form. The
 * prose comes from api/content/page-texts.json; the section ids are the anchors the search links to (decision 042).
 */
export function QuienesSomosPage({ texts }: PagePropsOf<'QuienesSomos'>) {
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <HeartMark className={styles.heroImage} />
        <h1 className={styles.heroTitle}>{texts.hero.title}</h1>
        <p className={styles.heroLead}>{texts.hero.lead}</p>
      </header>

      <div className={styles.twoColumns}>
        <ScrollReveal as="section" className={styles.card} aria-labelledby="mision">
          <h2 id="mision">{texts.mission.title}</h2>
          <Paragraphs paragraphs={texts.mission.paragraphs} />
        </ScrollReveal>
        <ScrollReveal as="section" className={styles.card} aria-labelledby="vision">
          <h2 id="vision">{texts.vision.title}</h2>
          <Paragraphs paragraphs={texts.vision.paragraphs} />
        </ScrollReveal>
      </div>

      <Section id="objetivos" title={texts.objectives.title} className={styles.section} titleClassName={styles.sectionTitle}>
        <ol className={styles.cards}>
          {texts.objectives.items.map((objective, index) => (
            <ScrollReveal as="li" key={index} className={styles.card}>
              <h3>{objective.title}</h3>
              <p>{objective.text}</p>
            </ScrollReveal>
          ))}
        </ol>
      </Section>

      <section className={`${styles.section} ${styles.band}`} aria-labelledby="participar">
        <h2 id="participar" className={styles.sectionTitle}>
          {texts.participate.title}
        </h2>
        <ol className={styles.steps}>
          {texts.participate.items.map((step, index) => (
            <li key={index} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Button shape="pill" variant="filled" className={styles.action} onClick={() => setEmpresaForm(true)}>
          ¿quieres sumarte?
        </Button>
      </section>
    </div>
  );
}

export default QuienesSomosPage;
