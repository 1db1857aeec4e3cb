import { createElement, type ReactNode } from 'react';

export interface SectionProps {
  /** The heading's id, which names the section (`aria-labelledby`): stable, so links can point at it (`#miembros`). */
  id: string;
  /** The heading's words. */
  title: ReactNode;
  /** `h2` by default; a page whose title is inside a section says `1`. */
  headingLevel?: 1 | 2 | 3;
  className?: string | undefined;
  titleClassName?: string | undefined;
  children?: ReactNode;
}

/**
 * A region of a page named by its own heading: `<section aria-labelledby>` and the heading that labels it, written
 * once. Screen readers list it among the page's landmarks under that name.
 *
 * @example
 * <Section id="miembros" title="Miembros" className={styles.section} titleClassName={styles.sectionTitle}>…</Section>
 */
export function Section({ id, title, headingLevel = 2, className, titleClassName, children }: SectionProps) {
  return (
    <section className={className} aria-labelledby={id}>
      {createElement(`h${headingLevel}`, { id, className: titleClassName }, title)}
      {children}
    </section>
  );
}
