import { Link } from '@gota/shared/router';
import type { PagePropsOf } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { buttonClass, Section } from '@gota/shared/ui';
import { ImageCarousel } from '../features/post/image-carousel';
import { ShareMenu } from '../features/post/share-menu';
import { StoryCard } from '../features/stories/story-card';
import { StoryIllustration, StoryPicture } from '../features/stories/story-picture';
import { StoryTags } from '../features/stories/story-tags';
import styles from './post-page.module.css';

/**
 * DD/MM/YYYY, as Mexico writes a date (product §9), from the story's calendar date `YYYY-MM-DD`: the same text on the
 * server and in every browser's time zone, since no instant is involved.
 */
export function formatStoryDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** A story (product §2 "Story"): illustration, title, date, tags, share menu, body, its image carousel, popular stories. */
export function PostPage({ story, popular = [], seo }: PagePropsOf<'Post'>) {
  const pageUrl = seo?.url ?? (typeof window === 'undefined' ? '' : window.location.href);
  return (
    <div className={styles.page}>
      <article className={styles.article}>
        <header className={styles.header}>
          {story.photo ? (
            <StoryPicture
              photo={story.photo}
              shape="page"
              className={`${styles.hero} ${styles.big}`}
              loading="eager"
              fetchPriority="high"
            />
          ) : (
            <StoryIllustration
              className={`${styles.hero} ${story.bigImage ? styles.big : ''}`}
              src={story.img}
              alt={story.alt}
              fetchPriority="high"
            />
          )}
          <div className={styles.meta}>
            <StoryTags tags={story.tags} className={styles.tags} />
            <h1 className={styles.title}>{story.titulo}</h1>
            <p className={styles.date}>
              Publicado el <time dateTime={story.fechaData}>{formatStoryDate(story.fechaData)}</time>
            </p>
            <ShareMenu url={pageUrl} title={story.titulo} />
          </div>
        </header>
        {/* sanitized on the server when the content is loaded (api/src/features/content/load-content.ts) */}
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: story.bodyHtml }} />
        {story.slides.length > 0 && <ImageCarousel slides={story.slides} />}
      </article>
      {popular.length > 0 && (
        <Section
          id="historias-populares"
          title="Historias populares"
          className={styles.popular}
          titleClassName={styles.sectionTitle}
        >
          <ul className={styles.popularList}>
            {popular.map((other) => (
              <li key={other.slug}>
                <StoryCard story={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <p className={styles.more}>
        <Link className={buttonClass({ variant: 'filled', shape: 'pill' })} to={route('blog')}>
          Ver más historias
        </Link>
      </p>
    </div>
  );
}

export default PostPage;
