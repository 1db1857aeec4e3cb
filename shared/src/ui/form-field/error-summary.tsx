import { useEffect, useId, useRef } from 'react';
import styles from './form-field.module.css';

export interface ErrorSummaryProps {
  /** Field id → message; each becomes a link that moves the focus to its field. */
  errors: Record<string, string | undefined>;
  /** Messages that belong to no field. */
  messages?: string[];
  title?: string;
}

/**
 * The GOV.UK error summary: shown above the form when a submission fails, it takes the focus so that a screen reader
 * announces it, and each message links to its field (a plain `#id` link, which works without JavaScript too).
 */
export function ErrorSummary({ errors, messages = [], title = 'Hay un problema' }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const key = JSON.stringify([entries, messages]);
  const empty = entries.length === 0 && messages.length === 0;

  useEffect(() => {
    if (!empty) ref.current?.focus();
  }, [key, empty]);

  if (empty) return null;
  return (
    // `autoFocus`: a page the server sends with errors (a form posted without JavaScript) gets the focus here too, as
    // GOV.UK's summary does after a submission; it is never on a page before the visitor sent something
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the focus a submission's answer moves here, with or without a script
    <div ref={ref} className={styles.summary} role="alert" tabIndex={-1} aria-labelledby={titleId} autoFocus>
      <h2 id={titleId} className={styles.summaryTitle}>
        {title}
      </h2>
      <ul>
        {entries.map(([id, message]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => {
                // the hash would change the page's URL (and the router's); focusing the field is what a person needs
                event.preventDefault();
                document.getElementById(id)?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
