import type { StorySummary } from '@gota/shared/contracts';
import { StoryCard } from './story-card';
import styles from './story-grid.module.css';

/** Newest first by fechaData (ISO dates sort as text); equal dates keep their order. */
export function sortNewestFirst<T extends { fechaData: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.fechaData < b.fechaData ? 1 : a.fechaData > b.fechaData ? -1 : 0));
}

/**
 * The article grid of the stories list. Its columns are CSS (story-grid.module.css: 1 under 600 px, 2 under 960, 3 under
 * 1920, 4 from there on, product §2), so the server's HTML is already laid out at every width. The grid fills row by row,
 * which deals the stories round-robin: story i, newest first, lands in column i % columns.
 */
export function StoryGrid({ stories, headingLevel = 2 }: { stories: StorySummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className={styles.grid}>
      {sortNewestFirst(stories).map((story, i) => (
        <li key={story.slug} className={styles.item}>
          {/* the newest is near the top of the page at every width: its images are not lazy */}
          <StoryCard story={story} headingLevel={headingLevel} eager={i === 0} />
        </li>
      ))}
    </ul>
  );
}
