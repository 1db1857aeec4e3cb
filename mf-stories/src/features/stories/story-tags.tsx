import styles from './story-tags.module.css';

/** A story's tags, as a list named 'Etiquetas' (a card and the story page show them alike). */
export function StoryTags({ tags, className }: { tags: readonly string[]; className?: string | undefined }) {
  return (
    <ul className={className ? `${styles.tags} ${className}` : styles.tags} aria-label="Etiquetas">
      {tags.map((tag) => (
        <li key={tag} className={styles.tag}>
          {tag}
        </li>
      ))}
    </ul>
  );
}
