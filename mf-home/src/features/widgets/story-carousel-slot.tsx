import { Link } from 'react-router-dom';
import type { StorySummary } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { lazyWidget } from './load-widget';
import { WidgetBoundary } from './widget-boundary';
import styles from './widgets.module.css';

// owned by mf-stories (ARCHITECTURE §1): the home page composes it through federation
const StoryCarousel = lazyWidget<{ stories: StorySummary[]; label?: string }>('mf_stories/StoryCarousel');

/** While the carousel loads, or if it cannot, the newest stories are still there as plain links. */
function StoryLinks({ stories }: { stories: StorySummary[] }) {
  return (
    <ul className={styles.links}>
      {stories.map((story) => (
        <li key={story.slug}>
          <Link to={route('post', { slug: story.slug })}>{story.titulo}</Link>
        </li>
      ))}
    </ul>
  );
}

/** The blog block of the home page: the 4 newest stories in mf-stories' carousel, and a link to all of them. */
export function LatestStories({ stories }: { stories: StorySummary[] }) {
  return (
    <section className={styles.section} aria-labelledby="historias-recientes">
      <h2 id="historias-recientes" className={styles.title}>
        Historias que inspiran
      </h2>
      {stories.length > 0 ? (
        <WidgetBoundary fallback={<StoryLinks stories={stories} />}>
          <StoryCarousel stories={stories} label="Historias recientes" />
        </WidgetBoundary>
      ) : (
        <p>Pronto publicaremos nuevas historias.</p>
      )}
      <p className={styles.more}>
        <Link className={styles.outlined} to={route('blog')}>
          VER TODAS LAS HISTORIAS
        </Link>
      </p>
    </section>
  );
}
