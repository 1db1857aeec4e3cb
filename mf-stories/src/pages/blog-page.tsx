import { Link } from 'react-router-dom';
import type { PageProps, StorySummary } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import styles from './page.module.css';

/** Stories list (SPEC §2 "Stories list"). Issue #4 adds the facts carousel, 'Juntos sumamos' and the card grid. */
export function BlogPage({ stories = [] }: PageProps<{ stories?: StorySummary[] }>) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Historias</h1>
      <p className={styles.lead}>Personas, proyectos y empresas que ya cuidan el agua, gota a gota.</p>
      <ul>
        {stories.map((story) => (
          <li key={story.slug}>
            <Link to={route('post', { slug: story.slug })}>{story.titulo}</Link>
            <p>{story.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default BlogPage;
