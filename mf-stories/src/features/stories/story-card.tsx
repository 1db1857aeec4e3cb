import { useId } from 'react';
import { Link } from '@gota/shared/router';
import type { StorySummary } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import styles from './story-card.module.css';
import { StoryIllustration, StoryPicture } from './story-picture';
import { StoryTags } from './story-tags';

export interface StoryCardProps {
  story: StorySummary;
  /** The card's title level in the page outline: h2 on the list, h3 under a section heading. */
  headingLevel?: 2 | 3;
  /** Cards above the fold load their image at once; the rest wait until they are close to the viewport. */
  eager?: boolean;
}

/**
 * A story card: illustration over its background variant (or the uploaded photo's 4:3 crop), tag chips, title and excerpt. The title's link is stretched
 * over the whole card, so the card is one click target but a screen reader hears only the title as the link text.
 */
export function StoryCard({ story, headingLevel = 2, eager = false }: StoryCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const loading = eager ? 'eager' : 'lazy';
  const titleId = useId();
  return (
    // named by its title: a page lists many cards, and each must be told apart (#16 row 14)
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.media}>
        {story.photo ? (
          <StoryPicture photo={story.photo} shape="card" className={styles.image} loading={loading} />
        ) : (
          <>
            <StoryIllustration className={styles.background} src={story.imgWhite} alt="" loading={loading} />
            <StoryIllustration className={styles.image} src={story.img} alt={story.alt} loading={loading} />
          </>
        )}
      </div>
      <div className={styles.body}>
        <StoryTags tags={story.tags} />
        <Heading className={styles.title} id={titleId}>
          <Link className={styles.link} to={route('post', { slug: story.slug })}>
            {story.titulo}
          </Link>
        </Heading>
        <p className={styles.excerpt}>{story.text}</p>
      </div>
    </article>
  );
}
