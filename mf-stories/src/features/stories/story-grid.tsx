import type { StorySummary } from '@gota/shared/contracts';
import { useWindowWidth } from '../carousel/use-window-width';
import { StoryCard } from './story-card';
import styles from './story-grid.module.css';

/** Grid columns by window width (SPEC §2): 1 under 600 px, 2 under 960, 3 under 1920, 4 from there on. */
export function gridColumns(width: number): number {
  if (width < 600) return 1;
  if (width < 960) return 2;
  if (width < 1920) return 3;
  return 4;
}

/** Newest first by fechaData (ISO dates sort as text); equal dates keep their order. */
export function sortNewestFirst<T extends { fechaData: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.fechaData < b.fechaData ? 1 : a.fechaData > b.fechaData ? -1 : 0));
}

/** Deals items round-robin: item i goes to column i % columns, so every column starts with one of the newest. */
export function dealRoundRobin<T>(items: readonly T[], columns: number): T[][] {
  const count = Math.max(1, Math.floor(columns));
  const dealt: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, i) => dealt[i % count]!.push(item));
  return dealt;
}

/** The article grid of the stories list: independent columns (cards of different heights pack without gaps). */
export function StoryGrid({ stories, headingLevel = 2 }: { stories: StorySummary[]; headingLevel?: 2 | 3 }) {
  const columns = gridColumns(useWindowWidth());
  const dealt = dealRoundRobin(sortNewestFirst(stories), columns);
  return (
    <div className={styles.grid} data-columns={columns}>
      {dealt.map((column, c) => (
        <ul key={c} className={styles.column}>
          {column.map((story, row) => (
            <li key={story.slug}>
              {/* the first row is near the top of the page: those images are not lazy */}
              <StoryCard story={story} headingLevel={headingLevel} eager={row === 0} />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}
