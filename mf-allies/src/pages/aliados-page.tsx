import type { PagePropsOf } from '@gota/shared/contracts';
import { Section } from '@gota/shared/ui';
import { AlliesBanner, AlliesIntro, JoinSection, ThanksSection } from '../features/aliados/aliados-sections';
import { AlliesCarousel } from '../features/carousel/allies-carousel';
import { AllyLogo } from '../features/carousel/ally-logo';
import styles from './page.module.css';

/** Allies (product §2 "Allies"): banner, intro strip, logo carousel with popups, join section, thanks section. */
export function AliadosPage({ allies = [] }: PagePropsOf<'Aliados'>) {
  return (
    <div className={styles.page}>
      <AlliesBanner />
      <AlliesIntro />
      <Section id="aliados-logos" title="Nuestros aliados" className={styles.logos} titleClassName={styles.logosTitle}>
        <AlliesCarousel allies={allies} label="Logotipos de nuestros aliados" Logo={AllyLogo} />
      </Section>
      <JoinSection />
      <ThanksSection />
    </div>
  );
}

export default AliadosPage;
