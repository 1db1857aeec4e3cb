import { useState, type InputHTMLAttributes } from 'react';
import { FieldFrame, describedBy } from './text-field';
import { useEarlyInput } from './early-input';
import styles from './form-field.module.css';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: string;
  /** Adds the show/hide button (product §2: registration and reset). */
  toggle?: boolean;
}

/** A password input, optionally with a button that shows what was typed. */
export function PasswordField({ id, label, hint, error, value, onValueChange, toggle = false, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const control = useEarlyInput<HTMLInputElement>(value, onValueChange);
  const input = (
    <input
      {...rest}
      ref={control}
      id={id}
      type={visible ? 'text' : 'password'}
      className={styles.control}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      // a shown password must not be offered to spell checkers or autocorrect
      spellCheck={false}
      autoCapitalize="none"
    />
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {toggle ? (
        <div className={styles.withToggle}>
          {input}
          <button
            type="button"
            className={styles.toggle}
            // only a script can show what was typed: without one the button is not offered
            data-needs-js=""
            aria-pressed={visible}
            aria-controls={id}
            aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}
