import { Link } from '@gota/shared/router';
import { route } from '@gota/shared/routes';
import { useSiteStore } from '@gota/shared/store';
import { ScrollReveal, VisuallyHidden, buttonClass } from '@gota/shared/ui';
import styles from './aliados-sections.module.css';

/** Both join buttons of the page open the shell's company dialog (product §2 "Allies"). */
function JoinButton() {
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);
  return (
    <button type="button" className={buttonClass({ variant: 'filled', shape: 'pill' })} onClick={() => setEmpresaForm(true)}>
      ¿quieres sumarte?
    </button>
  );
}

export function AlliesBanner() {
  return (
    <header className={styles.banner}>
      <svg className={styles.bannerWaves} viewBox="0 0 1200 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path d="M0 60c150-40 300-40 450 0s300 40 450 0 225-30 300-10v70H0z" />
      </svg>
      <h1 className={styles.bannerTitle}>Impulsando un cambio sostenible, una gota a la vez</h1>
    </header>
  );
}

export function AlliesIntro() {
  return (
    <section className={styles.intro} aria-labelledby="aliados-intro">
      <ScrollReveal className={styles.hand} offset={60}>
        <img src="/img/aliados/mano-izquierda.svg" alt="" width={220} height={220} />
      </ScrollReveal>
      <p id="aliados-intro" className={styles.introText}>
        Conoce las iniciativas de nuestros aliados y descubre cómo están logrando un impacto positivo en el cuidado del agua
      </p>
      <ScrollReveal className={styles.hand} offset={60}>
        <img src="/img/aliados/mano-derecha.svg" alt="" width={220} height={220} />
      </ScrollReveal>
    </section>
  );
}

export function JoinSection() {
  return (
    <section className={styles.join} aria-labelledby="aliados-unete">
      <ScrollReveal as="figure" className={styles.joinFigure} offset={120}>
        <img src="/img/aliados/unete.svg" alt="" width={600} height={420} loading="lazy" decoding="async" />
        {/* the strokes draw themselves once the figure is revealed (see .strokes in the CSS) */}
        <svg className={styles.strokes} viewBox="0 0 600 420" aria-hidden="true" focusable="false">
          <path d="M40 60c60-30 120-30 170 0" />
          <path d="M420 380c50 20 100 18 140-8" />
          <path d="M560 160c16 40 14 80-6 120" />
        </svg>
      </ScrollReveal>
      <div className={styles.joinBody}>
        <h2 id="aliados-unete" className={styles.joinText}>
          Únete al cambio que individuos, universidades, gobiernos y empresas están impulsando para lograr un mejor mañana
        </h2>
        <div className={styles.actions}>
          <JoinButton />
          <Link className={buttonClass({ variant: 'outlined', shape: 'pill' })} to={route('quienes-somos')}>
            MÁS INFORMACIÓN
            {/* the link says where it leads, for screen readers and search engines (a bare "más información" does not) */}
            <VisuallyHidden> sobre Gota a Gota</VisuallyHidden>
          </Link>
        </div>
      </div>
    </section>
  );
}

export function ThanksSection() {
  return (
    <ScrollReveal as="section" className={styles.thanks} aria-labelledby="aliados-gracias">
      <h2 id="aliados-gracias" className={styles.thanksTitle}>
        Gracias
      </h2>
      <p className={styles.thanksText}>A todos nuestros aliados por unirse al esfuerzo de construir un mundo mejor</p>
      <JoinButton />
    </ScrollReveal>
  );
}
