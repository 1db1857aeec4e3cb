import type { MouseEvent } from 'react';
import styles from './skip-link.module.css';

/** The id of the page's `<main>` (LayoutChrome), where the skip link leads. */
export const contentId = 'contenido';

/** Moves the focus to the content without touching the URL: a `#contenido` hash would be a navigation for the router. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(contentId);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

/**
 * The first stop of the Tab key, shown only while it has the focus: it takes a keyboard user past the top bar to the
 * page. It is the first thing in the top bar's `<header>` (the banner landmark), not before it: content outside every
 * landmark is missed by those who move by landmarks (IBM Equal Access `aria_content_in_landmark`, issue #35).
 */
export function SkipLink() {
  return (
    <a href={`#${contentId}`} className={styles.skipLink} onClick={skipToContent}>
      Saltar al contenido
    </a>
  );
}
