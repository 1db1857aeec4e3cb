import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useEarlyInput } from './early-input';
import styles from './form-field.module.css';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';

/** `aria-describedby` of a control: its hint, then its message (GOV.UK order). */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label, hint and message around a control; the message is an instruction, prefixed for screen readers. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={styles.group} data-invalid={Boolean(error)}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          <VisuallyHidden>Error: </VisuallyHidden>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** What every labelled control carries: its id, the form field's look, its value and its error wiring. */
function controlProps<Control extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  id: string,
  value: string,
  onValueChange: (value: string) => void,
  hint: ReactNode,
  error: string | undefined,
) {
  return {
    id,
    className: styles.control,
    value,
    onChange: (event: ChangeEvent<Control>) => onValueChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  };
}

/** What a labelled control takes besides its element's own attributes: the text field, the text area, the select. */
export interface LabelledControlProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
}

/** The props of a labelled control rendered as the element whose attributes are `Attributes`. */
type ControlProps<Attributes> = LabelledControlProps & Omit<Attributes, keyof LabelledControlProps | 'onChange'>;

export type TextFieldProps = ControlProps<InputHTMLAttributes<HTMLInputElement>> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input. */
export function TextField({ id, label, hint, error, value, onValueChange, type = 'text', ref, ...rest }: TextFieldProps) {
  const control = useEarlyInput(value, onValueChange, ref);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input {...rest} ref={control} type={type} {...controlProps<HTMLInputElement>(id, value, onValueChange, hint, error)} />
    </FieldFrame>
  );
}

export type TextAreaFieldProps = ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/** A labelled multi-line input. */
export function TextAreaField({ id, label, hint, error, value, onValueChange, ...rest }: TextAreaFieldProps) {
  const control = useEarlyInput<HTMLTextAreaElement>(value, onValueChange);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...rest} ref={control} {...controlProps<HTMLTextAreaElement>(id, value, onValueChange, hint, error)} />
    </FieldFrame>
  );
}

export type SelectFieldProps = ControlProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  /** Value → the words shown for it, in order. */
  options: Readonly<Record<string, string>>;
  /** The words of an empty first choice ('Todos'), when the field may be left without one. */
  emptyOption?: string;
};

/** A labelled choice among a few values. */
export function SelectField({ id, label, hint, error, value, onValueChange, options, emptyOption, ...rest }: SelectFieldProps) {
  const control = useEarlyInput<HTMLSelectElement>(value, onValueChange);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select {...rest} ref={control} {...controlProps<HTMLSelectElement>(id, value, onValueChange, hint, error)}>
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {Object.entries(options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
