import { z } from 'zod';

// Building blocks of the form schemas: every rule carries its Spanish message, and the first failing rule of a field
// stops the others (`abort`), so a person reads one instruction per field, not three.

/** C0 control characters other than tab and line breaks, DEL, and lone UTF-16 surrogates: PostgreSQL rejects NUL and mail headers must not carry line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const lineBreaks = /[\t\n\r]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const invalidCharactersMessage = 'Contiene caracteres no permitidos';

/** No control characters (tab and line breaks only when `multiline`) and no lone surrogates. */
export function isPlainText(value: string, multiline = false): boolean {
  return !controlChars.test(value) && !loneSurrogate.test(value) && (multiline || !lineBreaks.test(value));
}
export const maxMessage = (max: number) => `Máximo ${max} caracteres`;

export interface TextFieldOptions {
  /** Message when the field is missing or blank. */
  required: string;
  max: number;
  /** Allows line breaks and tabs (a message body); single-line fields reject them. */
  multiline?: boolean;
  /** Trims surrounding spaces (not for passwords). Default true. */
  trim?: boolean;
}

/** A required string: trimmed, not blank, at most `max` characters, without control characters. */
export function textField({ required, max, multiline = false, trim = true }: TextFieldOptions) {
  const base = z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Debe ser texto') });
  return (trim ? base.trim() : base)
    .min(1, { error: required, abort: true })
    .max(max, { error: maxMessage(max), abort: true })
    .refine((value) => isPlainText(value, multiline), {
      error: invalidCharactersMessage,
      abort: true,
    });
}

export const emailMessages = {
  required: 'El correo es obligatorio',
  invalid: 'Correo electrónico inválido',
} as const;

/** A required email address, at most 255 characters (SPEC §5). */
export function emailField() {
  return textField({ required: emailMessages.required, max: 255 }).pipe(z.email({ error: emailMessages.invalid }));
}

/** Counts what a person sees as characters (code points), not UTF-16 units: an emoji is one character. */
const length = (value: string) => [...value].length;

export const passwordMessages = {
  required: 'La contraseña es obligatoria',
  min: 'La contraseña debe tener al menos 8 caracteres',
  max: 'La contraseña debe tener como máximo 64 caracteres',
  confirmationRequired: 'Confirma tu contraseña',
  mismatch: 'Las contraseñas no coinciden',
  /** Checked by the API only (the estimator's dictionaries stay on the server). */
  weak: 'Esa contraseña es muy fácil de adivinar. Usa una frase de varias palabras que no sea conocida.',
} as const;

/** A new password: 8 to 64 characters and no composition rules (NIST SP 800-63B). Never trimmed. */
export function newPasswordField() {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? passwordMessages.required : 'Debe ser texto') })
    .min(1, { error: passwordMessages.required, abort: true })
    .refine((value) => length(value) >= 8, { error: passwordMessages.min, abort: true })
    .refine((value) => length(value) <= 64, { error: passwordMessages.max, abort: true })
    .refine((value) => isPlainText(value), { error: invalidCharactersMessage, abort: true });
}

/** `password_confirmation` must be present and equal to `password`; the error goes on the confirmation field. */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>>(schema: T) {
  return schema.refine((data) => data.password === data.password_confirmation, {
    error: passwordMessages.mismatch,
    path: ['password_confirmation'],
    when: (payload) => typeof (payload.value as { password_confirmation?: unknown })?.password_confirmation === 'string',
  });
}
