import { useState, type KeyboardEvent } from 'react';
import { storyLimits } from '@gota/shared/contracts';
import { describedBy, FieldFrame, VisuallyHidden } from '@gota/shared/ui';
import { normalizeTag } from './story-text';
import styles from './editor.module.css';

interface TagChipsProps {
  id: string;
  tags: string[];
  onTagsChange: (tags: string[]) => void;
  error?: string | undefined;
  onBlur?: () => void;
}

/**
 * The story's tags as chips (issue #41 item 3): typing and Enter or a comma adds one, in capitals; Backspace in the
 * empty box removes the last, each chip's × removes it. What changed is said politely to screen readers.
 */
export function TagChips({ id, tags, onTagsChange, error, onBlur }: TagChipsProps) {
  const [draft, setDraft] = useState('');
  const [said, setSaid] = useState('');
  const full = tags.length >= storyLimits.tags;

  function add(text: string) {
    const tag = normalizeTag(text);
    setDraft('');
    if (!tag) return;
    if (tags.includes(tag)) return setSaid(`${tag} ya está en las etiquetas.`);
    if (full) return setSaid(`Como máximo ${storyLimits.tags} etiquetas.`);
    onTagsChange([...tags, tag]);
    setSaid(`Etiqueta ${tag} añadida.`);
  }

  function remove(tag: string) {
    onTagsChange(tags.filter((item) => item !== tag));
    setSaid(`Etiqueta ${tag} quitada.`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      remove(tags[tags.length - 1]!);
    }
  }

  const hint = `Escribe una y pulsa Intro o coma; van en mayúsculas. Retroceso en el cuadro vacío quita la última. Hasta ${storyLimits.tags}.`;
  return (
    <FieldFrame id={id} label="Etiquetas" hint={hint} error={error}>
      <div className={styles.chips} data-invalid={Boolean(error)}>
        <ul className={styles.chipList} aria-label="Etiquetas de la historia">
          {tags.map((tag) => (
            <li key={tag} className={styles.chip}>
              <span>{tag}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Quitar la etiqueta ${tag}`}
                onClick={() => remove(tag)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          className={styles.chipInput}
          value={draft}
          // a comma typed or pasted in the middle of the text adds what is before it
          onChange={(event) => {
            const parts = event.target.value.split(',');
            if (parts.length > 1) {
              parts.slice(0, -1).forEach((part) => add(part));
              setDraft(parts.at(-1) ?? '');
            } else setDraft(event.target.value.toLocaleUpperCase('es-MX'));
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) add(draft);
            onBlur?.();
          }}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          maxLength={storyLimits.tag}
          autoComplete="off"
        />
      </div>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
    </FieldFrame>
  );
}
