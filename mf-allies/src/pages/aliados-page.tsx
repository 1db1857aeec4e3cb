import type { Ally, PageProps } from '@gota/shared/contracts';
import { AlliesBanner, AlliesIntro, JoinSection, ThanksSection } from '../features/aliados/aliados-sections';
import { AlliesCarousel } from '../features/carousel/allies-carousel';
import styles from './page.module.css';

export type AliadosProps = PageProps<{ allies?: Ally[] }>;

/** Allies (product §2 "Allies"): banner, intro strip, logo carousel with popups, join section, thanks section. */
export function AliadosPage({ allies = [] }: AliadosProps) {
  return (
    <div className={styles.page}>
      <AlliesBanner />
      <AlliesIntro />
      <section className={styles.logos} aria-labelledby="aliados-logos">
        <h2 id="aliados-logos" className={styles.logosTitle}>
          Nuestros aliados
        </h2>
        <AlliesCarousel allies={allies} label="Logotipos de nuestros aliados" />
      </section>
      <JoinSection />
      <ThanksSection />
    </div>
  );
}

export default AliadosPage;
