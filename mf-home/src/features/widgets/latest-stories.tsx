import { memo, useRef } from 'react';
import { Link } from '@gota/shared/router';
import type { StorySummary } from '@gota/shared/contracts';
import { FederatedSlot } from '@gota/shared/federation';
import { route, widgetIds } from '@gota/shared/routes';
import { MoreLink } from './more-link';
import { reportWidget } from './report-widget';
import styles from './widgets.module.css';

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

/**
 * The blog block of the home page: the 4 newest stories in mf-stories' carousel, and a link to all of them. Below the
 * first view, so the carousel's code loads when the block comes near (decision 020); memo keeps the slot from rendering
 * again before then, which would make React drop its server HTML.
 */
export const LatestStories = memo(function LatestStories({ stories }: { stories: StorySummary[] }) {
  const block = useRef<HTMLElement>(null);
  return (
    <section className={styles.section} aria-labelledby="historias-recientes" ref={block}>
      <h2 id="historias-recientes" className={styles.title}>
        Historias que inspiran
      </h2>
      {stories.length > 0 ? (
        // owned by mf-stories (architecture §1): the home page composes it through federation
        <FederatedSlot
          id={widgetIds.storyCarousel}
          props={{ stories, label: 'Historias recientes' }}
          fallback={<StoryLinks stories={stories} />}
          onError={reportWidget}
          loadNear={block}
        />
      ) : (
        <p>Pronto publicaremos nuevas historias.</p>
      )}
      <MoreLink to={route('blog')}>VER TODAS LAS HISTORIAS</MoreLink>
    </section>
  );
});
