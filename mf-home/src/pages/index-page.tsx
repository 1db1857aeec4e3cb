import { Link } from '@gota/shared/router';
import type { AllyBrand, ImpactCounter, PagePropsOf, StorySummary } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { ImpactCounters } from '../features/counters/impact-counters';
import { Hero } from '../features/hero/hero';
import { ScrollTopButton } from '../features/scroll-top/scroll-top-button';
import { AlliesBlock } from '../features/widgets/allies-block';
import { LatestStories } from '../features/widgets/latest-stories';
import styles from './page.module.css';

/** Home (product §2 "Home"): hero, impact counters, the call to care for water, the newest stories and the allies. */
// one empty list for every render: the widget blocks are memoised on their props (decision 020)
const noStories: StorySummary[] = [];
const noAllies: AllyBrand[] = [];
const noCounters: ImpactCounter[] = [];

export function IndexPage({ latestStories = noStories, allies = noAllies, counters = noCounters }: PagePropsOf<'Index'>) {
  return (
    <div className={styles.page}>
      <Hero />
      {counters.length > 0 && <ImpactCounters counters={counters} />}
      <section className={styles.cta} aria-labelledby="cuidar-el-agua">
        <div className={styles.ctaInner}>
          <h2 id="cuidar-el-agua" className={styles.ctaTitle}>
            Cuidar el agua es tarea de todos
          </h2>
          <p className={styles.ctaText}>
            Reparar una fuga, medir lo que usamos, reutilizar y contar lo que aprendimos: las acciones pequeñas, sumadas, cambian
            la seguridad hídrica de un país. Conoce cómo trabaja el movimiento y en qué puedes participar.
          </p>
          <Link className={styles.button} to={route('quienes-somos')}>
            CONOCE MÁS
          </Link>
        </div>
      </section>
      <LatestStories stories={latestStories} />
      <AlliesBlock allies={allies} />
      <ScrollTopButton focusTargetId="hero-title" />
    </div>
  );
}

export default IndexPage;
