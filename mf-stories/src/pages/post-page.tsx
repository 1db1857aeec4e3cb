import { Link } from 'react-router-dom';
import type { PageProps, Story, StorySummary } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import styles from './page.module.css';

/** A story (SPEC §2 "Story"). Issue #4 adds the image carousel, the share menu and the Markdown body. */
export function PostPage({ story, popular = [] }: PageProps<{ story: Story; popular?: StorySummary[] }>) {
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{story.titulo}</h1>
      <p className={styles.lead}>{story.fecha}</p>
      <ul aria-label="Etiquetas">
        {story.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      {/* sanitized on the server when the content is loaded (api/src/content/load-content.ts) */}
      <div dangerouslySetInnerHTML={{ __html: story.bodyHtml }} />
      <h2>Historias populares</h2>
      <ul>
        {popular.map((other) => (
          <li key={other.slug}>
            <Link to={route('post', { slug: other.slug })}>{other.titulo}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={route('blog')}>Ver más historias</Link>
      </p>
    </article>
  );
}

export default PostPage;
