import type { PageProps } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { Button, ScrollReveal, Section } from '@gota/shared/ui';
import { objectives, steps } from '../features/quienes-somos/about-texts';
import { HeartMark } from '../features/heart-mark/heart-mark';
import styles from './page.module.css';

/** About (product §2 "About"): hero, mission, vision, the four objectives, how to take part, and the company form. */
export function QuienesSomosPage(_props: PageProps) {
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <HeartMark className={styles.heroImage} />
        <h1 className={styles.heroTitle}>Somos Gota a Gota</h1>
        <p className={styles.heroLead}>
          Una alianza de empresas, fundaciones, organizaciones y jóvenes que decidió dejar de hablar solo del problema del
          agua y empezar a cuidarla juntos, una acción a la vez.
        </p>
      </header>

      <div className={styles.twoColumns}>
        <ScrollReveal as="section" className={styles.card} aria-labelledby="mision">
          <h2 id="mision">Misión</h2>
          <p>
            Consolidar un movimiento nacional que impulse acciones concretas y sostenibles por la seguridad hídrica de
            México.
          </p>
        </ScrollReveal>
        <ScrollReveal as="section" className={styles.card} aria-labelledby="vision">
          <h2 id="vision">Visión</h2>
          <p>
            Ser un movimiento transformador que sensibiliza a la sociedad para que pase de la preocupación a la acción en
            el cuidado del agua.
          </p>
        </ScrollReveal>
      </div>

      <Section id="objetivos" title="Nuestros objetivos" className={styles.section} titleClassName={styles.sectionTitle}>
        <ol className={styles.cards}>
          {objectives.map((objective) => (
            <ScrollReveal as="li" key={objective.title} className={styles.card}>
              <h3>{objective.title}</h3>
              <p>{objective.text}</p>
            </ScrollReveal>
          ))}
        </ol>
      </Section>

      <section className={`${styles.section} ${styles.band}`} aria-labelledby="participar">
        <h2 id="participar" className={styles.sectionTitle}>
          ¿CÓMO PUEDES PARTICIPAR?
        </h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
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
