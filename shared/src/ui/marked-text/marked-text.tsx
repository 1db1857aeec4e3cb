import { Fragment } from 'react';
import styles from './marked-text.module.css';

/**
 * Text whose matched words are highlighted (the search's results, decision 042): even items as written, odd items in
 * `<mark>`. Every part is rendered as text, so nothing in it can become markup.
 *
 * @example
 * <MarkedText text={['Red de Guardianes del ', 'Acuífero']} />
 */
export function MarkedText({ text }: { text: readonly string[] }) {
  return text.map((part, index) =>
    index % 2 === 1 ? (
      <mark key={index} className={styles.mark}>
        {part}
      </mark>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
