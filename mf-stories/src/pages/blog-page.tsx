import type { PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { Link } from '@gota/shared/router';
import { Section } from '@gota/shared/ui';
import { FactsCarousel } from '../features/facts/facts-carousel';
import { JoinSection } from '../features/join/join-section';
import { StoryGrid } from '../features/stories/story-grid';
import styles from './page.module.css';

/** Stories list (product §2 "Stories list"): water facts, 'Juntos sumamos', then every story in the round-robin grid. */
export function BlogPage({ stories = [], facts = [] }: PagePropsOf<'Blog'>) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Historias</h1>
        <p className={styles.lead}>Personas, proyectos y empresas que ya cuidan el agua, gota a gota.</p>
      </header>
      {facts.length > 0 && (
        // not a region itself: the carousel inside is the region named 'Datos sobre el agua'
        <div>
          <h2 className={styles.sectionTitle}>Datos sobre el agua</h2>
          <FactsCarousel facts={facts} />
          {/* the facts and manifesto page is reached from here and from the footer (#16 row 9) */}
          <p className={styles.more}>
            <Link to={route('datos-agua')}>Lee el manifiesto y conoce a los miembros</Link>
          </p>
        </div>
      )}
      <JoinSection />
      <Section id="todas-las-historias" title="Todas las historias" titleClassName={styles.sectionTitle}>
        {stories.length > 0 ? <StoryGrid stories={stories} headingLevel={3} /> : <p>Pronto publicaremos nuevas historias.</p>}
      </Section>
    </div>
  );
}

export default BlogPage;
