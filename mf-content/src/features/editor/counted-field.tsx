import { TextAreaField, TextField, VisuallyHidden } from '@gota/shared/ui';
import styles from './editor.module.css';

interface CountedFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  limit: number;
  hint?: string;
  error?: string | undefined;
  multiline?: boolean;
  onBlur?: () => void;
}

/** «37 de 180 caracteres», and past the limit «…: sobran 3». */
export function characterCount(length: number, limit: number): string {
  const left = limit - length;
  const base = `${length.toLocaleString('es-MX')} de ${limit.toLocaleString('es-MX')} caracteres`;
  return left < 0 ? `${base}: sobran ${(-left).toLocaleString('es-MX')}` : base;
}

/**
 * A text field with a counter of its characters against the limit the server enforces (`storyLimits`). Typing past the
 * limit is allowed (a pasted text can be trimmed by hand), the counter and the schema's message say so.
 */
export function CountedField({
  id,
  label,
  value,
  onValueChange,
  limit,
  hint,
  error,
  multiline = false,
  onBlur,
}: CountedFieldProps) {
  const length = [...value].length;
  const common = { id, label, value, onValueChange, hint, error, onBlur };
  // the count is read near the limit only: a live region that spoke at every key would drown the typing
  return (
    <div className={styles.counted}>
      {multiline ? <TextAreaField {...common} rows={3} /> : <TextField {...common} />}
      <p className={styles.count} data-over={length > limit}>
        {characterCount(length, limit)}
      </p>
      <VisuallyHidden aria-live="polite">{limit - length <= 20 ? characterCount(length, limit) : ''}</VisuallyHidden>
    </div>
  );
}
