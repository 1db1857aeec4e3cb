import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useEarlyCheck } from './early-input';
import styles from './form-field.module.css';
import { buttonClass } from '../button/button';
import type { LabelledControlProps } from './text-field';

export interface CheckboxFieldProps {
  id: string;
  /** What a browser sends the box as when it posts the form without JavaScript: `name=on` when ticked, nothing else. */
  name?: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function CheckboxField({ id, name, label, checked, onCheckedChange }: CheckboxFieldProps) {
  const control = useEarlyCheck(checked, onCheckedChange);
  return (
    <div className={styles.check}>
      <input
        ref={control}
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** In flight: disabled, aria-busy and a spinner; the text stays so its name does not change. */
  busy?: boolean;
  /**
   * Locked but still focusable and clickable (aria-disabled), so a click can explain why nothing happens (the company
   * form's cooldown, product §4).
   */
  locked?: boolean;
  children: ReactNode;
}

export function SubmitButton({ busy = false, locked = false, children, className, ...rest }: SubmitButtonProps) {
  return (
    <button
      {...rest}
      type="submit"
      className={buttonClass({ variant: 'filled', shape: 'pill' }, className ? `${styles.submit} ${className}` : styles.submit)}
      disabled={busy}
      aria-busy={busy}
      aria-disabled={locked || undefined}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

export type HoneypotFieldProps = Pick<LabelledControlProps, 'id' | 'value' | 'onValueChange'> & {
  /** The field name the API checks (`honeypotField` of @gota/shared/contracts). */
  name: string;
};

/** The bot trap: off-screen, out of the tab order and hidden from assistive technology; people never fill it. */
export function HoneypotField({ name, id, value, onValueChange }: HoneypotFieldProps) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>No llenes este campo</label>
      <input
        id={id}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  );
}
